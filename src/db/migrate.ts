import { type Kysely, type MigrationResultSet, Migrator, sql } from 'kysely'
import type { Database, Dialect } from './database.js'
import { migrations } from './migrations/index.js'

/**
 * A migration is frozen in time: it sees an untyped database and the dialect, never the
 * application's table types, so later changes to the code cannot change what it did.
 */
export interface Migration {
  // biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the current schema types
  up(db: Kysely<any>, dialect: Dialect): Promise<void>
}

export async function migrateToLatest(database: Database): Promise<string[]> {
  const migrator = new Migrator({
    db: database.db,
    // Kysely looks for its bookkeeping tables in every schema it can see; pinned to ours, another
    // schema's tables (another app, or a test database next door) cannot fool it.
    ...(database.dialect === 'postgres' ? { migrationTableSchema: await currentSchema(database) } : {}),
    provider: {
      async getMigrations() {
        return Object.fromEntries(
          Object.entries(migrations).map(([name, migration]) => [
            name,
            { up: (db: Kysely<unknown>) => migration.up(db, database.dialect) },
          ]),
        )
      },
    },
  })
  const { error, results }: MigrationResultSet = await migrator.migrateToLatest()
  if (error) throw error
  return (results ?? []).filter((result) => result.status === 'Success').map((result) => result.migrationName)
}

async function currentSchema(database: Database): Promise<string> {
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(database.db)
  return rows[0]?.schema ?? 'public'
}
