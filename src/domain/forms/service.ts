import type { Readable } from 'node:stream'
import type { Database } from '../../db/database.js'
import type { ProductMetrics } from '../../product-metrics.js'
import type { DeliverySignal } from '../webhooks/signal.js'
import type { Submission } from './answers.js'
import type { FormInput } from './definition.js'
import { type ExportFormat, exportStream } from './export.js'
import { createForm, deleteForm, findForm, listForms, replaceForm } from './forms.js'
import { deleteResponses, listResponseItems, type ResponseFilter, submitResponse } from './responses.js'

// The forms and responses capabilities as the HTTP layer and the CLI use them: closed over the
// database, so callers never choose between a connection and a transaction. `undefined` (or
// `false`) answers "no such form in this workspace"; rule violations throw DomainErrors.

export type Paging = { offset: number; limit: number }

export function formsService(database: Database) {
  const { db } = database
  return {
    create: (workspaceId: string, input: FormInput) => createForm(db, workspaceId, input),
    find: (workspaceId: string, formId: string) => findForm(db, workspaceId, formId),
    list: (workspaceId: string, page: Paging) => listForms(db, workspaceId, page),
    replace: (workspaceId: string, formId: string, input: FormInput) =>
      replaceForm(database, workspaceId, formId, input),
    delete: (workspaceId: string, formId: string) => deleteForm(database, workspaceId, formId),
  }
}

export function responsesService(database: Database, signal: DeliverySignal, metrics: ProductMetrics) {
  const { db } = database
  return {
    async submit(workspaceId: string, formId: string, submission: Submission) {
      const stored = await submitResponse(database, signal, workspaceId, formId, submission)
      if (stored) metrics.responsesStored.inc()
      return stored
    },
    /** A page of listed items as JSON texts, one more than the page size when another follows. */
    page: (
      workspaceId: string,
      formId: string,
      page: { page: number; page_size: number },
      filter: ResponseFilter,
    ) => listResponseItems(db, workspaceId, formId, page, filter),
    delete: (workspaceId: string, formId: string, ids: string[]) =>
      deleteResponses(database, workspaceId, formId, ids),
    /** Every matching response as a byte stream; undefined when the form is not in the workspace. */
    async export(
      workspaceId: string,
      formId: string,
      filter: ResponseFilter,
      format: ExportFormat,
    ): Promise<Readable | undefined> {
      const form = await findForm(db, workspaceId, formId)
      return form && exportStream(db, formId, form, filter, format)
    },
  }
}

export type FormsService = ReturnType<typeof formsService>
export type ResponsesService = ReturnType<typeof responsesService>
