import { writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { api, type CanvassServer, seedDemo, startCanvass } from '../lib/canvass.js'
import { alternate, cpuPerRequest, type LoadResult, load, type Span } from '../lib/load.js'
import { forkTs, stopChild } from '../lib/processes.js'
import { check } from '../lib/report.js'
import { median } from '../lib/stats.js'
import { germanToo } from '../lib/translate.js'
import { bearer, type Scenario } from './scenario.js'
import { eightAnswers } from './submissions.js'

// The respondent side (CONTRACT 7). form-page: GET /f/<id> of the demo form against the same HTML
// served pre-rendered by bare node:http. public-submit: POST /v1/public/.../responses against the
// token submit of the same form on the same server, alternating.

const rps = (results: LoadResult[]) => median(results.map((r) => r.rps))

/** Makes the demo form public, keeping its definition. */
async function publish(canvass: CanvassServer, formId: string, translated: boolean): Promise<void> {
  const form = await api<Record<string, unknown>>(canvass, 'GET', `/v1/forms/${formId}`, undefined, 200)
  const { title, questions, hidden, variables } = form
  const definition = { title, questions, hidden, variables, settings: { public: true } }
  const languages = translated ? germanToo(form as unknown as Parameters<typeof germanToo>[0]) : {}
  await api(canvass, 'PUT', `/v1/forms/${formId}`, { ...definition, ...languages }, 200)
}

/**
 * form-page, and form-page-translated: the same form in English and German, asked for in German
 * by Accept-Language (issue 31), against the German page served pre-rendered.
 */
function formPageScenario(translated: boolean): Scenario {
  const name = translated ? 'form-page-translated' : 'form-page'
  return {
    name,
    databases: ['sqlite', 'postgres'],
    floor: 'bare node:http serving the same HTML, pre-rendered',
    async run(context) {
      const database = await context.freshDatabase(name)
      const formId = await seedDemo(database, 10)
      const canvass = await startCanvass(database)
      let floorChild: Awaited<ReturnType<typeof forkTs>>['child'] | undefined
      try {
        await publish(canvass, formId, translated)
        const url = `${canvass.url}/f/${formId}`
        const headers: Record<string, string> = translated
          ? { 'accept-language': 'de-DE,de;q=0.9,en;q=0.5' }
          : {}
        const page = await fetch(url, { headers })
        if (translated && page.headers.get('content-language') !== 'de')
          throw new Error('the page is not in German')
        const html = await page.text()
        const file = join(tmpdir(), `canvass-bench-form-${process.pid}.html`)
        writeFileSync(file, html)
        const floor = await forkTs('bench/floors/static-page.ts', { BENCH_HTML_FILE: file })
        floorChild = floor.child
        const get = { connections: 32, headers }
        const canvassRun = (span: Span) => load({ ...get, url, serverPid: canvass.pid, ...span })
        const floorRun = (span: Span) =>
          load({
            ...get,
            url: `http://127.0.0.1:${floor.port}/f/${formId}`,
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
        return {
          checks: [check('req/s', rps(runs.a), rps(runs.b), { op: '>=', value: 0.5 })],
          peakRssMb: canvass.peakRssMb(),
          details: {
            html_bytes: Buffer.byteLength(html),
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

export const formPage = formPageScenario(false)
export const formPageTranslated = formPageScenario(true)

export const publicSubmit: Scenario = {
  name: 'public-submit',
  databases: ['sqlite', 'postgres'],
  floor: 'token submit (POST /v1/forms/<id>/responses) of the same form, same server, same run',
  async run(context) {
    const database = await context.freshDatabase('public-submit')
    const formId = await seedDemo(database, 1000)
    // The per-address limit stays on (it is part of the path), set above what the run sends.
    const canvass = await startCanvass(database, { CANVASS_PUBLIC_RATE_LIMIT: '1000000' })
    try {
      await publish(canvass, formId, false)
      const post = { method: 'POST' as const, body: eightAnswers, connections: 16, serverPid: canvass.pid }
      const json = { 'content-type': 'application/json' }
      const publicRun = (span: Span) =>
        load({ ...post, url: `${canvass.url}/v1/public/forms/${formId}/responses`, headers: json, ...span })
      const tokenRun = (span: Span) =>
        load({
          ...post,
          url: `${canvass.url}/v1/forms/${formId}/responses`,
          headers: { ...json, ...bearer(canvass) },
          ...span,
        })
      await publicRun({ amount: context.warmupRequests })
      await tokenRun({ amount: context.warmupRequests })
      const runs = await alternate(
        context.rounds,
        () => publicRun({ seconds: context.roundSeconds }),
        () => tokenRun({ seconds: context.roundSeconds }),
      )
      return {
        checks: [check('req/s', rps(runs.a), rps(runs.b), { op: '>=', value: 0.8 })],
        peakRssMb: canvass.peakRssMb(),
        details: {
          public_p99_ms: median(runs.a.map((r) => r.p99Ms)),
          token_p99_ms: median(runs.b.map((r) => r.p99Ms)),
          public_cpu_us_per_request: cpuPerRequest(runs.a),
          token_cpu_us_per_request: cpuPerRequest(runs.b),
          failed_requests: [...runs.a, ...runs.b].reduce((sum, r) => sum + r.failed, 0),
        },
      }
    } finally {
      await canvass.stop()
    }
  },
}
