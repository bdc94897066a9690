import { formatTimestamp } from '../../clock.js'
import type { Db } from '../../db/database.js'

// The responses a contact gave through personal links (docs/api.md#personal-links), as
// `GET /v1/contacts/{contact_id}` lists them. A response of an anonymous form is not among them:
// its recipient never names it.

export interface ContactResponse {
  form_id: string
  response_id: string
  submitted_at: string
}

/** The contact's linked responses, newest first: at most one per form (one link per form and contact). */
export async function responsesOfContact(db: Db, contactId: string): Promise<ContactResponse[]> {
  const rows = await db
    .selectFrom('invitation_recipients')
    .innerJoin('responses', 'responses.id', 'invitation_recipients.response_id')
    .select(['responses.form_id', 'responses.id', 'responses.submitted_at'])
    .where('invitation_recipients.contact_id', '=', contactId)
    .orderBy('responses.submitted_at', 'desc')
    .orderBy('responses.id', 'desc')
    .execute()
  return rows.map((row) => ({
    form_id: row.form_id,
    response_id: row.id,
    submitted_at: formatTimestamp(Number(row.submitted_at)),
  }))
}
