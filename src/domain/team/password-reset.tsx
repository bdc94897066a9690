import type { Clock } from '../../clock.js'
import type { Database } from '../../db/database.js'
import { MailDocument, renderMail } from '../mail/notify/parts.js'
import { type MailBody, type MailSettings, queueMails } from '../mail/outbox.js'
import type { DeliverySignal } from '../webhooks/signal.js'
import { findMemberByEmail } from './accounts.js'
import { createMemberCode } from './one-time-codes.js'

// Password reset by mail (docs/api.md#team-sign-in-and-passwords): a member who asks gets a
// `member` mail through the outbox with a single-use link valid one hour. Whoever asks learns
// nothing of whether the address is a member's: the route answers before this runs.

export const RESET_LIFETIME_MICROS = 3600 * 1_000_000

export function resetMail(link: string): { subject: string; body: MailBody } {
  const subject = 'Reset your Canvass password'
  const lasts = 'The link works once, for one hour. Setting a new password signs you out everywhere.'
  const why = 'Someone asked to reset the password of this address. If that was not you, ignore this mail.'
  const text = [
    'To choose a new password for Canvass, open this link:',
    '',
    link,
    '',
    lasts,
    '',
    why,
    '',
  ].join('\n')
  const html = renderMail(
    <MailDocument title={subject}>
      <p>To choose a new password for Canvass, open this link:</p>
      <p style="overflow-wrap: anywhere">
        <a href={link}>{link}</a>
      </p>
      <p>{lasts}</p>
      <p style="color: #555">{why}</p>
    </MailDocument>,
  )
  return { subject, body: { text, html } }
}

/**
 * Mails a reset link when the address is a member's; returns that member's id and workspace, or
 * undefined for an address no member has (nothing is sent).
 */
export async function requestPasswordReset(
  database: Database,
  clock: Clock,
  signal: DeliverySignal,
  settings: MailSettings & { linkBase: string },
  email: string,
): Promise<{ memberId: string; workspaceId: string } | undefined> {
  const member = await findMemberByEmail(database.db, email)
  if (!member) return undefined
  await database.transaction(async (trx) => {
    const { code } = await createMemberCode(trx, clock, {
      kind: 'reset',
      workspaceId: member.workspace_id,
      email: member.email,
      memberId: member.id,
      lifetimeMicros: RESET_LIFETIME_MICROS,
    })
    const link = `${settings.linkBase}/app/reset?code=${code}`
    const mail = {
      workspaceId: member.workspace_id,
      to: member.email,
      kind: 'member' as const,
      ...resetMail(link),
    }
    await queueMails(trx, clock, signal, settings, [mail])
  })
  return { memberId: member.id, workspaceId: member.workspace_id }
}
