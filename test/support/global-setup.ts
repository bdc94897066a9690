import { randomBytes } from 'node:crypto'
import pg from 'pg'

// PostgreSQL test schemas are dropped once every file of the run has finished, not by each file
// as it ends: with two files at a time, a schema dropped while the other file's migrator
// introspected the catalog failed that file ("schema t_... does not exist", once in four runs).
// Each run names its schemas t_<run>_..., so a run never drops another's.

export default function setup(): () => Promise<void> {
  const run = randomBytes(3).toString('hex')
  process.env['CANVASS_TEST_RUN'] = run
  return async () => {
    const url = process.env['CANVASS_TEST_PG_URL'] ?? 'postgres://postgres@127.0.0.1:5432/test'
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 })
    try {
      await client.connect()
    } catch {
      return // PostgreSQL was not used (or not reachable): nothing to drop.
    }
    try {
      const { rows } = await client.query<{ name: string }>(
        `select nspname as name from pg_namespace where nspname like $1`,
        [`t\\_${run}\\_%`],
      )
      for (const { name } of rows) await client.query(`drop schema if exists ${name} cascade`)
    } finally {
      await client.end()
    }
  }
}
