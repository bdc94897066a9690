#!/usr/bin/env node
import { Command, InvalidArgumentError } from 'commander'
import { formatTimestamp } from '../clock.js'
import { ConfigError, configFromEnv, loadDotEnv } from '../config.js'
import { createDatabaseIfMissing, openDatabase } from '../db/database.js'
import { migrateToLatest } from '../db/migrate.js'
import { insightsService } from '../domain/insights/service.js'
import { allScopes, isScope, type Scope } from '../domain/scopes.js'
import { createToken, ensureWorkspace, listTokens, revokeToken } from '../domain/tokens.js'
import { startServer } from '../server.js'
import { registerContactCommands } from './contacts.js'
import { describeFailure } from './failures.js'
import { registerFormCommands } from './forms.js'
import { registerInsightsCommands } from './insights.js'
import { canvassVersion, parseHost, parsePort } from './options.js'
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
  .version(canvassVersion(), '-V, --version', 'print the version of Canvass')
  .showHelpAfterError()

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
  .option('--create-database', 'on PostgreSQL, first create the database DATABASE_URL names if it is missing')
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
  .option('--json', 'print a JSON array instead of a table')
  .action(async (options: { json?: boolean }) => {
    const tokens = await withDatabase(({ db }) => listTokens(db))
    const rows = tokens.map((t) => ({
      id: t.id,
      workspace: t.workspace,
      name: t.name,
      created_at: formatTimestamp(t.createdAt),
      revoked_at: t.revokedAt === null ? null : formatTimestamp(t.revokedAt),
      scopes: t.scopes,
    }))
    if (options.json) {
      console.log(JSON.stringify(rows, null, 2))
      return
    }
    if (rows.length === 0) {
      console.log('no tokens; create one with: canvass token create')
      return
    }
    printTable(
      ['ID', 'WORKSPACE', 'NAME', 'CREATED', 'STATE', 'SCOPES'],
      rows.map((row) => [
        row.id,
        row.workspace,
        row.name,
        row.created_at,
        row.revoked_at === null ? 'active' : `revoked ${row.revoked_at}`,
        row.scopes.join(','),
      ]),
    )
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

/** Columns padded to their widest cell, the last one left as it is. */
function printTable(header: string[], rows: string[][]): void {
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => (row[column] ?? '').length)),
  )
  for (const row of [header, ...rows]) {
    console.log(
      row
        .map((cell, column) => (column === row.length - 1 ? cell : cell.padEnd(widths[column] ?? 0)))
        .join('  '),
    )
  }
}

program.parseAsync(process.argv).catch((error: unknown) => {
  const debug = ['debug', 'trace'].includes(process.env['LOG_LEVEL'] ?? '')
  const line =
    error instanceof ConfigError
      ? `configuration error: ${error.message}`
      : (describeFailure(error, process.env['DATABASE_URL']) ??
        `${error instanceof Error ? error.message : String(error)}${debug ? '' : ' (LOG_LEVEL=debug shows the stack trace)'}`)
  console.error(`canvass: ${line}`)
  if (debug) console.error(error)
  process.exit(1)
})
