import { type Command, InvalidArgumentError } from 'commander'
import { formatTimestamp, processClock } from '../clock.js'
import { allScopes, isScope, type Scope } from '../domain/scopes.js'
import { createToken, ensureWorkspace, listTokens, revokeToken } from '../domain/tokens.js'
import { withDatabase } from './setup.js'

// `canvass token create|list|revoke`: API tokens, for machines and for signing in to the dashboard.

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

export function registerTokenCommands(program: Command): void {
  const token = program.command('token').description('manage API tokens')

  token
    .command('create')
    .description('create an API token; it is printed alone on the last line, once')
    .option('--workspace <name>', 'workspace (created if new)', 'default')
    .option('--name <name>', 'a label for the token', 'cli')
    .option('--scopes <a,b>', `comma-separated scopes (default all: ${allScopes.join(',')})`, parseScopes)
    .action(async (options: { workspace: string; name: string; scopes?: Scope[] }) => {
      const created = await withDatabase(async ({ db }) => {
        const workspaceId = await ensureWorkspace(db, processClock, options.workspace)
        return createToken(db, processClock, {
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
      const found = await withDatabase(({ db }) => revokeToken(db, processClock, id))
      if (!found) {
        console.error(`no token with id ${id}`)
        process.exitCode = 1
        return
      }
      console.log(`revoked ${id}`)
    })
}

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
