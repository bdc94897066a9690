import { randomBytes } from 'node:crypto'
import { rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'

// Every scenario measures on a throwaway database: a temporary SQLite file, or a fresh
// PostgreSQL database created for it and dropped afterwards.

export type BenchDb = 'sqlite' | 'postgres'

/** Where PostgreSQL is; the bench creates and drops its own databases there. */
export const postgresAdminUrl =
  process.env['CANVASS_BENCH_PG_URL'] ?? 'postgres://postgres@127.0.0.1:5432/test'

export interface ThrowawayDatabase {
  kind: BenchDb
  /** DATABASE_URL for Canvass. */
  url: string
  /** The SQLite file (sqlite only). */
  filename: string
  /** Connection string for the floors (postgres only). */
  connectionString: string
  drop(): Promise<void>
}

export async function createThrowawayDatabase(kind: BenchDb, label: string): Promise<ThrowawayDatabase> {
  const suffix = `${label.replace(/[^a-z0-9]/g, '_')}_${randomBytes(4).toString('hex')}`
  if (kind === 'sqlite') {
    const filename = join(tmpdir(), `canvass-bench-${suffix}.sqlite`)
    return {
      kind,
      url: `sqlite:${filename}`,
      filename,
      connectionString: '',
      async drop() {
        for (const extra of ['', '-wal', '-shm']) rmSync(`${filename}${extra}`, { force: true })
      },
    }
  }
  const name = `canvass_bench_${suffix}`
  await adminQuery(`create database ${name}`)
  const url = new URL(postgresAdminUrl)
  url.pathname = `/${name}`
  return {
    kind,
    url: url.toString(),
    filename: '',
    connectionString: url.toString(),
    async drop() {
      await adminQuery(`drop database if exists ${name} with (force)`)
    },
  }
}

async function adminQuery(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: postgresAdminUrl })
  await client.connect()
  try {
    await client.query(text)
  } finally {
    await client.end()
  }
}
