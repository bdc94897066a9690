import type { Clock } from '../../clock.js'
import type { Transaction } from '../../db/database.js'
import { markRecipientCompleted } from './recipients.js'

// The one response of a personal link (docs/api.md#personal-links): stored in the transaction
// that completes its recipient, so of two posts at once exactly one is kept.

/** A personal link's response, as storing it needs to know. */
export interface LinkSubmission {
  recipientId: string
}

/** The contact a response is linked to, as its webhook event tells it. */
export interface LinkContact {
  id: string
  email: string
}

/** The link answered already (or its recipient is gone): the transaction keeps nothing. */
export class LinkUsedError extends Error {
  constructor() {
    super('this personal link has already been used to answer')
  }
}

/**
 * Completes the recipient by the (one) response just stored in `trx`; throws LinkUsedError when
 * it was completed already. The contact for the response's event, or null when none is to be
 * told: the form is anonymous (then not even the recipient keeps the response's id), or the
 * contact is gone.
 */
export async function completeRecipient(
  trx: Transaction,
  clock: Clock,
  { recipientId }: LinkSubmission,
  stored: readonly { item: { id: string } }[],
  { anonymous }: { anonymous: boolean },
): Promise<LinkContact | null> {
  const [response, ...more] = stored
  if (!response || more.length > 0) throw new Error('a personal link stores one response at a time')
  const recipient = await trx
    .selectFrom('invitation_recipients')
    .select(['contact_id', 'email'])
    .where('id', '=', recipientId)
    .executeTakeFirst()
  const completed =
    recipient !== undefined &&
    (await markRecipientCompleted(trx, clock, recipientId, anonymous ? null : response.item.id))
  if (!completed) throw new LinkUsedError()
  if (anonymous || recipient.contact_id === null) return null
  return { id: recipient.contact_id, email: recipient.email }
}
