import type { Logger } from 'pino'
import type { Config } from './config.js'
import { type Database, openDatabase } from './db/database.js'
import { migrateToLatest } from './db/migrate.js'
import { type ContactsService, contactsService } from './domain/contacts/service.js'
import {
  type FormsService,
  formsService,
  type ResponsesService,
  responsesService,
} from './domain/forms/service.js'
import { type LiveFeed, liveFeed } from './domain/insights/live.js'
import { type InsightsService, insightsService } from './domain/insights/service.js'
import {
  type DeliveriesService,
  deliveriesService,
  type WebhooksService,
  webhooksService,
} from './domain/webhooks/service.js'
import { createLogger } from './logger.js'

// Every dependency of a Canvass process, built once from config (atproto's AppContext): `serve`,
// `canvass worker` and the tests all start here. Handlers reach the database only through the
// services, each closed over it.

export interface AppContext {
  readonly config: Config
  readonly database: Database
  readonly logger: Logger
  readonly forms: FormsService
  readonly responses: ResponsesService
  readonly contacts: ContactsService
  readonly webhooks: WebhooksService
  readonly deliveries: DeliveriesService
  readonly insights: InsightsService
  /** New responses as they arrive, from any process (the response stream). */
  readonly live: LiveFeed
  /** Closes the live feed and the database. */
  close(): Promise<void>
}

/** Opens and migrates the database and builds the services. */
export async function createAppContext(
  config: Config,
  options: { logger?: Logger } = {},
): Promise<AppContext> {
  const logger = options.logger ?? createLogger(config.logLevel)
  const database = openDatabase(config.database)
  try {
    await migrateToLatest(database)
    const ctx = contextOf(config, database, logger)
    // Forms a migration marked get their figures before the first request asks for them.
    await ctx.insights.rebuildPending()
    return ctx
  } catch (error) {
    await database.close().catch(() => undefined)
    throw error
  }
}

/** The context over an open, migrated database. */
export function contextOf(config: Config, database: Database, logger: Logger): AppContext {
  const live = liveFeed(database)
  return {
    config,
    database,
    logger,
    forms: formsService(database),
    responses: responsesService(database),
    contacts: contactsService(database),
    webhooks: webhooksService(database, config),
    deliveries: deliveriesService(database),
    insights: insightsService(database),
    live,
    async close() {
      await live.close()
      await database.close()
    },
  }
}
