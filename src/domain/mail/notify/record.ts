import { sql } from 'kysely'
import type { Clock } from '../../../clock.js'
import type { Transaction } from '../../../db/database.js'
import type { IdPool } from '../../../ids.js'
import type { ResponseItem } from '../../../shared/forms/answers.js'
import type { FormSettings } from '../../../shared/forms/settings.js'
import type { DeliverySignal } from '../../webhooks/signal.js'
import { type MailSettings, type NewMail, queueMails } from '../outbox.js'
import { confirmationAddress, confirmationMail } from './confirmation.js'

// The mail new responses cause (docs/api.md#notifications-and-confirmations), written in the
// transaction that stores them: the form's digest for the team (sent at most once a minute by
// sendDueDigests) and the respondents' confirmations. A form that asks for neither costs nothing
// here: storeResponses reads its settings from the definition it has in hand (mailsOnResponse).

/** The settings of a form that make responses send mail. */
export type ResponseMailSettings = Pick<FormSettings, 'notify' | 'confirmation'>

/** Whether a form's stored settings ask for mail on new responses (no query: they are in hand). */
export function mailsOnResponse(settings: Partial<ResponseMailSettings> | undefined): boolean {
  return (settings?.notify ?? null) !== null || (settings?.confirmation ?? null) !== null
}

/** Responses just stored in one transaction, in order. */
export interface StoredForMail {
  workspaceId: string
  formId: string
  settings: Partial<ResponseMailSettings>
  items: readonly ResponseItem[]
  /** submitted_at of the first (microseconds); the others follow it. */
  firstAt: number
}

export async function recordResponseMails(
  trx: Transaction,
  clock: Clock,
  signal: DeliverySignal,
  mail: MailSettings | undefined,
  stored: StoredForMail,
  ids?: IdPool,
): Promise<void> {
  if (stored.items.length === 0) return
  if (stored.settings.notify) await addToDigest(trx, clock, stored)
  if (stored.settings.confirmation) await queueConfirmations(trx, clock, signal, mail, stored, ids)
}

/**
 * Counts the responses in the form's digest: due now, or a minute after the last notification
 * when that is later (the row keeps it, pending 0, once sent). The insert takes the row's lock,
 * so a digest being sent meanwhile (digests.ts) is counted before or after, never half.
 */
async function addToDigest(trx: Transaction, clock: Clock, stored: StoredForMail): Promise<void> {
  const now = clock.nowMicros()
  await sql`insert into mail_digests (form_id, workspace_id, pending, first_at, due_at)
    values (${stored.formId}, ${stored.workspaceId}, ${stored.items.length}, ${stored.firstAt}, ${now})
    on conflict (form_id) do update set
      pending = mail_digests.pending + excluded.pending,
      first_at = case when mail_digests.pending = 0 then excluded.first_at else mail_digests.first_at end,
      due_at = case when mail_digests.pending > 0 or mail_digests.due_at > excluded.due_at
        then mail_digests.due_at else excluded.due_at end`.execute(trx)
}

/** One confirmation per response whose answer to the confirmation's question is an address. */
async function queueConfirmations(
  trx: Transaction,
  clock: Clock,
  signal: DeliverySignal,
  mail: MailSettings | undefined,
  stored: StoredForMail,
  ids?: IdPool,
): Promise<void> {
  const confirmation = stored.settings.confirmation
  if (!confirmation) return
  const addressed = stored.items.flatMap((item) => {
    const to = confirmationAddress(item, confirmation.question)
    return to === undefined ? [] : [{ item, to }]
  })
  if (addressed.length === 0) return
  if (!mail) throw new Error('storing responses of a form that sends confirmations needs the mail settings')
  const form = await trx
    .selectFrom('forms')
    .select('title')
    .where('id', '=', stored.formId)
    .executeTakeFirst()
  const title = form?.title ?? ''
  const mails: NewMail[] = addressed.map(({ item, to }) => ({
    workspaceId: stored.workspaceId,
    formId: stored.formId,
    kind: 'confirmation',
    to,
    ...confirmationMail(confirmation, title, item),
  }))
  await queueMails(trx, clock, signal, mail, mails, ids)
}
