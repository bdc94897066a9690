import { randomUUID } from 'node:crypto'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { type Command, InvalidArgumentError } from 'commander'
import { collectDefaultMetrics, Registry } from 'prom-client'
import type { Db } from '../db/database.js'
import { openDatabase } from '../db/database.js'
import { migrateToLatest } from '../db/migrate.js'
import { startDeliveryWorker } from '../delivery/index.js'
import { createDeliveryMetrics, type DeliveryMetrics, registerDeliveryMetrics } from '../delivery/metrics.js'
import { DeliverySignal } from '../domain/webhooks/signal.js'
import { ApiError, problemOf } from '../http/errors.js'
import { createLogger } from '../logger.js'
import { config } from './main.js'

// `canvass worker`: delivers webhooks without serving the API. Any number may run against one
// PostgreSQL database (jobs are claimed with leases); on SQLite run one delivering process.
// `--metrics-port` exposes its delivery metrics (attempts, successes, failures, latency, queue
// depth) for Prometheus, since a worker's attempts are counted in the process that makes them.
export function registerWebhookCommands(program: Command): void {
  program
    .command('worker')
    .description(
      'deliver webhooks (no HTTP API); SIGTERM stops claiming, finishes in-flight deliveries, exits 0',
    )
    .option(
      '--metrics-port <port>',
      'serve GET /metrics (Prometheus) and GET /healthz on HOST:<port>; 0 picks a free port',
      parsePort,
    )
    .action(async (options: { metricsPort?: number }) => {
      const settings = config()
      const logger = createLogger(settings.logLevel)
      const database = openDatabase(settings.database)
      await migrateToLatest(database)
      const counters = createDeliveryMetrics()
      // Nothing in this process queues deliveries: the signal stays silent and the worker polls.
      const signal = new DeliverySignal()
      const worker = startDeliveryWorker({ config: settings, database, logger, signal, metrics: counters })
      let metrics: Server | undefined
      if (options.metricsPort !== undefined) {
        metrics = await serveMetrics(database.db, counters, settings.host, options.metricsPort)
        const { port } = metrics.address() as AddressInfo
        logger.info({ url: `http://${settings.host}:${port}/metrics` }, 'worker metrics listening')
      }
      logger.info('delivery worker started')
      const stop = async (signal: string) => {
        logger.info({ signal }, 'delivery worker stopping: finishing in-flight deliveries')
        metrics?.close()
        metrics?.closeAllConnections()
        await worker.stop()
        await database.close()
        process.exit(0)
      }
      process.once('SIGTERM', () => void stop('SIGTERM'))
      process.once('SIGINT', () => void stop('SIGINT'))
    })
}

function parsePort(value: string): number {
  const port = Number(value)
  if (!/^\d+$/.test(value) || port > 65_535) throw new InvalidArgumentError('a port number, 0 to 65535')
  return port
}

async function serveMetrics(db: Db, counters: DeliveryMetrics, host: string, port: number): Promise<Server> {
  const registry = new Registry()
  collectDefaultMetrics({ register: registry })
  registerDeliveryMetrics(registry, counters, db)
  const server = createServer((request, response) => {
    const path = (request.url ?? '').split('?')[0]
    if (request.method === 'GET' && path === '/metrics') {
      registry.metrics().then(
        (text) => response.writeHead(200, { 'content-type': registry.contentType }).end(text),
        () => response.writeHead(500).end(),
      )
      return
    }
    if (request.method === 'GET' && path === '/healthz') {
      response.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"ok"}')
      return
    }
    const requestId = randomUUID()
    const problem = problemOf(
      new ApiError('not_found', 'this port serves GET /metrics and GET /healthz'),
      requestId,
    )
    response
      .writeHead(404, {
        'content-type': 'application/problem+json; charset=utf-8',
        'x-request-id': requestId,
      })
      .end(JSON.stringify(problem))
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, host, resolve)
  })
  return server
}
