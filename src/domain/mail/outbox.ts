import type { Clock } from '../../clock.js'
import type { Config } from '../../config.js'
import type { Transaction } from '../../db/database.js'
import type { MailKind, MailsTable } from '../../db/tables/mail.js'
import type { IdPool } from '../../ids.js'
import { newId } from '../../ids.js'
import type { DeliverySignal } from '../webhooks/signal.js'

// The mail outbox (docs/api.md#mail): a mail is written in the transaction that causes it and sent
// by the delivery worker, as webhook deliveries are. Without CANVASS_SMTP_URL every mail is kept
// as `held`: composed and readable, never sent.

/** A mail composed when queued. */
export interface MailBody {
  text: string
  html: string
  /** Extra headers (List-Unsubscribe, ...); never from user input unchecked. */
  headers?: Record<string, string>
}

export interface NewMail {
  workspaceId: string
  kind: MailKind
  /** One bare address. */
  to: string
  subject: string
  formId?: string
  invitationId?: string
  recipientId?: string
  /** Composed now; left out for an invitation's mails, composed when sent. */
  body?: MailBody
  /** Not before (microseconds); default now. */
  sendAt?: number
}

/** What the outbox needs of the config. */
export type MailSettings = Pick<Config, 'smtpUrl' | 'mailFrom'>

/** The domain of the From address: the right side of every Message-ID Canvass makes. */
export function messageIdDomain(mailFrom: string): string {
  const at = mailFrom.lastIndexOf('@')
  return at < 0 ? 'localhost' : mailFrom.slice(at + 1).replace(/>$/, '') || 'localhost'
}

/** Subjects and addresses go into headers: no line breaks, ever (header injection). */
export function oneLine(text: string): string {
  return text.replace(/[\r\n\u2028\u2029]+/g, ' ')
}

/**
 * Queues mails in `trx`: `held` without SMTP, else `queued` and due at `sendAt`. The worker of
 * this process is woken once the transaction commits. Returns the mails' ids, in order.
 */
export async function queueMails(
  trx: Transaction,
  clock: Clock,
  signal: DeliverySignal,
  settings: MailSettings,
  mails: readonly NewMail[],
  ids?: IdPool,
): Promise<string[]> {
  if (mails.length === 0) return []
  const now = clock.nowMicros()
  const held = settings.smtpUrl === undefined
  const domain = messageIdDomain(settings.mailFrom)
  const rows: MailsTable[] = mails.map((mail) => {
    const id = ids ? ids.next('ml') : newId('ml')
    return {
      id,
      workspace_id: mail.workspaceId,
      form_id: mail.formId ?? null,
      invitation_id: mail.invitationId ?? null,
      recipient_id: mail.recipientId ?? null,
      kind: mail.kind,
      to_address: oneLine(mail.to),
      subject: oneLine(mail.subject),
      body_json: mail.body ? JSON.stringify(mail.body) : null,
      message_id: `<${id}@${domain}>`,
      status: held ? 'held' : 'queued',
      attempts: 0,
      last_error: null,
      next_attempt_at: held ? null : (mail.sendAt ?? now),
      lease_expires_at: null,
      created_at: now,
      sent_at: null,
    }
  })
  // Bounded statements: 17 columns a row.
  for (let start = 0; start < rows.length; start += 500) {
    await trx
      .insertInto('mails')
      .values(rows.slice(start, start + 500))
      .execute()
  }
  if (!held) signal.announceAfterCommit(trx)
  return rows.map((row) => row.id)
}
