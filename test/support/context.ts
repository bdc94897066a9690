import { randomUUID } from 'node:crypto'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { InjectOptions, LightMyRequestResponse } from 'fastify'
import { pino } from 'pino'
import { afterAll, beforeAll } from 'vitest'
import type { Clock } from '../../src/clock.js'
import { type Config, configFromEnv } from '../../src/config.js'
import { type AppContext, type ContextOptions, createAppContext } from '../../src/context.js'
import type { Database } from '../../src/db/database.js'
import type { DeliveryMetrics } from '../../src/delivery/metrics.js'
import { type DeliveryWorker, runDeliveryWorker, type WorkerOptions } from '../../src/delivery/worker.js'
import { auditDuties } from '../../src/domain/audit/retention.js'
import { mailDuties } from '../../src/domain/mail/duties.js'
import type { Scope } from '../../src/domain/scopes.js'
import { createToken, ensureWorkspace } from '../../src/domain/tokens.js'
import type { DeliverySignal } from '../../src/domain/webhooks/signal.js'
import { type App, buildApp } from '../../src/http/app.js'
import { createTestDatabase, type TestDatabase } from './databases.js'

export interface TestContext {
  app: App
  /** What the app was built from: config, database, logger, services. */
  appContext: AppContext
  database: Database
  testDatabase: TestDatabase
  config: Config
  /** The context's clock: a TestClock when the test gave one (createTestContext's options). */
  clock: Clock
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
  /**
   * A delivery worker on this database that hears the app's signal (and sends mail with the
   * context's composer); stopped by close() at the latest.
   */
  startWorker(
    options?: Partial<
      Pick<
        WorkerOptions,
        | 'concurrency'
        | 'perWebhook'
        | 'pollMs'
        | 'pruneEveryMs'
        | 'mailComposer'
        | 'smtpConnections'
        | 'smtpTimeouts'
        | 'duties'
      >
    >,
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
    authFailureLimit: 0,
    signInTokenLimit: 0,
    signInAddressLimit: 0,
    signInAccountLimit: 0,
    webhookAllowPrivate: true,
    worker: false,
    // Each context its own: a test reads and counts the files it uploaded.
    filesDir: join(tmpdir(), `canvass-files-${randomUUID()}`),
    ...overrides,
  }
}

export async function createTestContext(
  overrides: Partial<Config> = {},
  options: ContextOptions = {},
): Promise<TestContext> {
  const testDatabase = await createTestDatabase()
  const config = testConfig(testDatabase.config, overrides)
  const appContext = await createAppContext(config, {
    ...options,
    logger: options.logger ?? pino({ level: process.env['TEST_LOG_LEVEL'] ?? 'silent' }),
  })
  const { database, clock } = appContext
  const workspaceId = await ensureWorkspace(database.db, clock, 'main')
  const otherWorkspaceId = await ensureWorkspace(database.db, clock, 'other')
  const { token } = await createToken(database.db, clock, { workspaceId, name: 'test' })
  const { token: otherToken } = await createToken(database.db, clock, {
    workspaceId: otherWorkspaceId,
    name: 'other',
  })
  const app = await buildApp(appContext)
  await app.ready()
  const workers: DeliveryWorker[] = []

  return {
    app,
    database,
    testDatabase,
    config,
    clock,
    appContext,
    deliverySignal: appContext.deliverySignal,
    deliveryMetrics: appContext.deliveryMetrics,
    token,
    workspaceId,
    otherToken,
    otherWorkspaceId,
    async tokenWithScopes(scopes) {
      return (await createToken(database.db, clock, { workspaceId, name: 'scoped', scopes })).token
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
        logger: appContext.logger,
        signal: appContext.deliverySignal,
        metrics: appContext.deliveryMetrics,
        resolver: appContext.resolver,
        clock,
        mailComposer: appContext.mailComposer,
        duties: [...mailDuties, ...auditDuties],
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

/**
 * The context of one test file: created before its tests, closed after them. Use it at the top
 * level of the file: `const ctx = useTestContext()`.
 */
export function useTestContext(overrides: Partial<Config> = {}, options: ContextOptions = {}): TestContext {
  const ctx = {} as TestContext
  beforeAll(async () => {
    Object.assign(ctx, await createTestContext(overrides, options))
  })
  afterAll(async () => {
    await ctx.close?.()
  })
  return ctx
}
