import type { Readable } from 'node:stream'
import type { Database } from '../../db/database.js'
import { IdPool } from '../../ids.js'
import type { DeliverySignal } from '../webhooks/signal.js'
import type { Submission } from './answers.js'
import type { FormInput } from './definition.js'
import { type ExportFormat, exportStream } from './export.js'
import { createForm, deleteForm, findForm, listForms, replaceForm } from './forms.js'
import { PublicFormReader } from './public.js'
import {
  type DefinitionMemo,
  deleteResponses,
  listResponseItems,
  type ResponseFilter,
  submitResponse,
} from './responses.js'

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

export function responsesService(database: Database, signal: DeliverySignal) {
  const { db } = database
  const definitions: DefinitionMemo = new Map()
  const ids = new IdPool()
  return {
    submit: (workspaceId: string, formId: string, submission: Submission) =>
      submitResponse(database, signal, workspaceId, formId, submission, { definitions, ids }),
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

/**
 * Forms as respondents reach them (no token): found by id alone, answered only while they accept
 * public answers. The reader keeps parsed definitions per form version, one per context.
 */
export function publicFormsService(database: Database, signal: DeliverySignal) {
  const reader = new PublicFormReader(database.db)
  const definitions: DefinitionMemo = new Map()
  const ids = new IdPool()
  return {
    find: (formId: string) => reader.find(formId),
    /** Checked again under the form's lock: a form that closed meanwhile throws NotAcceptingError. */
    submit: (workspaceId: string, formId: string, submission: Submission) =>
      submitResponse(database, signal, workspaceId, formId, submission, { public: true, definitions, ids }),
  }
}

export type FormsService = ReturnType<typeof formsService>
export type PublicFormsService = ReturnType<typeof publicFormsService>
export type ResponsesService = ReturnType<typeof responsesService>
