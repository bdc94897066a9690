import type { Logger } from 'pino'
import type { Config } from './config.js'
import { type AppContext, createAppContext } from './context.js'
import type { Database } from './db/database.js'
import { startDeliveryWorker } from './delivery/index.js'
import { auditDuties } from './domain/audit/retention.js'
import { fileDuties } from './domain/files/tidy.js'
import { mailDuties } from './domain/mail/duties.js'
import { mailLinkProblem } from './domain/mail/outbox.js'
import { setupLink } from './domain/team/accounts.js'
import { bootstrapDefaultWorkspace } from './domain/tokens.js'
import { type App, buildApp } from './http/app.js'

// The boot sequence, written once: `canvass serve` and `canvass worker` both start here.

export interface RunningServer {
  app: App
  database: Database
  address: string
  /** Stops accepting, finishes in-flight requests, closes the database. */
  close(): Promise<void>
}

/**
 * Opens and migrates the database, listens, then creates the first token on an empty database and
 * says where Canvass answers. The token is made only once the server listens: a start that fails
 * (a port taken) must not print, and so lose, the token shown only once.
 */
export async function startServer(
  config: Config,
  options: { logger?: Logger; announce?: (line: string) => void } = {},
): Promise<RunningServer> {
  const announce = options.announce ?? ((line: string) => process.stdout.write(`${line}\n`))
  const ctx = await createAppContext(config, options)
  let app: App | undefined
  try {
    app = await buildApp(ctx)
    const address = await app.listen({ port: config.port, host: config.host })
    const firstRun = await bootstrapDefaultWorkspace(ctx.database.db, ctx.clock)
    const base = baseOf(config.publicUrl ?? address)
    if (firstRun) {
      announce('Canvass created the workspace "default" and its first API token (all scopes).')
      announce('Keep it now: it is shown only this once.')
      announce(firstRun.token)
      announce('Create the owner (e-mail and password) with this one-time link, valid 24 hours:')
      announce(setupLink(base, firstRun.setupCode))
    }
    announce(runningLine(base))
    warnOfMailLinks(ctx)
    const worker = config.worker ? deliveryWorkerOf(ctx) : undefined
    const running = app
    let closing: Promise<void> | undefined
    return {
      app: running,
      database: ctx.database,
      address,
      close() {
        closing ??= (async () => {
          await running.close()
          await worker?.stop()
          await ctx.close()
        })()
        return closing
      },
    }
  } catch (error) {
    await app?.close().catch(() => undefined)
    await ctx.close().catch(() => undefined)
    throw error
  }
}

/** The one line a person reads at start: where the dashboard and the API answer. */
export function runningLine(address: string): string {
  const base = baseOf(address)
  return `Canvass is running: dashboard ${base}/app, API ${base}/v1`
}

/** Listening on every IPv6 address ([::]) is reached, on this machine, at localhost. */
function baseOf(address: string): string {
  return address.replace('//[::]:', '//localhost:')
}

export interface RunningWorker {
  ctx: AppContext
  /** Stops claiming, finishes the attempts under way, closes the database. */
  close(): Promise<void>
}

/** `canvass worker`: delivery without the HTTP API. */
export async function startWorker(config: Config, options: { logger?: Logger } = {}): Promise<RunningWorker> {
  const ctx = await createAppContext(config, options)
  warnOfMailLinks(ctx)
  const worker = deliveryWorkerOf(ctx)
  let closing: Promise<void> | undefined
  return {
    ctx,
    close() {
      closing ??= (async () => {
        await worker.stop()
        await ctx.close()
      })()
      return closing
    },
  }
}

/** One warning line at start while mail would carry links no recipient can open (mails are refused then). */
function warnOfMailLinks(ctx: AppContext): void {
  const problem = mailLinkProblem(ctx.config)
  if (problem) ctx.logger.warn(problem)
}

/** The worker of this process: it listens to the context's signal and counts into its metrics. */
function deliveryWorkerOf(ctx: AppContext) {
  return startDeliveryWorker({
    config: ctx.config,
    database: ctx.database,
    logger: ctx.logger,
    signal: ctx.deliverySignal,
    metrics: ctx.deliveryMetrics,
    resolver: ctx.resolver,
    clock: ctx.clock,
    mailComposer: ctx.mailComposer,
    duties: [...mailDuties, ...auditDuties, ...fileDuties],
  })
}
