import type { Clock } from '../../clock.js'
import { type Config, publicBaseUrl } from '../../config.js'
import type { Database, Transaction } from '../../db/database.js'
import { insertChunks } from '../../db/insert-limits.js'
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

/**
 * Composes a mail queued without a body (an invitation's or a reminder's, `body_json` null) when it
 * is sent or shown. Undefined: it can no longer be composed (its recipient is gone, say); a mail
 * being sent then fails with that reason.
 */
export type MailComposer = (database: Database, mail: MailsTable) => Promise<MailBody | undefined>

/** The body a mail was queued with, if any (invalid stored JSON reads as none). */
export function storedBody(mail: Pick<MailsTable, 'body_json'>): MailBody | undefined {
  if (mail.body_json === null) return undefined
  try {
    const body = JSON.parse(mail.body_json) as MailBody
    return typeof body.text === 'string' && typeof body.html === 'string' ? body : undefined
  } catch {
    return undefined
  }
}

/**
 * Why mails may not be sent with these settings, in one line; undefined when they may. With SMTP
 * configured but CANVASS_PUBLIC_URL unset, every link in a mail would point at the address Canvass
 * listens on (http://127.0.0.1:3000), which no recipient can open: such mails are refused (the
 * worker fails them with this reason, invitations are refused with a 409) and `serve` warns.
 */
export function mailLinkProblem(
  config: Pick<Config, 'smtpUrl' | 'publicUrl' | 'host' | 'port'>,
): string | undefined {
  if (config.smtpUrl === undefined || config.publicUrl !== undefined) return undefined
  return (
    `CANVASS_PUBLIC_URL is not set: links in mails would point at ${publicBaseUrl(config)}, which ` +
    'recipients cannot open; set CANVASS_PUBLIC_URL to the address people reach Canvass at to send mail'
  )
}

// Longest subject stored (characters): a page of the outbox stays a bounded size.
const SUBJECT_CHARACTERS = 500

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

/** What says where this server is reached (publicBaseUrl): links in mails and to files. */
export type ServerAddress = Pick<Config, 'publicUrl' | 'host' | 'port'>

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
      subject: oneLine(mail.subject).slice(0, SUBJECT_CHARACTERS),
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
  // Bounded statements, however many mails and however large their bodies.
  for (const chunk of insertChunks(rows, (row) => row.body_json?.length ?? 0)) {
    await trx.insertInto('mails').values(chunk).execute()
  }
  if (!held) signal.announceAfterCommit(trx, 'mails')
  return rows.map((row) => row.id)
}
