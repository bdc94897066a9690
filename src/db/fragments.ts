import { type RawBuilder, sql } from 'kysely'
import { type Db, dialectOf } from './database.js'
import type { StoredText } from './hot-reads.js'

// Pieces of SQL that the engines write differently, for the rest of Canvass's queries to take in.
// Each is asked of the handle it runs on (a database or a transaction on it).

/** A stored text column read for sending as it is (StoredText: SQLite's bytes, PostgreSQL's text). */
export function storedText<C extends string>(db: Db, column: C) {
  return dialectOf(db) === 'postgres'
    ? sql<StoredText>`${sql.ref(column)}`.as(column)
    : sql<StoredText>`cast(${sql.ref(column)} as blob)`.as(column)
}

/**
 * The memory a stored text of `bytes` holds while it is loaded. On SQLite twice its bytes: SQLite
 * assembles a large value from its overflow pages into one block, then better-sqlite3 copies it
 * into a Buffer. On PostgreSQL three times: `pg` receives the row into a buffer that grows by
 * doubling (up to twice the row), then decodes it to a string. Counted once, the large-pages
 * bench went past the 512 MB bound (docs/performance.md).
 */
export function loadedTextBytes(db: Db, bytes: number): number {
  return dialectOf(db) === 'postgres' ? 3 * bytes : 2 * bytes
}

/**
 * The memory a stored text of `bytes` holds while it is loaded as a string (the export reads it so,
 * src/domain/forms/export.ts): three times its bytes on either engine. On SQLite, the assembled
 * block, then a string that V8 stores two bytes a character once one character is past Latin-1.
 */
export function loadedStringBytes(_db: Db, bytes: number): number {
  return 3 * bytes
}

/** A column of jsonRecords: its name and how it is stored. */
export type JsonRecordColumns = Record<string, 'text' | 'bigint'>

/**
 * The rows of `json`, a JSON array of objects, as a table `r` with these columns (each object's
 * field of the same name), to select from: many rows in one short statement with one parameter,
 * whatever their number. A multi-row VALUES list of thousands of parameters costs more to prepare
 * on SQLite than to run, and is prepared anew every time.
 */
export function jsonRecords(db: Db, json: string, columns: JsonRecordColumns): RawBuilder<unknown> {
  const names = Object.keys(columns)
  if (dialectOf(db) === 'postgres') {
    const types = names.map((name) => sql`${sql.ref(name)} ${sql.raw(columns[name] as string)}`)
    return sql`json_to_recordset(${json}::json) as r(${sql.join(types)})`
  }
  const fields = names.map((name) => sql`value ->> ${sql.lit(name)} as ${sql.ref(name)}`)
  return sql`(select ${sql.join(fields)} from json_each(${json})) as r`
}

/** The text at index `index` of array `key` of a JSON text column (`definition`'s languages), or null. */
export function jsonArrayItem<A extends string>(db: Db, column: string, key: string, index: number, as: A) {
  return dialectOf(db) === 'postgres'
    ? sql<string | null>`(${sql.ref(column)}::jsonb -> ${key} ->> ${sql.lit(index)})`.as(as)
    : sql<string | null>`json_extract(${sql.ref(column)}, ${`$.${key}[${index}]`})`.as(as)
}
