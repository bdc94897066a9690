import { formatTimestamp, parseTimestamp, processClock } from '../../src/clock.js'
import { parseDatabaseUrl } from '../../src/config.js'
import { openDatabase } from '../../src/db/database.js'
import { migrateToLatest } from '../../src/db/migrate.js'
import { createForm } from '../../src/domain/forms/forms.js'
import { rebuildFormInsights } from '../../src/domain/insights/rebuild.js'
import { ensureWorkspace } from '../../src/domain/tokens.js'
import { startCanvass } from '../lib/canvass.js'
import type { ThrowawayDatabase } from '../lib/database.js'
import { alternate, cpuPerRequest, type LoadResult, load, type Span } from '../lib/load.js'
import { check } from '../lib/report.js'
import { median } from '../lib/stats.js'
import { bearer, type Scenario } from './scenario.js'

// insights: GET /v1/forms/<id>/insights on a form of 1,000,000 responses and as many drafts
// (100,000 of each with --quick) against the same request on a form of 1,000 of each, all spread
// over the same 30 UTC days, A B A B. Two requests: the whole form, and a window whose edges fall
// inside a minute (for the figures and the funnel). Target: the big form within 2 x the time of the
// small one (req/s ratio >= 0.5). The forms are seeded with direct SQL (not through the API) and
// their figures and funnel built by the rebuild the CLI runs.

const CONNECTIONS = 8
const DAYS = 30
const START = parseTimestamp('2026-10-01T00:00:00Z') as number
const WINDOW = '?since=2026-10-03T10:17:23.5Z&until=2026-10-20T15:42:10.25Z'

const benchForm = {
  title: 'Insights bench',
  questions: [
    { id: 'nps', title: 'Recommend?', type: 'nps' as const, required: true },
    { id: 'csat', title: 'Satisfied?', type: 'customer_sat' as const },
    { id: 'rating', title: 'Rate', type: 'rating' as const, properties: { steps: 5 } },
    { id: 'again', title: 'Again?', type: 'yes_no' as const, required: true },
    {
      id: 'extras',
      title: 'Extras',
      type: 'multiple_choice' as const,
      properties: { allow_multiple: true, choices: ['Parking', 'Wi-Fi', 'Breakfast', 'Spa'] },
    },
    { id: 'visits', title: 'Visits', type: 'number' as const, properties: { min: 0, max: 365 } },
    { id: 'name', title: 'Name', type: 'short_text' as const },
  ],
  variables: [{ name: 'score', calculations: [{ op: 'add' as const, question_id: 'nps' }] }],
  // Two pages for the funnel: a draft without its NPS is on the first, one with it on the second.
  pages: [
    { id: 'scores', questions: ['nps', 'csat', 'rating'] },
    { id: 'more', questions: ['again', 'extras', 'visits', 'name'] },
  ],
}

/** A draft left on the first page (every third) or the second. */
function draftOf(formId: string, index: number, at: number) {
  const onFirst = index % 3 === 0
  return {
    id: `drf_${formId.slice(4, 12)}${index}`,
    form_id: formId,
    token_digest: `bench-${formId}-${index}`,
    answers_json: JSON.stringify(onFirst ? {} : { nps: (index * 5) % 11, csat: 1 + (index % 5) }),
    hidden_json: '{}',
    last_page: onFirst ? 'scores' : 'more',
    started_at: at,
    updated_at: at,
    version: 0,
    ended_at: null,
    response_id: null,
  }
}

function itemOf(id: string, index: number, at: number): string {
  const q = (id: string, type: string) => ({
    id,
    title: benchForm.questions.find((x) => x.id === id)?.title,
    type,
  })
  const nps = (index * 7) % 11
  const extras = ['Parking', 'Wi-Fi', 'Breakfast', 'Spa'].filter((_, bit) => (index >> bit) & 1)
  const answers: object[] = [
    { question: q('nps', 'nps'), type: 'number', number: String(nps) },
    { question: q('csat', 'customer_sat'), type: 'number', number: String(1 + (index % 5)) },
    { question: q('rating', 'rating'), type: 'number', number: String(1 + ((index * 3) % 5)) },
    { question: q('again', 'yes_no'), type: 'boolean', boolean: index % 3 !== 0 },
    ...(extras.length > 0
      ? [{ question: q('extras', 'multiple_choice'), type: 'choices', choices: { labels: extras } }]
      : []),
    { question: q('visits', 'number'), type: 'number', number: String(index % 366) },
    { question: q('name', 'short_text'), type: 'text', text: `Guest ${index}` },
  ]
  return JSON.stringify({
    id,
    submitted_at: formatTimestamp(at),
    answers,
    hidden: [],
    variables: [{ name: 'score', value: nps }],
  })
}

/**
 * A form with n responses and n drafts spread evenly over DAYS days, written with plain INSERTs,
 * then its figures and funnel built.
 */
export async function seedForm(
  database: ThrowawayDatabase,
  n: number,
): Promise<{ formId: string; rebuildSeconds: number }> {
  const db = openDatabase(parseDatabaseUrl(database.url))
  try {
    await migrateToLatest(db)
    const workspaceId = await ensureWorkspace(db.db, processClock, 'default')
    const form = await createForm(db.db, processClock, workspaceId, benchForm)
    const step = Math.floor((DAYS * 86_400_000_000) / n)
    const CHUNK = 500
    for (let start = 0; start < n; start += 20 * CHUNK) {
      await db.transaction(async (trx) => {
        for (let from = start; from < Math.min(n, start + 20 * CHUNK); from += CHUNK) {
          const rows = []
          for (let index = from; index < Math.min(n, from + CHUNK); index++) {
            const at = START + index * step
            const id = `rsp_${form.id.slice(4, 12)}${index}`
            rows.push({
              id,
              form_id: form.id,
              seq: index + 1,
              submitted_at: at,
              item_json: itemOf(id, index, at),
            })
          }
          await trx.insertInto('responses').values(rows).execute()
          const drafts = []
          for (let index = from; index < Math.min(n, from + CHUNK); index++) {
            drafts.push(draftOf(form.id, index, START + index * step + Math.floor(step / 2)))
          }
          await trx.insertInto('drafts').values(drafts).execute()
        }
      })
    }
    await db.db
      .updateTable('forms')
      .set({ last_seq: n, last_submitted_at: START + (n - 1) * step })
      .where('id', '=', form.id)
      .execute()
    const started = performance.now()
    await db.transaction((trx) => rebuildFormInsights(trx, form.id))
    return { formId: form.id, rebuildSeconds: (performance.now() - started) / 1000 }
  } finally {
    await db.close()
  }
}

export const insightsScenario: Scenario = {
  name: 'insights',
  databases: ['sqlite', 'postgres'],
  floor: 'the same request on a form of 1,000 responses and 1,000 drafts',
  async run(context) {
    const big = context.quick ? 100_000 : 1_000_000
    const database = await context.freshDatabase('insights')
    let started = performance.now()
    const small = await seedForm(database, 1000)
    const large = await seedForm(database, big)
    context.log(
      `  seeded 1,000 + ${big.toLocaleString('en-US')} responses (and as many drafts) in ${((performance.now() - started) / 1000).toFixed(1)} s ` +
        `(rebuild of the large form ${large.rebuildSeconds.toFixed(1)} s)`,
    )
    const canvass = await startCanvass(database)
    try {
      const headers = bearer(canvass)
      const url = (formId: string, query: string) => `${canvass.url}/v1/forms/${formId}/insights${query}`
      const bodies = await Promise.all(
        [large.formId, small.formId].map((formId) =>
          fetch(url(formId, WINDOW), { headers }).then((r) => r.json()),
        ),
      )
      const run = (formId: string, query: string, span: Span) =>
        load({ url: url(formId, query), headers, connections: CONNECTIONS, ...span, serverPid: canvass.pid })
      const rps = (results: LoadResult[]) => median(results.map((r) => r.rps))
      const checks = []
      const details: Record<string, number | string> = {
        large_form_responses: big,
        large_rebuild_s: Math.round(large.rebuildSeconds * 10) / 10,
        window_responses_large: (bodies[0] as { responses: number }).responses,
        window_responses_small: (bodies[1] as { responses: number }).responses,
        window_started_large: (bodies[0] as { funnel: { started: number } }).funnel.started,
        window_started_small: (bodies[1] as { funnel: { started: number } }).funnel.started,
      }
      for (const [name, query] of [
        ['whole form', ''],
        ['window', WINDOW],
      ] as const) {
        started = performance.now()
        await run(large.formId, query, { amount: context.warmupRequests })
        await run(small.formId, query, { amount: context.warmupRequests })
        const runs = await alternate(
          context.rounds,
          () => run(large.formId, query, { seconds: context.roundSeconds }),
          () => run(small.formId, query, { seconds: context.roundSeconds }),
        )
        checks.push(check(`${name} req/s`, rps(runs.a), rps(runs.b), { op: '>=', value: 0.5 }))
        details[`${name} large p99 ms`] = median(runs.a.map((r) => r.p99Ms))
        details[`${name} small p99 ms`] = median(runs.b.map((r) => r.p99Ms))
        details[`${name} large cpu us/request`] = cpuPerRequest(runs.a)
        details[`${name} small cpu us/request`] = cpuPerRequest(runs.b)
      }
      return { checks, peakRssMb: canvass.peakRssMb(), details }
    } finally {
      await canvass.stop()
    }
  },
}
