import { api, startCanvass } from '../lib/canvass.js'
import { alternate, cpuPerRequest, type LoadResult, load, type Span } from '../lib/load.js'
import { check } from '../lib/report.js'
import { median } from '../lib/stats.js'
import { bearer, type Scenario } from './scenario.js'

// flow-submit (issue 28): POST /v1/forms/<id>/responses to a form of 200 questions on 10 pages
// with 500 rules (comparisons, `all`/`any`/`not`, calculations, requires, endings, jumps that do
// not hold for these answers), against the same form without its rules, on the same server in the
// same run. What the rules cost a submission: judging it against its path.

const CONNECTIONS = 8
const QUESTIONS = 200
const PAGES = 10
const RULES = 500
const perPage = QUESTIONS / PAGES

const questionId = (n: number) => `q${n}`

/** The form, with its rules or without: 200 number questions, 20 a page. */
export function flowForm(withRules: boolean) {
  const questions = Array.from({ length: QUESTIONS }, (_, n) => ({
    id: questionId(n),
    title: n % 50 === 0 ? `Question ${n}, after {{question:q0}}` : `Question ${n}`,
    type: 'number' as const,
    required: n % 3 === 0,
  }))
  const pages = Array.from({ length: PAGES }, (_, p) => ({
    id: `p${p}`,
    title: `Page ${p + 1}`,
    questions: questions.slice(p * perPage, (p + 1) * perPage).map((question) => question.id),
  }))
  // Rules in page order, 50 a page; each reads questions of its page and the page before, and is
  // decided on leaving its page.
  const logic = Array.from({ length: RULES }, (_, i) => {
    const page = Math.floor(i / (RULES / PAGES))
    const on = (k: number) => questionId(page * perPage + ((i + k) % perPage))
    const before = (k: number) => questionId(Math.max(0, page - 1) * perPage + ((i + k) % perPage))
    const rule = { page: `p${page}` }
    switch (i % 5) {
      case 0:
        return {
          ...rule,
          if: {
            all: [
              { question: on(0), op: 'at_least', value: 0 },
              { not: { question: before(1), op: 'equals', value: -5 } },
            ],
          },
          then: [{ calculate: { variable: 'score', op: 'add', question: on(0) } }],
        }
      case 1:
        return {
          ...rule,
          if: {
            any: [
              { question: on(1), op: 'less_than', value: -100 },
              { question: before(2), op: 'greater_than', value: 1e9 },
            ],
          },
          then: [{ jump_to: 'end' }],
        }
      case 2:
        return { ...rule, if: { question: on(2), op: 'answered' }, then: [{ require: on(3) }] }
      case 3:
        return {
          ...rule,
          if: { variable: 'score', op: 'at_least', value: 0 },
          then: [{ set_ending: 'thanks' }, { calculate: { variable: 'seen', op: 'add', value: 1 } }],
        }
      default:
        return {
          ...rule,
          if: {
            not: {
              any: [
                { question: on(4), op: 'not_answered' },
                { question: before(0), op: 'at_most', value: -1 },
              ],
            },
          },
          then: [{ calculate: { variable: 'seen', op: 'multiply', value: 1 } }],
        }
    }
  })
  return {
    title: withRules ? 'bench: flow, 500 rules' : 'bench: flow, no rules',
    questions,
    pages,
    variables: [
      { name: 'score', initial: 0 },
      { name: 'seen', initial: 0 },
    ],
    logic: withRules ? logic : [],
    endings: [{ id: 'thanks', title: 'Thank you, score {{variable:score}}' }],
    settings: { public: true },
  }
}

/** Every question answered: the path visits every page and ends on `thanks`. */
export const flowAnswers = JSON.stringify({
  answers: Object.fromEntries(Array.from({ length: QUESTIONS }, (_, n) => [questionId(n), n % 10])),
})

export const flowSubmit: Scenario = {
  name: 'flow-submit',
  databases: ['sqlite', 'postgres'],
  floor: 'the same form without its 500 rules, on the same server',
  async run(context) {
    const database = await context.freshDatabase('flow-submit')
    const canvass = await startCanvass(database)
    try {
      const ruled = await api<{ id: string }>(canvass, 'POST', '/v1/forms', flowForm(true), 201)
      const plain = await api<{ id: string }>(canvass, 'POST', '/v1/forms', flowForm(false), 201)
      const verdict = await api<{ pages: string[]; missing: string[]; ending: string | null }>(
        canvass,
        'POST',
        `/v1/forms/${ruled.id}/simulate`,
        JSON.parse(flowAnswers),
        200,
      )
      if (verdict.pages.length !== PAGES || verdict.missing.length > 0 || verdict.ending !== 'thanks')
        throw new Error(`the bench's answers do not walk the whole form: ${JSON.stringify(verdict)}`)
      const run = (formId: string) => (span: Span) =>
        load({
          url: `${canvass.url}/v1/forms/${formId}/responses`,
          method: 'POST',
          headers: { 'content-type': 'application/json', ...bearer(canvass) },
          body: flowAnswers,
          connections: CONNECTIONS,
          serverPid: canvass.pid,
          ...span,
        })
      await run(ruled.id)({ amount: context.warmupRequests })
      await run(plain.id)({ amount: context.warmupRequests })
      const runs = await alternate(
        context.rounds,
        () => run(ruled.id)({ seconds: context.roundSeconds }),
        () => run(plain.id)({ seconds: context.roundSeconds }),
      )
      const rps = (results: LoadResult[]) => median(results.map((r) => r.rps))
      return {
        checks: [check('req/s', rps(runs.a), rps(runs.b), { op: '>=', value: 0.7 })],
        peakRssMb: canvass.peakRssMb(),
        details: {
          canvass_p99_ms: median(runs.a.map((r) => r.p99Ms)),
          floor_p99_ms: median(runs.b.map((r) => r.p99Ms)),
          canvass_cpu_us_per_request: cpuPerRequest(runs.a),
          floor_cpu_us_per_request: cpuPerRequest(runs.b),
          failed_requests: [...runs.a, ...runs.b].reduce((sum, r) => sum + r.failed, 0),
        },
      }
    } finally {
      await canvass.stop()
    }
  },
}
