import type { Logger } from 'pino'
import type { Config } from './config.js'
import { type Database, openDatabase } from './db/database.js'
import { migrateToLatest } from './db/migrate.js'
import { startDeliveryWorker } from './delivery/index.js'
import { createDeliveryMetrics } from './delivery/metrics.js'
import { bootstrapDefaultWorkspace } from './domain/tokens.js'
import { DeliverySignal } from './domain/webhooks/signal.js'
import { type App, buildApp } from './http/app.js'
import { createLogger } from './logger.js'

export interface RunningServer {
  app: App
  database: Database
  address: string
  /** Stops accepting, finishes in-flight requests, closes the database. */
  close(): Promise<void>
}

/** Opens and migrates the database, creates the first token on an empty one, and listens. */
export async function startServer(
  config: Config,
  options: { logger?: Logger; announce?: (line: string) => void } = {},
): Promise<RunningServer> {
  const logger = options.logger ?? createLogger(config.logLevel)
  const announce = options.announce ?? ((line: string) => process.stdout.write(`${line}\n`))
  const database = openDatabase(config.database)
  try {
    await migrateToLatest(database)
    const firstToken = await bootstrapDefaultWorkspace(database.db)
    if (firstToken) {
      announce('Canvass created the workspace "default" and its first API token (all scopes).')
      announce('Keep it now: it is shown only this once.')
      announce(firstToken)
    }
    // Shared by the API (which queues and exposes the counters) and the worker (which listens and counts).
    const deliverySignal = new DeliverySignal()
    const deliveryMetrics = createDeliveryMetrics()
    const app = await buildApp({ config, database, logger, deliverySignal, deliveryMetrics })
    const address = await app.listen({ port: config.port, host: config.host })
    const worker = config.worker
      ? startDeliveryWorker({ config, database, logger, signal: deliverySignal, metrics: deliveryMetrics })
      : undefined
    let closing: Promise<void> | undefined
    return {
      app,
      database,
      address,
      close() {
        closing ??= (async () => {
          await app.close()
          await worker?.stop()
          await database.close()
        })()
        return closing
      },
    }
  } catch (error) {
    await database.close().catch(() => undefined)
    throw error
  }
}
