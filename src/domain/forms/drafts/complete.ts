import type { Clock } from '../../../clock.js'
import type { Database } from '../../../db/database.js'
import { draftProgress } from '../../../shared/flow/progress.js'
import { DomainError, notFound } from '../../errors.js'
import type { DeliverySignal } from '../../webhooks/signal.js'
import type { PublicForm } from '../public.js'
import { NothingStored, type StoredResponse, type StoreOptions, storeResponses } from '../responses/store.js'
import { type DraftRow, draftAnswersOf } from './store.js'

/** The draft a change or completion names is not open (ended, its link renewed, or expired). */
export class NoDraftError extends DomainError {
  constructor() {
    super('not_found', 'no open draft has this resume token')
  }
}

export const noDraft = () => new NoDraftError()

/**
 * Submits the draft's answers on its path as a public submission (storeResponses, the path every
 * response is stored by) and ends the draft, in one transaction: of two completions at once one
 * finds it ended (404); refused (validation_failed, NotAcceptingError), the draft stays as it was.
 * A draft started through a personal link is its link's one response (LinkUsedError once used);
 * ended, it no longer names the recipient (the recipient names the response, unless anonymous).
 */
export async function completeDraft(
  database: Database,
  clock: Clock,
  signal: DeliverySignal,
  options: Pick<StoreOptions, 'definitions' | 'ids' | 'mail' | 'files'>,
  found: PublicForm,
  draft: DraftRow,
): Promise<StoredResponse> {
  const formId = found.form.id
  try {
    return await database.transaction(async (trx) => {
      const now = clock.nowMicros()
      // The answers submitted are those the draft holds as it ends, not as it was read before: a
      // change that committed in between (and was answered 200) is part of the response.
      const ended = await trx
        .updateTable('drafts')
        .set({ ended_at: now, updated_at: now })
        .where('id', '=', draft.id)
        .where('ended_at', 'is', null)
        .returning(['answers_json', 'hidden_json', 'recipient_id'])
        .executeTakeFirst()
      if (!ended) throw noDraft()
      const answers = draftAnswersOf(ended)
      const { onPath } = draftProgress(found.form, answers)
      const batch = {
        workspaceId: found.workspaceId,
        formId,
        submissions: [{ answers: onPath, hidden: answers.hidden }],
      }
      const through =
        ended.recipient_id === null ? { public: true } : { link: { recipientId: ended.recipient_id } }
      const [outcome] =
        (await storeResponses(trx, clock, signal, batch, {
          ...options,
          ...through,
          completesDraft: draft.id,
        })) ?? []
      if (!outcome) throw notFound('form', formId)
      if ('refused' in outcome) throw outcome.refused
      await trx
        .updateTable('drafts')
        .set({ response_id: outcome.stored.item.id, recipient_id: null })
        .where('id', '=', draft.id)
        .execute()
      return outcome.stored
    })
  } catch (error) {
    // A refusal comes as NothingStored, which rolls the draft's end back with the rest.
    const refused = error instanceof NothingStored ? error.outcomes[0] : undefined
    throw refused && 'refused' in refused ? refused.refused : error
  }
}
