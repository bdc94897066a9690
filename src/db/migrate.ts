import { type Kysely, type MigrationResultSet, Migrator, sql } from 'kysely'
import type { Database } from './database.js'
import { migrations } from './migrations/index.js'

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
