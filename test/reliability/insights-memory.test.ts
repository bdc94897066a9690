import { randomBytes } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { sql } from 'kysely'
import { Agent, request } from 'undici'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { formatTimestamp, parseTimestamp, processClock } from '../../src/clock.js'
import { openDatabase } from '../../src/db/database.js'
import { migrateToLatest } from '../../src/db/migrate.js'
import { createForm } from '../../src/domain/forms/forms.js'
import { submitResponse } from '../../src/domain/forms/responses/store.js'
import { createToken, ensureWorkspace } from '../../src/domain/tokens.js'
import { DeliverySignal } from '../../src/domain/webhooks/signal.js'
import { createTestDatabase, type TestDatabase } from '../support/databases.js'
import { startServe } from '../support/process.js'

// Issue 25: insights read stored responses within the memory bound. 100 responses of ~3.9 MB
// (400 long-text answers, a few counted ones), written before the server starts; then, with a
// read-only token, 8 concurrent insights over all 100 ids and 8 over a window whose edges fall
// inside minutes (every response of the window in its two partial minutes). Every answer is
// complete and exact, and `canvass serve` peaks under 512 MB RSS (VmHWM) and stays up. Before
// the fix each such request held every matching item at once: 8 id lists took ~2 GB.

const PEAK_RSS_BOUND_MB = 512
const RESPONSES = 100
const CONCURRENT = 8
const LONG_TEXTS = 400
// Response n is submitted at FIRST + n seconds: minutes 10:20 (n < 60) and 10:21.
const FIRST = parseTimestamp('2031-06-01T10:20:00.25Z') as number
// Leaves out response 0 (10:20:00.25) and response 99 (10:21:39.25): both edges inside a minute.
const WINDOW = '?since=2031-06-01T10:20:00.5Z&until=2031-06-01T10:21:39.1Z'
const COLOURS = ['Red', 'Green', 'Blue']

let database: TestDatabase
let server: Awaited<ReturnType<typeof startServe>>
let token: string
let formId: string
const ids: string[] = []
const agent = new Agent({ connections: 32 })

const longTexts = Array.from({ length: LONG_TEXTS }, (_, n) => ({
  id: `t${n}`,
  title: `Tell us more ${n}`,
  type: 'long_text' as const,
  properties: { max_length: 10000 },
}))

const form = {
  title: 'Large answers, counted',
  questions: [
    { id: 'nps', title: 'Recommend?', type: 'nps' as const },
    { id: 'rate', title: 'Rate', type: 'rating' as const, properties: { steps: 5 } },
    { id: 'again', title: 'Again?', type: 'yes_no' as const },
    {
      id: 'colours',
      title: 'Colours',
      type: 'multiple_choice' as const,
      properties: { allow_multiple: true, choices: COLOURS },
    },
    { id: 'visits', title: 'Visits', type: 'number' as const },
    ...longTexts,
  ],
  variables: [{ name: 'score', calculations: [{ op: 'add' as const, question_id: 'nps' }] }],
}

const counted = (n: number) => ({
  nps: n % 11,
  rate: 1 + (n % 5),
  again: n % 3 !== 0,
  colours: COLOURS.filter((_, bit) => (n >> bit) & 1),
  visits: n * 3 - 50,
})

/** 400 answers of 9,700 characters (~3.9 MB) and the counted ones. */
function submission(n: number) {
  const text = randomBytes(4850).toString('hex')
  const { colours, ...rest } = counted(n)
  return {
    answers: {
      ...rest,
      ...(colours.length > 0 ? { colours } : {}),
      ...Object.fromEntries(longTexts.map((question) => [question.id, text])),
    },
  }
}

// + 0: never -0, as the API never answers it.
const round = (value: number, decimals: number) => Math.round(value * 10 ** decimals) / 10 ** decimals + 0

/** The insights document of responses `ns`, computed here from what was submitted. */
function expectedInsights(ns: number[]) {
  const given = ns.map(counted)
  const count = (values: number[], scale: number[]) => {
    const distribution: Record<string, number> = Object.fromEntries(scale.map((v) => [String(v), 0]))
    for (const value of values) distribution[String(value)] = (distribution[String(value)] ?? 0) + 1
    return distribution
  }
  const mean = (values: number[]) => round(values.reduce((a, b) => a + b, 0) / values.length, 2)
  const nps = given.map((g) => g.nps)
  const promoters = nps.filter((v) => v >= 9).length
  const detractors = nps.filter((v) => v <= 6).length
  const visits = given.map((g) => g.visits)
  const choosing = given.filter((g) => g.colours.length > 0)
  // A form of one page without rules: every question is shown to every respondent, each of whom
  // started, reached the one page and completed.
  const questions = [
    {
      id: 'nps',
      title: 'Recommend?',
      type: 'nps',
      answered: ns.length,
      distribution: count(
        nps,
        Array.from({ length: 11 }, (_, v) => v),
      ),
      mean: mean(nps),
      nps: {
        promoters,
        passives: ns.length - promoters - detractors,
        detractors,
        score: round((100 * (promoters - detractors)) / ns.length, 1),
      },
    },
    {
      id: 'rate',
      title: 'Rate',
      type: 'rating',
      answered: ns.length,
      distribution: count(
        given.map((g) => g.rate),
        [1, 2, 3, 4, 5],
      ),
      mean: mean(given.map((g) => g.rate)),
    },
    {
      id: 'again',
      title: 'Again?',
      type: 'yes_no',
      answered: ns.length,
      yes: given.filter((g) => g.again).length,
      no: given.filter((g) => !g.again).length,
    },
    {
      id: 'colours',
      title: 'Colours',
      type: 'multiple_choice',
      answered: choosing.length,
      choices: COLOURS.map((label) => ({
        label,
        count: choosing.filter((g) => g.colours.includes(label)).length,
      })),
    },
    {
      id: 'visits',
      title: 'Visits',
      type: 'number',
      answered: ns.length,
      distribution: count(
        [...visits].sort((a, b) => a - b),
        [],
      ),
      mean: mean(visits),
    },
    ...longTexts.map((q) => ({ id: q.id, title: q.title, type: 'long_text', answered: ns.length })),
  ]
  return {
    form_id: formId,
    responses: ns.length,
    questions: questions.map((question) => ({ ...question, shown: ns.length })),
    funnel: { started: ns.length, completed: ns.length, pages: [{ id: 'page_1', reached: ns.length }] },
    variables: [{ name: 'score', mean: mean(nps), min: Math.min(...nps), max: Math.max(...nps) }],
    timeline: [{ date: '2031-06-01', responses: ns.length }],
  }
}

async function insights(query: string): Promise<{ status: number; body: unknown }> {
  const response = await request(`${server.baseUrl}/v1/forms/${formId}/insights${query}`, {
    dispatcher: agent,
    headers: { authorization: `Bearer ${token}` },
  })
  return { status: response.statusCode, body: await response.body.json() }
}

function peakRssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8')
  return Number(/VmHWM:\s+(\d+) kB/.exec(status)?.[1]) / 1024
}

/** The form and its responses, written straight into the database, each at its chosen instant. */
async function seed(config: TestDatabase['config']): Promise<void> {
  const seeding = openDatabase(config)
  try {
    await migrateToLatest(seeding)
    const workspaceId = await ensureWorkspace(seeding.db, processClock, 'main')
    token = (
      await createToken(seeding.db, processClock, { workspaceId, name: 'reader', scopes: ['responses:read'] })
    ).token
    formId = (await createForm(seeding.db, processClock, workspaceId, form)).id
    for (let n = 0; n < RESPONSES; n++) {
      // Stamped max(now, newest + 1 µs): the newest is set just before the wanted instant.
      const at = FIRST + n * 1_000_000
      await sql`update forms set last_submitted_at = ${at - 1} where id = ${formId}`.execute(seeding.db)
      const stored = await submitResponse(
        seeding,
        processClock,
        new DeliverySignal(),
        workspaceId,
        formId,
        submission(n),
      )
      if (stored?.item.submitted_at !== formatTimestamp(at))
        throw new Error(`response ${n} not stored at ${at}`)
      ids.push(stored.item.id)
    }
  } finally {
    await seeding.close()
  }
}

beforeAll(async () => {
  database = await createTestDatabase()
  await seed(database.config)
}, 300_000)

// A server of its own for each case, started after seeding: its peak RSS is that of the reads alone.
beforeEach(async () => {
  server = await startServe({ DATABASE_URL: database.url })
}, 60_000)

afterEach(async () => {
  await server?.stop()
}, 60_000)

afterAll(async () => {
  await agent.destroy()
  await database?.drop()
}, 120_000)

describe('insights read stored responses within the memory bound (issue 25)', () => {
  it('answers 8 concurrent insights over 100 ids of ~3.9 MB responses, exactly, within the RSS bound', async () => {
    const all = Array.from({ length: RESPONSES }, (_, n) => n)
    const answers = await Promise.all(
      Array.from({ length: CONCURRENT }, () => insights(`?included_response_ids=${ids.join(',')}`)),
    )
    for (const answer of answers) {
      expect(answer.status).toBe(200)
      expect(answer.body).toEqual(expectedInsights(all))
    }
    expect(server.child.exitCode).toBeNull()
    const peak = peakRssMb(server.child.pid as number)
    console.log(
      `canvass serve peak RSS after id lists: ${peak.toFixed(0)} MB (bound ${PEAK_RSS_BOUND_MB} MB)`,
    )
    expect(peak).toBeLessThan(PEAK_RSS_BOUND_MB)
    // The maintained figures of the whole form agree.
    expect((await insights('')).body).toEqual(expectedInsights(all))
  }, 300_000)

  it('answers 8 concurrent insights over a window with edges inside minutes, exactly, within the RSS bound', async () => {
    const inside = Array.from({ length: RESPONSES - 2 }, (_, n) => n + 1)
    const answers = await Promise.all(Array.from({ length: CONCURRENT }, () => insights(WINDOW)))
    for (const answer of answers) {
      expect(answer.status).toBe(200)
      expect(answer.body).toEqual(expectedInsights(inside))
    }
    expect(server.child.exitCode).toBeNull()
    expect((await request(`${server.baseUrl}/healthz`, { dispatcher: agent })).statusCode).toBe(200)
    const peak = peakRssMb(server.child.pid as number)
    console.log(`canvass serve peak RSS after windows: ${peak.toFixed(0)} MB (bound ${PEAK_RSS_BOUND_MB} MB)`)
    expect(peak).toBeLessThan(PEAK_RSS_BOUND_MB)
  }, 300_000)
})
