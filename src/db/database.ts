import { createHash } from 'node:crypto'
import { mkdirSync } from 'node:fs'
import { dirname } from 'node:path'
import { CompiledQuery, Kysely, PostgresAdapter, type RawBuilder, SqliteDialect, sql } from 'kysely'
import { LRUCache } from 'lru-cache'
import pg from 'pg'
import type { DatabaseConfig } from '../config.js'
import { type HotReads, hotReads, type PreparedRead } from './hot-reads.js'
import { type HotWrites, hotWrites, type PreparedWrite } from './hot-writes.js'
import { OwnSchemaPostgresDialect } from './own-schema.js'
import { listenOn } from './postgres-connections.js'
import type { Schema } from './schema.js'
import { openSqliteConnection, type SqliteConnection, type SqliteStatement } from './sqlite-driver.js'

// The one place that knows the drivers: it opens the database, owns transactions
// (BEGIN IMMEDIATE and busy retries on SQLite, serialisation retries on PostgreSQL)
// and hides the dialects' quirks from the rest of Canvass. Where the engines must differ, the
// rest of Canvass asks for a named operation (here, in hot-reads.ts and in fragments.ts); no
// file outside src/db asks which engine it is on (test/architecture.test.ts).

export type Dialect = 'sqlite' | 'postgres'
export type Db = Kysely<Schema>

/** The database inside one transaction: queries, and work to do only once it has committed. */
export type Transaction = Db & {
  /**
   * Runs hook after the transaction commits (never if it rolls back), for effects others must
   * not see before the data they announce is visible. A hook must not throw.
   */
  afterCommit(hook: () => void): void
  /**
   * Runs hook if this try of the transaction does not commit (it failed and was rolled back,
   * perhaps to be tried again), to give back what the try set aside. A hook must not throw.
   */
  afterRollback(hook: () => void): void
  /**
   * Tells every process listening on `channel` (Database.listen) once the transaction commits.
   * Where the database has no listeners (SQLite: followers poll), nothing.
   */
  notify(channel: string, payload: string): Promise<void>
  /**
   * Holds the row's lock until the transaction ends, so transactions that lock the same row run
   * one after another; rows that only reference it can still be written (PostgreSQL: FOR NO KEY
   * UPDATE). On SQLite every write transaction runs alone already: nothing to do.
   */
  lockRow(table: 'forms' | 'workspaces', id: string): Promise<void>
}

/** What differs between the engines, in the terms the rest of Canvass needs. */
export interface Capabilities {
  /**
   * Whether processes other than this one may be working on the database at once (PostgreSQL):
   * then leases and locks another holds are real. False where one process serves the database
   * (SQLite), so what a crashed run of it left held is void when it starts again.
   */
  readonly sharedByProcesses: boolean
}

export interface Database {
  /** Which engine, for tests and messages; code outside src/db asks for a named operation instead. */
  readonly dialect: Dialect
  readonly db: Db
  readonly capabilities: Capabilities
  /** The hottest reads, written by hand and prepared once (hot-reads.ts). */
  readonly reads: HotReads
  /** The hottest write, likewise (hot-writes.ts); outside transactions. */
  readonly writes: HotWrites
  /** Runs fn in one write transaction, retrying when the database asks for it. */
  transaction<T>(fn: (trx: Transaction) => Promise<T>): Promise<T>
  /**
   * Runs fn as one claim of queued rows: rows a select of fn's locks by ending with `skipClaimed`
   * stay this claim's until fn returns, and rows another claim holds are skipped, so workers in
   * several processes claim different rows (PostgreSQL: a transaction, FOR UPDATE SKIP LOCKED).
   * On SQLite one process claims, and its statements run one at a time: fn runs without a
   * transaction and `skipClaimed` is empty.
   */
  claim<T>(fn: (db: Db, skipClaimed: RawBuilder<unknown>) => Promise<T>): Promise<T>
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

/** The dialect of a database handle or of a transaction on it (for src/db's own fragments). */
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
  // (measured with the submit bench: docs/performance.md).
  if (!memory) driver.pragma('wal_autocheckpoint = 10000')
  driver.pragma('foreign_keys = ON')
  cachePreparedStatements(driver)
  const db = new Kysely<Schema>({ dialect: new SqliteDialect({ database: driver }) })
  // The hot reads run prepared statements on a second, read-only connection: it sees only
  // committed data (WAL), never the half-done transaction Kysely's connection may be in. An
  // in-memory database has no second connection: they run through Kysely then.
  let reader: SqliteConnection | undefined
  const readOnly = () => {
    if (!reader) {
      reader = openSqliteConnection(filename, { readonly: true })
      reader.pragma('busy_timeout = 5000')
    }
    return reader
  }
  const prepare = (text: string): PreparedRead => {
    if (memory) return throughKysely(db, text)
    const statement = readOnly().prepare(text).raw()
    return (params) => statement.all(...params) as unknown[][]
  }

  return {
    dialect: 'sqlite',
    db,
    capabilities: { sharedByProcesses: false },
    reads: hotReads({ prepare, placeholder: () => '?', joinedPages: true }),
    // Through Kysely's one connection, which runs a statement only between transactions; its
    // statement cache (below) prepares the text once.
    writes: hotWrites({
      prepare: (text) => writeThroughKysely(db, text),
      placeholder: () => '?',
      jsonElements: (parameter) => `json_each(${parameter})`,
      jsonItem: (index) => `value ->> ${index}`,
    }),
    async transaction(fn) {
      // Kysely serialises every query on its single SQLite connection, so holding the
      // connection for the transaction keeps other requests out until it ends.
      return retry(isSqliteBusy, () =>
        withCommitHooks((hooks) =>
          db.connection().execute(async (conn) => {
            await conn.executeQuery(BEGIN_IMMEDIATE)
            try {
              const result = await fn(Object.assign(conn, { ...hooks, notify: nothing, lockRow: nothing }))
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
    claim(fn) {
      return fn(db, sql``)
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
 * a short statement (the submit bench: docs/performance.md). Statements
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

const nothing = async () => undefined

/** A hand-written read run through Kysely, each row as the array of its columns. */
function throughKysely(db: Db, text: string): PreparedRead {
  return async (params) =>
    (await db.executeQuery<Record<string, unknown>>(CompiledQuery.raw(text, params))).rows.map((row) =>
      Object.values(row),
    )
}

/** A hand-written write run through Kysely; how many rows it changed. */
function writeThroughKysely(db: Db, text: string): PreparedWrite {
  return async (params) =>
    Number((await db.executeQuery(CompiledQuery.raw(text, params))).numAffectedRows ?? 0)
}

/** A named write: parsed and planned once per pooled connection, then only bound. */
function writeOnPool(pool: pg.Pool, text: string): PreparedWrite {
  const name = `canvass_${createHash('sha256').update(text).digest('hex').slice(0, 24)}`
  return async (values) => (await pool.query({ name, text, values })).rowCount ?? 0
}

/** A named statement: parsed and planned once per pooled connection, then only bound. */
function preparedOnPool(pool: pg.Pool, text: string): PreparedRead {
  const name = `canvass_${createHash('sha256').update(text).digest('hex').slice(0, 24)}`
  return async (values) => (await pool.query<unknown[]>({ name, text, values, rowMode: 'array' })).rows
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
  const db = new Kysely<Schema>({ dialect: new OwnSchemaPostgresDialect({ pool }) })
  const listeners = new Set<() => Promise<void>>()
  const transaction: Database['transaction'] = (fn) =>
    retry(isPostgresRetryable, () =>
      withCommitHooks((hooks) =>
        db.transaction().execute((trx) =>
          fn(
            Object.assign(trx, {
              ...hooks,
              // Delivered by PostgreSQL when (and only if) the transaction commits.
              notify: async (channel: string, payload: string) => {
                await sql`select pg_notify(${channel}, ${payload})`.execute(trx)
              },
              lockRow: async (table: 'forms' | 'workspaces', id: string) => {
                await sql`select id from ${sql.table(table)} where id = ${id} for no key update`.execute(trx)
              },
            }),
          ),
        ),
      ),
    )

  return {
    dialect: 'postgres',
    db,
    capabilities: { sharedByProcesses: true },
    reads: hotReads({
      prepare: (text) => preparedOnPool(pool, text),
      placeholder: (n) => `$${n}`,
      joinedPages: false,
    }),
    writes: hotWrites({
      prepare: (text) => writeOnPool(pool, text),
      placeholder: (n) => `$${n}`,
      jsonElements: (parameter) => `json_array_elements(${parameter}::json) as element(value)`,
      jsonItem: (index, type) => (type === 'bigint' ? `(value ->> ${index})::bigint` : `value ->> ${index}`),
    }),
    transaction,
    claim: (fn) => transaction((trx) => fn(trx, sql`for update skip locked`)),
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
 * One try of a transaction, then the hooks it registered: those for a commit once it has committed
 * and released its connection, those for a rollback if it failed (rolled back, perhaps to be
 * retried). A throwing hook is ignored: after a commit the data is committed, and an error would
 * make the caller retry or report a write that happened; after a rollback the error is the try's.
 */
async function withCommitHooks<T>(
  run: (hooks: Pick<Transaction, 'afterCommit' | 'afterRollback'>) => Promise<T>,
): Promise<T> {
  const committed: (() => void)[] = []
  const rolledBack: (() => void)[] = []
  let result: T
  try {
    result = await run({
      afterCommit: (hook) => committed.push(hook),
      afterRollback: (hook) => rolledBack.push(hook),
    })
  } catch (error) {
    runHooks(rolledBack)
    throw error
  }
  runHooks(committed)
  return result
}

function runHooks(hooks: (() => void)[]): void {
  for (const hook of hooks) {
    try {
      hook()
    } catch {
      // See withCommitHooks: nothing to undo.
    }
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
