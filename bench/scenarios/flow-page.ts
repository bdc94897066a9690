import { writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { api, type CanvassServer, startCanvass } from '../lib/canvass.js'
import { alternate, cpuPerRequest, type LoadResult, load, type Span } from '../lib/load.js'
import { forkTs, stopChild } from '../lib/processes.js'
import { check } from '../lib/report.js'
import { median } from '../lib/stats.js'
import { germanToo } from '../lib/translate.js'
import { flowForm } from './flow-submit.js'
import type { Scenario } from './scenario.js'

// flow-page (issue 28): a page-to-page post of a hosted form of several pages (docs/api.md#hosted-multi-page-forms):
// POST /f/<id> with the first page's 20 answers, from respondents partway through (each with its
// own draft, named by its cookie), answered with a 303 to the next page; against the static floor
// of form-page (bare node:http answering every request with the page's HTML, pre-rendered). The
// form is flow-submit's: 200 questions on 10 pages, 500 rules, so the path is worked out in full.

const CONNECTIONS = 16
/** Respondents, each with a draft: more than connections, so no two posts change one draft at once. */
const DRAFTS = 64
const PER_PAGE = 20

/** Starts a draft per respondent through the page itself: the cookie each one's browser holds. */
async function respondents(canvass: CanvassServer, formId: string, body: string): Promise<string[]> {
  const cookies: string[] = []
  for (let n = 0; n < DRAFTS; n++) {
    const response = await fetch(`${canvass.url}/f/${formId}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body,
      redirect: 'manual',
    })
    const cookie = /^canvass_draft=[^;]+/.exec(response.headers.get('set-cookie') ?? '')?.[0]
    if (response.status !== 303 || !cookie) throw new Error(`a page post answered ${response.status}`)
    cookies.push(cookie)
  }
  return cookies
}

/** The form as saved, in English and German (its definition normalised by the server first). */
async function addGerman(canvass: CanvassServer, formId: string): Promise<void> {
  const saved = await api<Record<string, unknown>>(canvass, 'GET', `/v1/forms/${formId}`, undefined, 200)
  const { title, questions, hidden, variables, settings, pages, logic, endings } = saved
  const definition = { title, questions, hidden, variables, settings, pages, logic, endings }
  const languages = germanToo(saved as unknown as Parameters<typeof germanToo>[0])
  await api(canvass, 'PUT', `/v1/forms/${formId}`, { ...definition, ...languages }, 200)
}

/** flow-page, and flow-page-translated: the form in English and German, its pages posted in German (issue 31). */
function flowPageScenario(translated: boolean): Scenario {
  const name = translated ? 'flow-page-translated' : 'flow-page'
  return {
    name,
    databases: ['sqlite', 'postgres'],
    floor: 'bare node:http answering with the page, pre-rendered (form-page’s static floor)',
    async run(context) {
      const database = await context.freshDatabase(name)
      const canvass = await startCanvass(database, { CANVASS_PUBLIC_RATE_LIMIT: '1000000' })
      let floorChild: Awaited<ReturnType<typeof forkTs>>['child'] | undefined
      try {
        const form = await api<{ id: string }>(canvass, 'POST', '/v1/forms', flowForm(true), 201)
        if (translated) await addGerman(canvass, form.id)
        const fields = new URLSearchParams([
          ['canvass:page', 'p0'],
          ['canvass:action', 'next'],
        ])
        for (let n = 0; n < PER_PAGE; n++) fields.append(`q${n}`, String(n % 10))
        const body = fields.toString()
        const cookies = await respondents(canvass, form.id, body)
        const url = `${canvass.url}/f/${form.id}${translated ? '?lang=de' : ''}`
        const shown = await fetch(`${canvass.url}/f/${form.id}/p/p1${translated ? '?lang=de' : ''}`, {
          headers: { cookie: cookies[0] as string },
        })
        if (translated && shown.headers.get('content-language') !== 'de')
          throw new Error('the page is not in German')
        const html = await shown.text()
        const file = join(tmpdir(), `canvass-bench-flow-${process.pid}.html`)
        writeFileSync(file, html)
        const floor = await forkTs('bench/floors/static-page.ts', { BENCH_HTML_FILE: file })
        floorChild = floor.child
        let next = 0
        const post = {
          method: 'POST' as const,
          body,
          connections: CONNECTIONS,
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
        }
        const canvassRun = (span: Span) =>
          load({
            ...post,
            url,
            answered: '3xx',
            nextHeaders: () => ({ cookie: cookies[next++ % DRAFTS] as string }),
            serverPid: canvass.pid,
            ...span,
          })
        const floorRun = (span: Span) =>
          load({
            ...post,
            url: `http://127.0.0.1:${floor.port}/f/${form.id}`,
            serverPid: floor.child.pid ?? 0,
            ...span,
          })
        await canvassRun({ amount: context.warmupRequests })
        await floorRun({ amount: context.warmupRequests })
        const runs = await alternate(
          context.rounds,
          () => canvassRun({ seconds: context.roundSeconds }),
          () => floorRun({ seconds: context.roundSeconds }),
        )
        const rps = (results: LoadResult[]) => median(results.map((r) => r.rps))
        return {
          checks: [check('req/s', rps(runs.a), rps(runs.b), { op: '>=', value: 0.5 })],
          peakRssMb: canvass.peakRssMb(),
          details: {
            page_html_bytes: Buffer.byteLength(html),
            canvass_p99_ms: median(runs.a.map((r) => r.p99Ms)),
            floor_p99_ms: median(runs.b.map((r) => r.p99Ms)),
            canvass_cpu_us_per_request: cpuPerRequest(runs.a),
            floor_cpu_us_per_request: cpuPerRequest(runs.b),
            failed_requests: [...runs.a, ...runs.b].reduce((sum, r) => sum + r.failed, 0),
          },
        }
      } finally {
        if (floorChild) await stopChild(floorChild)
        await canvass.stop()
      }
    },
  }
}

export const flowPage = flowPageScenario(false)
export const flowPageTranslated = flowPageScenario(true)
