import type { Database, Db } from '../../db/database.js'
import { jsonArrayItem } from '../../db/fragments.js'
import type { MailsTable } from '../../db/tables/mail.js'
import { wordsFor } from '../../shared/i18n/words.js'
import {
  parseTemplate,
  renderParagraphs,
  renderText,
  singleLine,
  type TemplateValues,
} from '../../shared/mail/templates.js'
import { invitationHtml } from './mail-html.js'
import type { MailBody } from './outbox.js'
import { type LinkSettings, personalLink, unsubscribeLink } from './recipients.js'

// Invitation and reminder mails are queued without a body (10,000 of them stay small) and composed
// here when the worker sends one, from its invitation and recipient as they are then: a text part, a
// simple HTML part, the unsubscribe link in both, and the List-Unsubscribe headers of RFC 2369 and
// RFC 8058 (one-click). The subject was rendered when queued (mails.subject).

/** Why an invitation's mail is no longer composed, or undefined when it is. */
function notComposed(
  row: { invitation: string; status: string },
  kind: MailsTable['kind'],
): string | undefined {
  if (row.invitation === 'cancelled') return 'the invitation was cancelled'
  if (row.status === 'unsubscribed') return 'the address has unsubscribed'
  if (kind === 'reminder' && row.status === 'completed') return 'the recipient has completed the form'
  return undefined
}

async function loadRecipient(db: Db, recipientId: string) {
  return db
    .selectFrom('invitation_recipients as r')
    .innerJoin('invitations as i', 'i.id', 'r.invitation_id')
    .innerJoin('forms as f', 'f.id', 'r.form_id')
    .innerJoin('workspaces as w', 'w.id', 'i.workspace_id')
    .select([
      'r.name',
      'r.data_json',
      'r.token',
      'r.status',
      'i.message',
      'i.status as invitation',
      'f.title',
      'w.name as workspace',
      // The form's source language (the first of its languages), for the mail's own words.
      jsonArrayItem(db, 'f.definition', 'languages', 0, 'language'),
    ])
    .where('r.id', '=', recipientId)
    .executeTakeFirst()
}

/**
 * The body of an invitation's or a reminder's mail (`body_json` null); undefined when it can no
 * longer be composed: its recipient or invitation is gone, the invitation was cancelled, the address
 * unsubscribed, or (a reminder) the recipient completed meanwhile.
 */
export async function composeInvitationMail(
  db: Db,
  mail: Pick<MailsTable, 'kind' | 'recipient_id' | 'subject'>,
  config: LinkSettings,
): Promise<MailBody | undefined> {
  if (mail.recipient_id === null || (mail.kind !== 'invitation' && mail.kind !== 'reminder')) return undefined
  const row = await loadRecipient(db, mail.recipient_id)
  if (!row || notComposed(row, mail.kind) !== undefined) return undefined
  const values: TemplateValues = {
    name: row.name,
    link: personalLink(config, row.token),
    formTitle: row.title,
    data: JSON.parse(row.data_json) as Record<string, string>,
  }
  const { parts } = parseTemplate(row.message)
  const unsubscribeUrl = unsubscribeLink(config, row.token)
  const words = wordsFor(row.language ?? 'en')
  const workspace = singleLine(row.workspace)
  const text =
    `${renderText(parts, values).trimEnd()}\n\n-- \n` +
    `${words.t('mail.footer', { workspace })}\n` +
    `${words.t('mail.unsubscribe', { workspace })}: ${unsubscribeUrl}\n`
  const html = invitationHtml({
    words,
    subject: mail.subject,
    paragraphs: renderParagraphs(parts, values),
    workspace: row.workspace,
    unsubscribeUrl,
  })
  return {
    text,
    html,
    headers: {
      'List-Unsubscribe': `<${unsubscribeUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  }
}

/** composeInvitationMail as the worker takes a composer: over the database, with this config's links. */
export function invitationComposer(config: LinkSettings) {
  return (database: Database, mail: MailsTable): Promise<MailBody | undefined> =>
    composeInvitationMail(database.db, mail, config)
}
