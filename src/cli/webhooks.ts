import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Command } from 'commander'
import { createLogger } from '../logger.js'
import { serveWorkerMetrics } from '../metrics-server.js'
import { startWorker } from '../server.js'
import { parsePort } from './options.js'
import { config } from './setup.js'

// `canvass worker`: delivers webhooks and sends mail without serving the API. Any number may run against one
// PostgreSQL database (jobs are claimed with leases); on SQLite run one delivering process.
// `--metrics-port` exposes its delivery metrics (attempts, successes, failures, latency, queue
// depth) for Prometheus, since a worker's attempts are counted in the process that makes them.
export function registerWebhookCommands(program: Command): void {
  program
    .command('worker')
    .description(
      'deliver webhooks and send mail (no HTTP API); SIGTERM stops claiming, finishes in-flight deliveries, exits 0',
    )
    .option(
      '--metrics-port <port>',
      'serve GET /metrics (Prometheus) and GET /healthz on HOST:<port>; 0 picks a free port',
      parsePort,
    )
    .action(async (options: { metricsPort?: number }) => {
      const settings = config()
      const logger = createLogger(settings.logLevel)
      const worker = await startWorker(settings, { logger })
      let metrics: Server | undefined
      if (options.metricsPort !== undefined) {
        metrics = await serveWorkerMetrics(worker.ctx, settings.host, options.metricsPort)
        const { port } = metrics.address() as AddressInfo
        logger.info({ url: `http://${settings.host}:${port}/metrics` }, 'worker metrics listening')
      }
      logger.info('delivery worker started')
      const stop = async (signal: string) => {
        logger.info({ signal }, 'delivery worker stopping: finishing in-flight deliveries')
        metrics?.close()
        metrics?.closeAllConnections()
        await worker.close()
        process.exit(0)
      }
      process.once('SIGTERM', () => void stop('SIGTERM'))
      process.once('SIGINT', () => void stop('SIGINT'))
    })
}
