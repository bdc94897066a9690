import type { InjectOptions, LightMyRequestResponse } from 'fastify'
import { pino } from 'pino'
import { type Config, configFromEnv } from '../../src/config.js'
import { type Database, openDatabase } from '../../src/db/database.js'
import { migrateToLatest } from '../../src/db/migrate.js'
import { createDeliveryMetrics, type DeliveryMetrics } from '../../src/delivery/metrics.js'
import { type DeliveryWorker, runDeliveryWorker, type WorkerOptions } from '../../src/delivery/worker.js'
import type { Scope } from '../../src/domain/scopes.js'
import { createToken, ensureWorkspace } from '../../src/domain/tokens.js'
import { DeliverySignal } from '../../src/domain/webhooks/signal.js'
import { type App, buildApp } from '../../src/http/app.js'
import { createTestDatabase, type TestDatabase } from './databases.js'

export interface TestContext {
  app: App
  database: Database
  testDatabase: TestDatabase
  config: Config
  /** The app's: give them to a worker started in a test so it hears of queued deliveries. */
  deliverySignal: DeliverySignal
  deliveryMetrics: DeliveryMetrics
  /** An all-scope token of workspace "main". */
  token: string
  workspaceId: string
  /** An all-scope token of another workspace, for isolation tests. */
  otherToken: string
  otherWorkspaceId: string
  tokenWithScopes(scopes: Scope[]): Promise<string>
  /** A delivery worker on this database that hears the app's signal; stopped by close() at the latest. */
  startWorker(
    options?: Partial<Pick<WorkerOptions, 'concurrency' | 'perWebhook' | 'pollMs' | 'pruneEveryMs'>>,
  ): DeliveryWorker
  /** app.inject with `Authorization: Bearer <token>` unless `token: null`. */
  request(options: InjectOptions & { token?: string | null }): Promise<LightMyRequestResponse>
  close(): Promise<void>
}

export function testConfig(database: Config['database'], overrides: Partial<Config> = {}): Config {
  return {
    ...configFromEnv({}),
    database,
    logLevel: 'silent',
    rateLimit: 0,
    webhookAllowPrivate: true,
    worker: false,
    ...overrides,
  }
}

export async function createTestContext(overrides: Partial<Config> = {}): Promise<TestContext> {
  const testDatabase = await createTestDatabase()
  const config = testConfig(testDatabase.config, overrides)
  const database = openDatabase(config.database)
  await migrateToLatest(database)
  const workspaceId = await ensureWorkspace(database.db, 'main')
  const otherWorkspaceId = await ensureWorkspace(database.db, 'other')
  const { token } = await createToken(database.db, { workspaceId, name: 'test' })
  const { token: otherToken } = await createToken(database.db, {
    workspaceId: otherWorkspaceId,
    name: 'other',
  })
  const logger = pino({ level: process.env['TEST_LOG_LEVEL'] ?? 'silent' })
  const deliverySignal = new DeliverySignal()
  const deliveryMetrics = createDeliveryMetrics()
  const app = await buildApp({
    config,
    database,
    deliverySignal,
    deliveryMetrics,
    logger,
  })
  await app.ready()
  const workers: DeliveryWorker[] = []

  return {
    app,
    database,
    testDatabase,
    config,
    deliverySignal,
    deliveryMetrics,
    token,
    workspaceId,
    otherToken,
    otherWorkspaceId,
    async tokenWithScopes(scopes) {
      return (await createToken(database.db, { workspaceId, name: 'scoped', scopes })).token
    },
    request({ token: given, headers, ...options }) {
      const bearer = given === undefined ? token : given
      return app.inject({
        ...options,
        headers: { ...(bearer === null ? {} : { authorization: `Bearer ${bearer}` }), ...headers },
      })
    },
    startWorker(options = {}) {
      const worker = runDeliveryWorker({
        config,
        database,
        logger,
        signal: deliverySignal,
        metrics: deliveryMetrics,
        ...options,
      })
      workers.push(worker)
      return worker
    },
    async close() {
      await Promise.all(workers.map((worker) => worker.stop()))
      await app.close()
      await database.close()
      await testDatabase.drop()
    },
  }
}
