import pg from 'pg'
import type { DatabaseConfig } from '../config.js'

// PostgreSQL connections of their own, outside the pool: one to create the database before it
// exists, one per channel listened on.

type PostgresConfig = Extract<DatabaseConfig, { kind: 'postgres' }>

/**
 * `canvass migrate --create-database`: creates the PostgreSQL database DATABASE_URL names, through
 * the server's `postgres` maintenance database. Its name when it was created; undefined when it was there.
 * SQLite needs nothing: the file is created when first opened.
 */
export async function createDatabaseIfMissing(config: DatabaseConfig): Promise<string | undefined> {
  if (config.kind === 'sqlite') return undefined
  const target = new URL(config.connectionString)
  const name = decodeURIComponent(target.pathname.slice(1))
  if (name === '') throw new Error('DATABASE_URL names no database (postgres://user@host:port/<name>)')
  const maintenance = new URL(config.connectionString)
  maintenance.pathname = name === 'postgres' ? '/template1' : '/postgres'
  maintenance.search = ''
  const client = new pg.Client({ connectionString: maintenance.toString(), connectionTimeoutMillis: 5000 })
  await client.connect()
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [name])
    if (found.rowCount) return undefined
    await client.query(`create database ${pg.escapeIdentifier(name)}`)
    return name
  } catch (error) {
    // Another process created it in between.
    if ((error as { code?: unknown }).code === '42P04') return undefined
    throw error
  } finally {
    await client.end()
  }
}

/**
 * LISTENs on `channel` over one dedicated connection, reconnecting when it is lost (`onConnect`
 * runs after each (re)connection). Returns the function that stops listening.
 */
export function listenOn(
  config: PostgresConfig,
  channel: string,
  onNotification: (payload: string) => void,
  onConnect: () => void,
): () => Promise<void> {
  let stopped = false
  let client: pg.Client | undefined
  let retry: NodeJS.Timeout | undefined
  const connect = async () => {
    if (stopped) return
    const next = new pg.Client({
      connectionString: config.connectionString,
      ...(config.schema ? { options: `-c search_path=${config.schema}` } : {}),
    })
    const reconnect = () => {
      if (client !== next) return
      client = undefined
      next.end().catch(() => undefined)
      if (!stopped) retry = setTimeout(() => void connect(), 1000)
    }
    next.on('error', reconnect)
    next.on('end', reconnect)
    next.on('notification', (message) => {
      if (message.channel === channel) onNotification(message.payload ?? '')
    })
    client = next
    try {
      await next.connect()
      await next.query(`listen "${channel.replace(/"/g, '""')}"`)
      if (stopped) await next.end()
      else onConnect()
    } catch {
      reconnect()
    }
  }
  void connect()
  return async () => {
    stopped = true
    clearTimeout(retry)
    const current = client
    client = undefined
    await current?.end().catch(() => undefined)
  }
}
