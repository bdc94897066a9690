import type { Clock } from '../../../clock.js'
import type { Database } from '../../../db/database.js'
import type { IdPool } from '../../../ids.js'
import type { DeliverySignal } from '../../webhooks/signal.js'
import { type MailBody, type MailSettings, queueMails } from '../outbox.js'
import { bounded, MailDocument, renderMail } from './parts.js'

// A draft's resume link, mailed to the address its respondent typed on the "Continue later" page
// (docs/api.md#hosted-multi-page-forms): the link, how long it works, and nothing of the answers.

export interface ResumeLink {
  workspaceId: string
  formId: string
  formTitle: string
  /** One bare address, checked by the caller. */
  to: string
  link: string
  /** CANVASS_DRAFT_DAYS. */
  days: number
}

export function resumeMail(resume: Omit<ResumeLink, 'to' | 'workspaceId' | 'formId'>): {
  subject: string
  body: MailBody
} {
  const title = bounded(resume.formTitle, 150)
  const subject = `Your link to continue ${title}`
  const lasts = `It works until you send your answers, or for ${resume.days} days without a change.`
  const secret = 'Keep it to yourself: anyone with it can see and change your answers.'
  const why =
    'You get this mail because this address was typed on the form to have the link sent. If that was not you, ignore it.'
  const text = [
    `To continue ${title} where you left off, open this link:`,
    '',
    resume.link,
    '',
    lasts,
    secret,
    '',
    why,
    '',
  ].join('\n')
  const html = renderMail(
    <MailDocument title={subject}>
      <p dir="auto">To continue {title} where you left off, open this link:</p>
      <p style="overflow-wrap: anywhere">
        <a href={resume.link}>{resume.link}</a>
      </p>
      <p>
        {lasts} {secret}
      </p>
      <p style="color: #555">{why}</p>
    </MailDocument>,
  )
  return { subject, body: { text, html } }
}

/** Queues the `resume` mail in a transaction of its own. */
export async function queueResumeMail(
  database: Database,
  clock: Clock,
  signal: DeliverySignal,
  settings: MailSettings,
  resume: ResumeLink,
  ids?: IdPool,
): Promise<void> {
  const { workspaceId, formId, to } = resume
  const mail = { workspaceId, formId, to, kind: 'resume' as const, ...resumeMail(resume) }
  await database.transaction((trx) => queueMails(trx, clock, signal, settings, [mail], ids))
}
