import type { Clock } from '../../clock.js'
import { publicBaseUrl } from '../../config.js'
import type { Database } from '../../db/database.js'
import { IdPool } from '../../ids.js'
import type { ProductMetrics } from '../../product-metrics.js'
import type { Submission } from '../../shared/forms/answers.js'
import type { FormInput } from '../../shared/forms/definition.js'
import { NotAcceptingError } from '../../shared/forms/settings.js'
import { DomainError } from '../errors.js'
import { hasFileQuestion } from '../files/records.js'
import type { FilesService } from '../files/service.js'
import { type Listing, loadedBytes, type MemoryBudget, type Page, plannedObjects } from '../listing.js'
import { queueResumeMail } from '../mail/notify/resume.js'
import type { MailSettings, ServerAddress } from '../mail/outbox.js'
import type { DeliverySignal } from '../webhooks/signal.js'
import { SubmissionBatches } from './batches.js'
import { type ExportFormat, exportLines, exportListing } from './export.js'
import {
  createForm,
  deleteForm,
  type FormListing,
  type FormView,
  findForm,
  loadForms,
  planForms,
  replaceForm,
} from './forms.js'
import { type PublicForm, PublicFormReader } from './public.js'
import { deleteResponses } from './responses/deletion.js'
import { formSizes, listResponses, type ResponseFilter } from './responses/listing.js'
import { definitionMemo } from './responses/store.js'

// The forms and responses capabilities as the HTTP layer and the CLI use them: closed over the
// database, so callers never choose between a connection and a transaction. `undefined` (or
// `false`) answers "no such form in this workspace"; rule violations throw DomainErrors.

/** Told of every change this process makes to a form or its responses (the public reader forgets it). */
export type FormChanged = (formId: string) => void | Promise<void>

/** Told of a deletion's form once it is done: the bytes of the files it took go (files/tidy.ts). */
export type FormRemoved = (formId: string) => Promise<unknown>

export function formsService(
  database: Database,
  clock: Clock,
  changed: FormChanged = () => {},
  removed: FormRemoved = async () => {},
) {
  const { db } = database
  return {
    async create(workspaceId: string, input: FormInput) {
      const form = await createForm(db, clock, workspaceId, input)
      changed(form.id)
      return form
    },
    find: (workspaceId: string, formId: string) => findForm(db, workspaceId, formId),
    /** A page of forms (oldest first by default), planned by size and read in batches within `budget`. */
    async page(
      workspaceId: string,
      page: Page,
      budget: MemoryBudget,
      listing: FormListing = {},
    ): Promise<Listing<FormView>> {
      const plan = await planForms(db, workspaceId, page, listing)
      return plannedObjects(budget, page, plan, (ids) => loadForms(db, workspaceId, ids, listing))
    },
    /** `expected`: the `updated_at` values (microseconds) the caller saw; `stale` when it is none of them. */
    async replace(workspaceId: string, formId: string, input: FormInput, expected?: number[]) {
      const replaced = await replaceForm(database, clock, workspaceId, formId, input, expected)
      if (replaced !== 'stale') changed(formId)
      return replaced
    },
    async delete(workspaceId: string, formId: string) {
      const deleted = await deleteForm(database, workspaceId, formId)
      changed(formId)
      if (deleted) await removed(formId)
      return deleted
    },
  }
}

export function responsesService(
  database: Database,
  clock: Clock,
  signal: DeliverySignal,
  metrics: ProductMetrics,
  mail: MailSettings & ServerAddress,
  changed: FormChanged = () => {},
  files?: Pick<FilesService, 'tidy' | 'exportLinks'>,
) {
  const removed: FormRemoved = files ? files.tidy : async () => {}
  const { db } = database
  const batches = new SubmissionBatches(database, clock, signal, {
    mail,
    files: { base: publicBaseUrl(mail) },
    definitions: definitionMemo(),
    ids: new IdPool(() => clock.now()),
  })
  return {
    /** `bytes`: the size of the request the submission came in (batches are bounded by it). */
    async submit(workspaceId: string, formId: string, submission: Submission, bytes = 0) {
      const stored = await batches.submit(workspaceId, formId, submission, bytes)
      changed(formId)
      if (stored) metrics.responsesStored.inc()
      return stored
    },
    /**
     * A page of the form's listed items (their stored texts), read within `budget`; undefined when
     * the form is not in the workspace (responses/listing.ts).
     */
    page: (workspaceId: string, formId: string, page: Page, filter: ResponseFilter, budget: MemoryBudget) =>
      listResponses(database, budget, workspaceId, formId, page, filter),
    /** What a listed item of `bytes` stored bytes holds in memory once read (src/domain/listing.ts). */
    loadedBytes: (bytes: number) => loadedBytes.text(db, bytes),
    async delete(workspaceId: string, formId: string, ids: string[]) {
      const deleted = await deleteResponses(database, workspaceId, formId, ids)
      changed(formId)
      if (deleted) await removed(formId)
      return deleted
    },
    /**
     * Every matching response, read in batches within `budget`, and how each is written in
     * `format`; undefined when the form is not in the workspace.
     */
    async export(
      workspaceId: string,
      formId: string,
      filter: ResponseFilter,
      format: ExportFormat,
      budget: MemoryBudget,
    ) {
      const form = await findForm(db, workspaceId, formId)
      const sizes = await formSizes(db, workspaceId, formId)
      if (!form || !sizes) return undefined
      return {
        listing: exportListing(db, budget, formId, filter, Number(sizes.max_item_bytes)),
        lines: exportLines(form, format, hasFileQuestion(form) ? files?.exportLinks() : undefined),
      }
    },
  }
}

/**
 * Forms as respondents reach them (no token): found by id alone, answered only while they accept
 * public answers. The reader keeps parsed definitions per form version, one per context.
 */
export function publicFormsService(
  database: Database,
  clock: Clock,
  signal: DeliverySignal,
  metrics: ProductMetrics,
  mail: MailSettings & ServerAddress,
) {
  const reader = new PublicFormReader(database, clock)
  const batches = new SubmissionBatches(database, clock, signal, {
    public: true,
    mail,
    files: { base: publicBaseUrl(mail) },
    definitions: definitionMemo(),
    ids: new IdPool(() => clock.now()),
  })
  const refused = (kind: PublicRefusal) => metrics.publicSubmissionsRefused.inc({ kind })
  return {
    find: (formId: string) => reader.find(formId),
    /** This process changed the form or its responses. */
    forget: (formId: string) => reader.forget(formId),
    /** Checked again under the form's lock: a form that closed meanwhile throws NotAcceptingError. */
    async submit(workspaceId: string, formId: string, submission: Submission) {
      try {
        const stored = await batches.submit(workspaceId, formId, submission)
        reader.forget(formId)
        if (stored) metrics.responsesStored.inc()
        return stored
      } catch (error) {
        if (error instanceof NotAcceptingError) refused(error.reason)
        else if (error instanceof DomainError && error.kind === 'validation_failed') refused('invalid')
        throw error
      }
    },
    /** Counts a submission refused before it reached submit (rate limit, honeypot, closed form). */
    refused,
    /** Mails the resume link of a draft of `found` to the address its respondent typed (checked). */
    mailResumeLink: (found: PublicForm, to: string, link: string, days: number) =>
      queueResumeMail(database, clock, signal, mail, {
        workspaceId: found.workspaceId,
        formId: found.form.id,
        formTitle: found.form.title,
        to,
        link,
        days,
      }),
  }
}

/** Why a public submission was refused, as counted on /metrics. */
export type PublicRefusal = 'not_public' | 'not_open' | 'closed' | 'invalid' | 'rate_limited' | 'honeypot'

export type FormsService = ReturnType<typeof formsService>
export type PublicFormsService = ReturnType<typeof publicFormsService>
export type ResponsesService = ReturnType<typeof responsesService>
