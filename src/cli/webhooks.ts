import type { Command } from 'commander'
import { openDatabase } from '../db/database.js'
import { migrateToLatest } from '../db/migrate.js'
import { startDeliveryWorker } from '../delivery/index.js'
import { createLogger } from '../logger.js'
import { config } from './main.js'

// `canvass worker`: delivers webhooks without serving HTTP. Any number may run against one
// PostgreSQL database (jobs are claimed with leases); on SQLite run one delivering process.
export function registerWebhookCommands(program: Command): void {
  program
    .command('worker')
    .description(
      'deliver webhooks (no HTTP API); SIGTERM stops claiming, finishes in-flight deliveries, exits 0',
    )
    .action(async () => {
      const settings = config()
      const logger = createLogger(settings.logLevel)
      const database = openDatabase(settings.database)
      await migrateToLatest(database)
      const worker = startDeliveryWorker({ config: settings, database, logger })
      logger.info('delivery worker started')
      const stop = async (signal: string) => {
        logger.info({ signal }, 'delivery worker stopping: finishing in-flight deliveries')
        await worker.stop()
        await database.close()
        process.exit(0)
      }
      process.once('SIGTERM', () => void stop('SIGTERM'))
      process.once('SIGINT', () => void stop('SIGINT'))
    })
}
