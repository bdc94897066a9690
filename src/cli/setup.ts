import { type Config, configFromEnv, loadDotEnv } from '../config.js'
import { type Database, openDatabase } from '../db/database.js'
import { migrateToLatest } from '../db/migrate.js'

// What every command starts from: the same configuration as the server, and the migrated database.
// Commands import it from here, never from the entry module, which parses argv when imported.

export function config(): Config {
  loadDotEnv()
  return configFromEnv()
}

export async function withDatabase<T>(run: (database: Database) => Promise<T>): Promise<T> {
  const database = openDatabase(config().database)
  try {
    await migrateToLatest(database)
    return await run(database)
  } finally {
    await database.close()
  }
}
