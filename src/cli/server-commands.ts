import type { Command } from 'commander'
import { openDatabase } from '../db/database.js'
import { migrateToLatest } from '../db/migrate.js'
import { createDatabaseIfMissing } from '../db/postgres-connections.js'
import { insightsService } from '../domain/insights/service.js'
import { startServer } from '../server.js'
import { parseHost, parsePort } from './options.js'
import { config } from './setup.js'

// `canvass serve` and `canvass migrate`: the server and its schema.

export function registerServerCommands(program: Command): void {
  program
    .command('serve')
    .description('run the HTTP API (migrates the database first)')
    .option('--port <port>', 'port to listen on (env PORT, default 3000; 0 picks a free one)', parsePort)
    .option(
      '--host <address>',
      'address to listen on (env HOST, default 127.0.0.1; 0.0.0.0 for all)',
      parseHost,
    )
    .action(async (options: { port?: number; host?: string }) => {
      const settings = config()
      const server = await startServer({
        ...settings,
        ...(options.port === undefined ? {} : { port: options.port }),
        ...(options.host === undefined ? {} : { host: options.host }),
      })
      const stop = async (signal: string) => {
        server.app.log.info({ signal }, 'shutting down: finishing in-flight requests')
        await server.close()
        process.exit(0)
      }
      process.once('SIGTERM', () => void stop('SIGTERM'))
      process.once('SIGINT', () => void stop('SIGINT'))
    })

  program
    .command('migrate')
    .description('bring the database schema up to date')
    .option(
      '--create-database',
      'on PostgreSQL, first create the database DATABASE_URL names if it is missing',
    )
    .action(async (options: { createDatabase?: boolean }) => {
      const settings = config()
      const created = options.createDatabase ? await createDatabaseIfMissing(settings.database) : undefined
      if (created !== undefined) console.log(`created the database ${created}`)
      // Not withDatabase: it migrates first, and then this would always find nothing to apply.
      const database = openDatabase(settings.database)
      const [applied, rebuilt] = await (async () => {
        const names = await migrateToLatest(database)
        return [names, await insightsService(database).rebuildPending()] as const
      })().finally(() => database.close())
      console.log(applied.length > 0 ? `applied: ${applied.join(', ')}` : 'the database is up to date')
      if (rebuilt > 0) console.log(`insights built for ${rebuilt} form(s) with responses`)
    })
}
