import { createHash } from 'node:crypto'
import { mkdirSync } from 'node:fs'
import { dirname } from 'node:path'
import { CompiledQuery, Kysely, PostgresAdapter, PostgresDialect, SqliteDialect, sql } from 'kysely'
import { LRUCache } from 'lru-cache'
import pg from 'pg'
import type { DatabaseConfig } from '../config.js'
import type { Schema } from './schema.js'
import { openSqliteConnection, type SqliteConnection, type SqliteStatement } from './sqlite-driver.js'

// The one place that knows the drivers: it opens the database, owns transactions
// (BEGIN IMMEDIATE and busy retries on SQLite, serialisation retries on PostgreSQL)
// and hides the dialects' quirks from the rest of Canvass.

export type Dialect = 'sqlite' | 'postgres'
export type Db = Kysely<Schema>

/** The database inside one transaction: queries, and work to do only once it has committed. */
export type Transaction = Db & {
  /**
   * Runs hook after the transaction commits (never if it rolls back), for effects others must
   * not see before the data they announce is visible. A hook must not throw.
   */
  afterCommit(hook: () => void): void
}

export interface Database {
  readonly dialect: Dialect
  readonly db: Db
  /** Runs fn in one write transaction, retrying when the database asks for it. */
  transaction<T>(fn: (trx: Transaction) => Promise<T>): Promise<T>
  ping(): Promise<void>
  /**
   * PostgreSQL only: LISTEN on `channel` over one dedicated connection, reconnecting when it is
   * lost (`onConnect` runs after each (re)connection, so callers can catch up on what they missed).
   * Returns the function that stops listening.
   */
  listen?(
    channel: string,
    onNotification: (payload: string) => void,
    onConnect: () => void,
  ): () => Promise<void>
  close(): Promise<void>
}

/** The dialect of a database handle or of a transaction on it. */
export function dialectOf(db: Db): Dialect {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite'
}

const INT8_OID = 20
// Compiled once: every submission is one transaction, and compiling these costs a few µs each.
const BEGIN_IMMEDIATE = CompiledQuery.raw('begin immediate')
const COMMIT = CompiledQuery.raw('commit')
const ROLLBACK = CompiledQuery.raw('rollback')

export function openDatabase(config: DatabaseConfig, options: { poolSize?: number } = {}): Database {
  return config.kind === 'sqlite' ? openSqlite(config.filename) : openPostgres(config, options.poolSize ?? 10)
}

function openSqlite(filename: string): Database {
  const memory = filename === ':memory:'
  if (!memory) mkdirSync(dirname(filename), { recursive: true })
  const driver = openSqliteConnection(filename)
  if (!memory) driver.pragma('journal_mode = WAL')
  driver.pragma('busy_timeout = 5000')
  driver.pragma('synchronous = NORMAL')
  // Checkpoint every 10,000 pages (~40 MB of WAL) rather than 1,000: each checkpoint blocks the
  // one connection for its page copies and fsyncs, and pages rewritten by every submission (the
  // form's row, the ends of the indexes) are copied once per checkpoint, not ten times
  // (`npm run bench -- --only submit`: commits ~370 -> ~330 µs of wall time per submission).
  if (!memory) driver.pragma('wal_autocheckpoint = 10000')
  driver.pragma('foreign_keys = ON')
  cachePreparedStatements(driver)
  const db = new Kysely<Schema>({ dialect: new SqliteDialect({ database: driver }) })
  // Hot read paths may use prepared statements on a second, read-only connection: it sees only
  // committed data (WAL), never the half-done transaction Kysely's connection may be in.
  let reader: SqliteConnection | undefined
  if (!memory) {
    sqliteReaders.set(db, () => {
      if (!reader) {
        reader = openSqliteConnection(filename, { readonly: true })
        reader.pragma('busy_timeout = 5000')
      }
      return reader
    })
  }

  return {
    dialect: 'sqlite',
    db,
    async transaction(fn) {
      // Kysely serialises every query on its single SQLite connection, so holding the
      // connection for the transaction keeps other requests out until it ends.
      return retry(isSqliteBusy, () =>
        withCommitHooks((afterCommit) =>
          db.connection().execute(async (conn) => {
            await conn.executeQuery(BEGIN_IMMEDIATE)
            try {
              const result = await fn(Object.assign(conn, { afterCommit }))
              await conn.executeQuery(COMMIT)
              return result
            } catch (error) {
              await conn.executeQuery(ROLLBACK).catch(() => undefined)
              throw error
            }
          }),
        ),
      )
    },
    async ping() {
      await sql`select 1`.execute(db)
    },
    async close() {
      reader?.close()
      await db.destroy()
    },
  }
}

/**
 * Kysely's SQLite driver prepares every query anew, and preparing costs about as much as running
 * a short statement (`npm run bench`, submit: ~560 -> ~400 µs of CPU per submission). Statements
 * are reused by SQL text; Kysely runs one query at a time on this connection, so a cached
 * statement is never in use twice. Long texts (multi-row inserts) rarely repeat: not kept.
 */
function cachePreparedStatements(driver: SqliteConnection): void {
  const cache = new LRUCache<string, SqliteStatement>({ max: 500 })
  const prepare = driver.prepare.bind(driver)
  driver.prepare = ((text: string) => {
    let statement = cache.get(text)
    if (statement === undefined) {
      statement = prepare(text)
      if (text.length <= 4096) cache.set(text, statement)
    }
    return statement
  }) as typeof driver.prepare
}

const sqliteReaders = new WeakMap<Db, () => SqliteConnection>()
const postgresPools = new WeakMap<Db, pg.Pool>()

/**
 * A prepared read-only statement returning the first column of each row, for hot read paths
 * where building and preparing each query costs as much as running it: on SQLite a statement on
 * the read-only connection, on PostgreSQL a named statement (parsed and planned once per pooled
 * connection, then only bound). Undefined on in-memory SQLite: callers fall back to Kysely.
 */
export function preparedColumnReader(
  db: Db,
  text: string,
): ((...params: unknown[]) => unknown[] | Promise<unknown[]>) | undefined {
  return preparedReader(db, text, 'column') as ReturnType<typeof preparedColumnReader>
}

/** As preparedColumnReader, each row as an array of its columns. */
export function preparedRowReader(
  db: Db,
  text: string,
): ((...params: unknown[]) => unknown[][] | Promise<unknown[][]>) | undefined {
  return preparedReader(db, text, 'row') as ReturnType<typeof preparedRowReader>
}

function preparedReader(
  db: Db,
  text: string,
  shape: 'column' | 'row',
): ((...params: unknown[]) => unknown[] | Promise<unknown[]>) | undefined {
  const pool = postgresPools.get(db)
  if (pool) {
    const name = `canvass_${createHash('sha256').update(text).digest('hex').slice(0, 24)}`
    return async (...values) => {
      const result = await pool.query<unknown[]>({ name, text, values, rowMode: 'array' })
      return shape === 'row' ? result.rows : result.rows.map((row) => row[0])
    }
  }
  const reader = sqliteReaders.get(db)
  if (!reader) return undefined
  const statement = shape === 'row' ? reader().prepare(text).raw() : reader().prepare(text).pluck()
  return (...params) => statement.all(...params)
}

function openPostgres(config: Extract<DatabaseConfig, { kind: 'postgres' }>, poolSize: number): Database {
  const pool = new pg.Pool({
    connectionString: config.connectionString,
    max: poolSize,
    connectionTimeoutMillis: 5000,
    ...(config.schema ? { options: `-c search_path=${config.schema}` } : {}),
    // Microsecond timestamps and counts are int8; they fit in a double (< 2^53).
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
        oid === INT8_OID
          ? Number
          : pg.types.getTypeParser(oid, format as 'text')) as typeof pg.types.getTypeParser,
    },
  })
  // An idle client losing its connection (database restart) must not crash the process.
  pool.on('error', () => undefined)
  const db = new Kysely<Schema>({ dialect: new PostgresDialect({ pool }) })
  postgresPools.set(db, pool)
  const listeners = new Set<() => Promise<void>>()

  return {
    dialect: 'postgres',
    db,
    transaction(fn) {
      return retry(isPostgresRetryable, () =>
        withCommitHooks((afterCommit) =>
          db.transaction().execute((trx) => fn(Object.assign(trx, { afterCommit }))),
        ),
      )
    },
    async ping() {
      await sql`select 1`.execute(db)
    },
    listen(channel, onNotification, onConnect) {
      const stop = listenOn(config, channel, onNotification, onConnect)
      listeners.add(stop)
      return async () => {
        listeners.delete(stop)
        await stop()
      }
    },
    async close() {
      // Listening connections belong to the database: closing it ends them too.
      await Promise.all([...listeners].map((stop) => stop()))
      listeners.clear()
      await db.destroy()
    },
  }
}

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
    if (errorCode(error) === '42P04') return undefined
    throw error
  } finally {
    await client.end()
  }
}

/**
 * One try of a transaction, then the hooks it registered, once it has committed and released its
 * connection. A try that fails (rolled back, perhaps retried) drops its hooks with it. A throwing
 * hook is ignored: the data is committed, and an error would make the caller retry or report a
 * write that happened.
 */
async function withCommitHooks<T>(run: (afterCommit: (hook: () => void) => void) => Promise<T>): Promise<T> {
  const hooks: (() => void)[] = []
  const result = await run((hook) => hooks.push(hook))
  for (const hook of hooks) {
    try {
      hook()
    } catch {
      // See above: nothing to undo.
    }
  }
  return result
}

function listenOn(
  config: Extract<DatabaseConfig, { kind: 'postgres' }>,
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

async function retry<T>(
  retryable: (error: unknown) => boolean,
  run: () => Promise<T>,
  attempts = 5,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run()
    } catch (error) {
      if (attempt >= attempts || !retryable(error)) throw error
      await new Promise((resolve) => setTimeout(resolve, 5 * attempt + Math.random() * 20))
    }
  }
}

function errorCode(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : undefined
}

function isSqliteBusy(error: unknown): boolean {
  const code = errorCode(error)
  return code === 'SQLITE_BUSY' || code === 'SQLITE_LOCKED'
}

function isPostgresRetryable(error: unknown): boolean {
  const code = errorCode(error)
  return code === '40001' || code === '40P01'
}

export function isUniqueViolation(error: unknown): boolean {
  const code = errorCode(error)
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY'
}
