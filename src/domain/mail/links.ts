import type { Clock } from '../../clock.js'
import { publicBaseUrl } from '../../config.js'
import type { Database, Db } from '../../db/database.js'
import type { RecipientStatus } from '../../db/tables/mail.js'
import { IdPool } from '../../ids.js'
import type { ProductMetrics } from '../../product-metrics.js'
import type { Submission } from '../../shared/forms/answers.js'
import type { FormView } from '../forms/forms.js'
import type { PublicForm } from '../forms/public.js'
import { definitionMemo, submitResponse } from '../forms/responses/store.js'
import type { DeliverySignal } from '../webhooks/signal.js'
import type { MailSettings, ServerAddress } from './outbox.js'
import { markRecipientOpened } from './recipients.js'

// Personal links (docs/api.md#personal-links): `/i/{token}` opens the invitation's form for one
// recipient, public or not, and takes one response from it, which completes the recipient.

/** The recipient a personal link names, as the link's pages need it. */
export interface LinkRecipient {
  id: string
  form_id: string
  /** The contact's address, name and data when invited (hidden fields are filled from them). */
  email: string
  name: string
  data_json: string
  status: RecipientStatus
  opened_at: number | null
  /** Once set, the link has been used to answer. */
  completed_at: number | null
}

/** What a token names: its recipient and form, and whether it was used to answer. */
export type LinkLookup = Pick<LinkRecipient, 'id' | 'form_id' | 'completed_at'>

/** What a token is: 16 random bytes, base64url (22 characters). Anything else names no recipient. */
export const LINK_TOKEN = /^[A-Za-z0-9_-]{22}$/

/**
 * What a well-formed token names, used or not; undefined for none. One read of the token's unique
 * index, answering one row of the same columns whatever it finds (an aggregate: nulls for no
 * recipient), so that an unknown and a used link cost the same.
 */
export async function lookUpLink(db: Db, token: string): Promise<LinkLookup | undefined> {
  const row = await db
    .selectFrom('invitation_recipients')
    .select((eb) => [
      eb.fn.max('id').as('id'),
      eb.fn.max('form_id').as('form_id'),
      eb.fn.max('completed_at').as('completed_at'),
    ])
    .where('token', '=', token)
    .executeTakeFirst()
  if (!row?.id || !row.form_id) return undefined
  const completedAt = row.completed_at === null ? null : Number(row.completed_at)
  return { id: row.id, form_id: row.form_id, completed_at: completedAt }
}

/** The recipient of a link found open (lookUpLink), to answer it; undefined once gone. */
export async function findLinkRecipient(db: Db, id: string): Promise<LinkRecipient | undefined> {
  return db
    .selectFrom('invitation_recipients')
    .select(['id', 'form_id', 'email', 'name', 'data_json', 'status', 'opened_at', 'completed_at'])
    .where('id', '=', id)
    .executeTakeFirst()
}

/**
 * The hidden values a link fills from its contact: the form's hidden fields named `email`, `name`
 * or a key of the contact's data. None on an anonymous form.
 */
export function contactHidden(form: FormView, recipient: LinkRecipient): Record<string, string> {
  if (form.settings.anonymous || form.hidden.length === 0) return {}
  const data = JSON.parse(recipient.data_json) as Record<string, unknown>
  const values: Record<string, string> = {}
  for (const name of form.hidden) {
    const value =
      name === 'email'
        ? recipient.email
        : name === 'name'
          ? recipient.name
          : Object.hasOwn(data, name)
            ? data[name]
            : undefined
    if (typeof value === 'string') values[name] = value
  }
  return values
}

export function personalLinksService(
  database: Database,
  clock: Clock,
  signal: DeliverySignal,
  metrics: ProductMetrics,
  mail: MailSettings & ServerAddress,
  changed: (formId: string) => void = () => {},
) {
  const { db } = database
  const options = {
    definitions: definitionMemo(),
    ids: new IdPool(() => clock.now()),
    mail,
    files: { base: publicBaseUrl(mail) },
  }
  return {
    /** What a token (LINK_TOKEN-shaped: the caller checks) names, used or not. */
    lookUp: (token: string) => lookUpLink(db, token),
    /** The recipient of a link looked up, to answer it. */
    recipient: (id: string) => findLinkRecipient(db, id),
    /** The link was opened: the recipient is marked so, the first time. */
    async opened(recipient: LinkRecipient): Promise<void> {
      const marked = ['opened', 'completed', 'unsubscribed'].includes(recipient.status)
      if (recipient.opened_at !== null && marked) return
      await markRecipientOpened(db, clock, recipient.id)
    },
    /**
     * Stores the link's one response and completes its recipient, in one transaction; throws
     * LinkUsedError when the recipient was completed meanwhile, and the refusals of a submission
     * (validation_failed, NotAcceptingError once the form closed).
     */
    async submit(found: PublicForm, recipient: LinkRecipient, submission: Submission) {
      const link = { recipientId: recipient.id }
      const { workspaceId, form } = found
      const stored = await submitResponse(database, clock, signal, workspaceId, form.id, submission, {
        ...options,
        link,
      })
      changed(form.id)
      if (stored) metrics.responsesStored.inc()
      return stored
    },
  }
}

export type PersonalLinksService = ReturnType<typeof personalLinksService>
