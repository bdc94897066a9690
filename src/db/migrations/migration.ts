import type { Kysely } from 'kysely'
import type { Dialect } from '../database.js'

/**
 * A migration is frozen in time: it sees an untyped database and the dialect, never the
 * application's table types, so later changes to the code cannot change what it did.
 */
export interface Migration {
  // biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the current schema types
  up(db: Kysely<any>, dialect: Dialect): Promise<void>
}
