import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { formatTimestamp, parseTimestamp, processClock } from '../../src/clock.js'
import { ConfigError, configFromEnv } from '../../src/config.js'
import { type Database, openDatabase } from '../../src/db/database.js'
import { migrateToLatest } from '../../src/db/migrate.js'
import { migrations } from '../../src/db/migrations/index.js'
import { createTestDatabase, type TestDatabase } from '../support/databases.js'

let testDatabase: TestDatabase
let database: Database
beforeAll(async () => {
  testDatabase = await createTestDatabase()
  database = openDatabase(testDatabase.config)
})
afterAll(async () => {
  await database.close()
  await testDatabase.drop()
})

describe('migrations', () => {
  it('run from empty in order, and a second run applies nothing', async () => {
    const applied = await migrateToLatest(database)
    expect(applied).toEqual(Object.keys(migrations))
    expect(await migrateToLatest(database)).toEqual([])
    const row = await database.db
      .selectFrom('workspaces')
      .select(sql<number>`count(*)`.as('n'))
      .executeTakeFirst()
    expect(Number(row?.n)).toBe(0)
  })

  it('keep microsecond timestamps exactly', async () => {
    const micros = processClock.nowMicros()
    await database.db.insertInto('workspaces').values({ id: 'ws_t', name: 't', created_at: micros }).execute()
    const row = await database.db
      .selectFrom('workspaces')
      .select('created_at')
      .where('id', '=', 'ws_t')
      .executeTakeFirst()
    expect(row?.created_at).toBe(micros)
    expect(typeof row?.created_at).toBe('number')
  })
})

describe('timestamps', () => {
  it('strictly increase and carry real microseconds', () => {
    const values = Array.from({ length: 2000 }, () => processClock.nowMicros())
    for (let i = 1; i < values.length; i++) expect(values[i]).toBeGreaterThan(values[i - 1] as number)
    const formatted = values.map(formatTimestamp)
    for (const text of formatted) expect(text).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/)
    // Not a millisecond clock padded with 000.
    expect(formatted.filter((text) => !text.endsWith('000Z')).length).toBeGreaterThan(1000)
    expect(Math.abs((values[0] as number) / 1000 - Date.now())).toBeLessThan(5000)
  })

  it('parse ISO 8601 and Unix seconds, refusing impossible instants', () => {
    expect(parseTimestamp('2026-11-22T10:04:05.123456Z')).toBe(
      Date.UTC(2026, 10, 22, 10, 4, 5, 123) * 1000 + 456,
    )
    expect(parseTimestamp('2026-11-22T11:04:05+01:00')).toBe(Date.UTC(2026, 10, 22, 10, 4, 5) * 1000)
    expect(parseTimestamp('1795381423')).toBe(1795381423_000_000)
    expect(formatTimestamp(parseTimestamp('2026-01-02T03:04:05.000007Z') as number)).toBe(
      '2026-01-02T03:04:05.000007Z',
    )
    for (const bad of ['2026-02-30T00:00:00Z', 'yesterday', '', '2026-11-22', '2026-11-22T25:00:00Z']) {
      expect(parseTimestamp(bad), bad).toBeUndefined()
    }
  })
})

describe('configuration', () => {
  it('defaults as documented', () => {
    const config = configFromEnv({})
    expect(config).toEqual(
      expect.objectContaining({
        database: { kind: 'sqlite', filename: './data/canvass.sqlite' },
        port: 3000,
        host: '127.0.0.1',
        rateLimit: 100,
        authFailureLimit: 20,
        bodyLimit: 4194304,
        bulkMax: 1000,
        webhookAllowPrivate: false,
        webhookTimeoutMs: 10000,
        webhookRetrySchedule: [5, 300, 1800, 7200, 18000, 36000, 36000],
        worker: true,
      }),
    )
    expect(configFromEnv({ DATABASE_URL: 'sqlite::memory:' }).database).toEqual({
      kind: 'sqlite',
      filename: ':memory:',
    })
    expect(configFromEnv({ DATABASE_URL: 'postgres://u@h:5432/d' }).database.kind).toBe('postgres')
  })

  it('names the variable of a bad value', () => {
    const cases: Record<string, string> = {
      DATABASE_URL: 'mysql://x',
      PORT: '70000',
      LOG_LEVEL: 'loud',
      CANVASS_RATE_LIMIT: '-1',
      CANVASS_AUTH_FAILURE_LIMIT: 'many',
      CANVASS_BODY_LIMIT: 'big',
      CANVASS_WEBHOOK_ALLOW_PRIVATE: 'maybe',
      CANVASS_WEBHOOK_RETRY_SCHEDULE: '5,soon',
      CANVASS_WORKER: '2',
    }
    for (const [name, value] of Object.entries(cases)) {
      expect(() => configFromEnv({ [name]: value }), name).toThrow(ConfigError)
      expect(() => configFromEnv({ [name]: value }), name).toThrow(name)
    }
  })
})
