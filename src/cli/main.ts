#!/usr/bin/env node
import { Command, InvalidArgumentError } from 'commander'
import { formatTimestamp } from '../clock.js'
import { ConfigError, configFromEnv, loadDotEnv } from '../config.js'
import { openDatabase } from '../db/database.js'
import { migrateToLatest } from '../db/migrate.js'
import { insightsService } from '../domain/insights/service.js'
import { allScopes, isScope, type Scope } from '../domain/scopes.js'
import { createToken, ensureWorkspace, listTokens, revokeToken } from '../domain/tokens.js'
import { startServer } from '../server.js'
import { registerContactCommands } from './contacts.js'
import { registerFormCommands } from './forms.js'
import { registerInsightsCommands } from './insights.js'
import { registerWebhookCommands } from './webhooks.js'

// `npx canvass <command>`. Each command reads the same configuration as the server.

export function config() {
  loadDotEnv()
  return configFromEnv()
}

export async function withDatabase<T>(
  run: (database: ReturnType<typeof openDatabase>) => Promise<T>,
): Promise<T> {
  const database = openDatabase(config().database)
  try {
    await migrateToLatest(database)
    return await run(database)
  } finally {
    await database.close()
  }
}

function parseScopes(value: string): Scope[] {
  const scopes = value
    .split(',')
    .map((scope) => scope.trim())
    .filter(Boolean)
  const unknown = scopes.filter((scope) => !isScope(scope))
  if (unknown.length > 0 || scopes.length === 0) {
    throw new InvalidArgumentError(
      `unknown scope ${unknown.join(', ') || '(none)'}; known: ${allScopes.join(', ')}`,
    )
  }
  return scopes as Scope[]
}

const program = new Command('canvass')
  .description('Canvass, the self-hostable survey service')
  .showHelpAfterError()

program
  .command('serve')
  .description('run the HTTP API (migrates the database first)')
  .action(async () => {
    const server = await startServer(config())
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
  .action(async () => {
    // Not withDatabase: it migrates first, and then this would always find nothing to apply.
    const database = openDatabase(config().database)
    const [applied, rebuilt] = await (async () => {
      const names = await migrateToLatest(database)
      return [names, await insightsService(database).rebuildPending()] as const
    })().finally(() => database.close())
    console.log(applied.length > 0 ? `applied: ${applied.join(', ')}` : 'the database is up to date')
    if (rebuilt > 0) console.log(`insights built for ${rebuilt} form(s) with responses`)
  })

const token = program.command('token').description('manage API tokens')

token
  .command('create')
  .description('create an API token; it is printed alone on the last line, once')
  .option('--workspace <name>', 'workspace (created if new)', 'default')
  .option('--name <name>', 'a label for the token', 'cli')
  .option('--scopes <a,b>', `comma-separated scopes (default all: ${allScopes.join(',')})`, parseScopes)
  .action(async (options: { workspace: string; name: string; scopes?: Scope[] }) => {
    const created = await withDatabase(async ({ db }) => {
      const workspaceId = await ensureWorkspace(db, options.workspace)
      return createToken(db, {
        workspaceId,
        name: options.name,
        ...(options.scopes ? { scopes: options.scopes } : {}),
      })
    })
    console.log(`token ${created.id} for workspace "${options.workspace}"; it is not shown again:`)
    console.log(created.token)
  })

token
  .command('list')
  .description('list tokens (never their secret values)')
  .action(async () => {
    const tokens = await withDatabase(({ db }) => listTokens(db))
    for (const t of tokens) {
      const state = t.revokedAt === null ? 'active' : `revoked ${formatTimestamp(t.revokedAt)}`
      console.log(
        [t.id, t.workspace, t.name, formatTimestamp(t.createdAt), state, t.scopes.join(',')].join('\t'),
      )
    }
    if (tokens.length === 0) console.log('no tokens')
  })

token
  .command('revoke <id>')
  .description('revoke a token; it stops working within seconds on every process')
  .action(async (id: string) => {
    const found = await withDatabase(({ db }) => revokeToken(db, id))
    if (!found) {
      console.error(`no token with id ${id}`)
      process.exitCode = 1
      return
    }
    console.log(`revoked ${id}`)
  })

registerFormCommands(program)
registerInsightsCommands(program)
registerContactCommands(program)
registerWebhookCommands(program)

program.parseAsync(process.argv).catch((error: unknown) => {
  console.error(error instanceof ConfigError ? `configuration error: ${error.message}` : error)
  process.exit(1)
})
