import { randomBytes } from 'node:crypto'
import { rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import type { DatabaseConfig } from '../../src/config.js'

// Every test file gets a database of its own: a fresh SQLite file, or a fresh schema in
// the PostgreSQL test database. Which one is decided by CANVASS_TEST_DB (set per vitest project).

export type TestBackend = 'sqlite' | 'postgres'

export const testBackend: TestBackend = process.env['CANVASS_TEST_DB'] === 'postgres' ? 'postgres' : 'sqlite'
export const postgresUrl = process.env['CANVASS_TEST_PG_URL'] ?? 'postgres://postgres@127.0.0.1:5432/test'

export interface TestDatabase {
  config: DatabaseConfig
  /** The same database as a DATABASE_URL, for child processes. */
  url: string
  drop(): Promise<void>
}

export async function createTestDatabase(backend: TestBackend = testBackend): Promise<TestDatabase> {
  const suffix = randomBytes(6).toString('hex')
  if (backend === 'sqlite') {
    const filename = join(tmpdir(), `canvass-test-${suffix}.sqlite`)
    return {
      config: { kind: 'sqlite', filename },
      url: `sqlite:${filename}`,
      async drop() {
        for (const extra of ['', '-wal', '-shm']) rmSync(`${filename}${extra}`, { force: true })
      },
    }
  }
  // Under `vitest` the run's global set-up names the run and drops its schemas at the end
  // (global-setup.ts); a file run some other way drops its own.
  const run = process.env['CANVASS_TEST_RUN']
  const schema = run ? `t_${run}_${suffix}` : `t_${suffix}`
  const admin = new pg.Client({ connectionString: postgresUrl })
  await admin.connect()
  await admin.query(`create schema ${schema}`)
  await admin.end()
  const url = `${postgresUrl}?options=${encodeURIComponent(`-c search_path=${schema}`)}`
  return {
    config: { kind: 'postgres', connectionString: url },
    url,
    async drop() {
      if (run) return
      const client = new pg.Client({ connectionString: postgresUrl })
      await client.connect()
      await client.query(`drop schema if exists ${schema} cascade`)
      await client.end()
    },
  }
}
