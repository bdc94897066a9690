import { bounded, MailDocument, renderMail } from '../mail/notify/parts.js'
import type { MailBody } from '../mail/outbox.js'

// The mail inviting someone to the team (docs/api.md#team-members-invitations-and-tokens): who
// invites, with which role, the link and how long it works. The inviter's name is the team's
// words, never markup: Preact escapes it in the HTML part.

export interface TeamInvitationMail {
  inviter: string
  workspace: string
  role: string
  link: string
  days: number
}

export function teamInvitationMail(invitation: TeamInvitationMail): { subject: string; body: MailBody } {
  const inviter = bounded(invitation.inviter, 100)
  const workspace = bounded(invitation.workspace, 100)
  const subject = `${inviter} invites you to the team ${workspace} on Canvass`
  const what = `${inviter} invites you to join the team ${workspace} on Canvass as ${invitation.role}.`
  const how = 'Open this link to choose your name and password:'
  const lasts = `It works once, for ${invitation.days} days. Anyone with it can join in your place: keep it to yourself.`
  const why = 'If you did not expect this invitation, ignore this mail: nothing happens without the link.'
  const text = [what, '', how, '', invitation.link, '', lasts, '', why, ''].join('\n')
  const html = renderMail(
    <MailDocument title={subject}>
      <p dir="auto">{what}</p>
      <p>{how}</p>
      <p style="overflow-wrap: anywhere">
        <a href={invitation.link}>{invitation.link}</a>
      </p>
      <p>{lasts}</p>
      <p style="color: #555">{why}</p>
    </MailDocument>,
  )
  return { subject, body: { text, html } }
}
