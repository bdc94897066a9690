import { createHash } from 'node:crypto'
import type { Clock } from '../../clock.js'
import type { Database, Db } from '../../db/database.js'
import { DomainError } from '../errors.js'
import { type ContactView, insertContacts, lockContactList } from './contacts.js'
import type { BulkRequest } from './validation.js'

// The bulk add (docs/api.md#bulk-add), all or nothing in one transaction, optionally idempotent: an
// Idempotency-Key's first answer is stored with a digest of the request and answered again
// for 24 hours to a repeat of the same request.

export const IDEMPOTENCY_TTL_MICROS = 24 * 3600 * 1_000_000

export interface BulkAnswer {
  added_contacts: ContactView[]
  contact_list_id: string
}

/** `added`: contacts this call added (none for a replay). */
export type BulkOutcome =
  | { replayed: false; status: 201; body: BulkAnswer; added: number }
  /** With an Idempotency-Key: the answer as JSON text, exactly as stored and replayed. */
  | { replayed: boolean; status: number; text: string; added: number }

export interface IdempotencyKey {
  key: string
  digest: string
}

/** SHA-256 of the request in a canonical form (data keys sorted; e-mails as validated, trimmed). */
export function bulkRequestDigest(request: BulkRequest): string {
  const canonical = request.contacts.map((contact) => [
    contact.name,
    contact.email,
    Object.entries(contact.data).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
  ])
  return createHash('sha256')
    .update(JSON.stringify([request.list_id, canonical]))
    .digest('hex')
}

/** Two requests with one new key met at the end; the loser runs again and finds the winner's answer. */
class IdempotencyRace extends Error {}

export async function addContactsToList(
  database: Database,
  clock: Clock,
  workspaceId: string,
  request: BulkRequest,
  idempotency?: IdempotencyKey,
): Promise<BulkOutcome | undefined> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await database.transaction((trx) =>
        addInTransaction(trx, clock, workspaceId, request, idempotency),
      )
    } catch (error) {
      if (!(error instanceof IdempotencyRace) || attempt >= 3) throw error
    }
  }
}

async function addInTransaction(
  trx: Db,
  clock: Clock,
  workspaceId: string,
  request: BulkRequest,
  idempotency: IdempotencyKey | undefined,
): Promise<BulkOutcome | undefined> {
  if (!(await lockContactList(trx, workspaceId, request.list_id))) return undefined
  const now = clock.nowMicros()
  const cutoff = now - IDEMPOTENCY_TTL_MICROS
  if (idempotency) {
    const stored = await trx
      .selectFrom('contact_idempotency_keys')
      .select(['request_digest', 'status_code', 'response_body'])
      .where('workspace_id', '=', workspaceId)
      .where('key', '=', idempotency.key)
      .where('created_at', '>=', cutoff)
      .executeTakeFirst()
    if (stored) {
      if (stored.request_digest !== idempotency.digest) {
        throw new DomainError(
          'idempotency_key_reused',
          'this Idempotency-Key was already used with another request body; use a new key',
        )
      }
      return { replayed: true, status: Number(stored.status_code), text: stored.response_body, added: 0 }
    }
  }
  const added = await insertContacts(trx, clock, request.list_id, request.contacts)
  const body: BulkAnswer = { added_contacts: added, contact_list_id: request.list_id }
  if (!idempotency) return { replayed: false, status: 201, body, added: added.length }

  const text = JSON.stringify(body)
  const row = {
    workspace_id: workspaceId,
    key: idempotency.key,
    list_id: request.list_id,
    request_digest: idempotency.digest,
    status_code: 201,
    response_body: text,
    created_at: now,
  }
  const kept = await trx
    .insertInto('contact_idempotency_keys')
    .values(row)
    .onConflict((conflict) =>
      conflict
        .columns(['workspace_id', 'key'])
        .doUpdateSet({
          list_id: row.list_id,
          request_digest: row.request_digest,
          status_code: row.status_code,
          response_body: row.response_body,
          created_at: row.created_at,
        })
        // Only an expired answer may be replaced; a live one belongs to a concurrent winner.
        .where('contact_idempotency_keys.created_at', '<', cutoff),
    )
    .returning('key')
    .executeTakeFirst()
  if (!kept) throw new IdempotencyRace()
  // Expired answers of the workspace are dropped as new ones are stored.
  await trx
    .deleteFrom('contact_idempotency_keys')
    .where('workspace_id', '=', workspaceId)
    .where('created_at', '<', cutoff)
    .execute()
  return { replayed: false, status: 201, text, added: added.length }
}
