import { startCanvass } from '../lib/canvass.js'
import { alternate, cpuPerRequest, type LoadResult, load, type Span } from '../lib/load.js'
import { forkTs, stopChild } from '../lib/processes.js'
import { check } from '../lib/report.js'
import { median } from '../lib/stats.js'
import { bearer, type Dataset, type Scenario } from './scenario.js'

// list-page: GET /v1/forms/<id>/responses?page_size=25, page 1 of a form with 100,000 responses,
// 32 connections, against a bare node:http server answering the same page from the same rows.

export const LIST_RESPONSES = 100_000
const CONNECTIONS = 32

/** Starts the list-page floor on the dataset's database. */
export async function startListFloor(dataset: Dataset) {
  const env: Record<string, string> =
    dataset.database.kind === 'sqlite'
      ? { BENCH_SQLITE_FILE: dataset.database.filename }
      : { BENCH_PG_URL: dataset.database.connectionString }
  const { child, port } = await forkTs('bench/floors/list-page.ts', env)
  return { child, url: `http://127.0.0.1:${port}` }
}

export const listPage: Scenario = {
  name: 'list-page',
  databases: ['sqlite', 'postgres'],
  floor: 'bare node:http, one prepared query over the same rows, string join of stored items',
  async run(context) {
    const dataset = await context.dataset(LIST_RESPONSES)
    const canvass = await startCanvass(dataset.database)
    const floor = await startListFloor(dataset)
    try {
      const path = `/v1/forms/${dataset.formId}/responses?page=1&page_size=25`
      const headers = bearer(canvass)
      // The floor must answer the very same page, byte for byte.
      const [ours, theirs] = await Promise.all([
        fetch(`${canvass.url}${path}`, { headers }).then((r) => r.text()),
        fetch(`${floor.url}${path}`).then((r) => r.text()),
      ])
      const samePage = ours === theirs
      const canvassRun = (span: Span) =>
        load({
          url: `${canvass.url}${path}`,
          headers,
          connections: CONNECTIONS,
          ...span,
          serverPid: canvass.pid,
        })
      const floorRun = (span: Span) =>
        load({
          url: `${floor.url}${path}`,
          connections: CONNECTIONS,
          ...span,
          serverPid: floor.child.pid ?? 0,
        })
      await canvassRun({ amount: context.warmupRequests }) // warm-up: JIT, caches
      await floorRun({ amount: context.warmupRequests })
      const runs = await alternate(
        context.rounds,
        () => canvassRun({ seconds: context.roundSeconds }),
        () => floorRun({ seconds: context.roundSeconds }),
      )
      const rps = (results: LoadResult[]) => median(results.map((r) => r.rps))
      const p99 = (results: LoadResult[]) => median(results.map((r) => r.p99Ms))
      const failed = [...runs.a, ...runs.b].reduce((sum, r) => sum + r.failed, 0)
      return {
        checks: [
          check('req/s', rps(runs.a), rps(runs.b), { op: '>=', value: 0.7 }),
          check('p99 ms', p99(runs.a), p99(runs.b), { op: '<=', value: 2 }),
        ],
        peakRssMb: canvass.peakRssMb(),
        details: {
          same_page_as_floor: samePage ? 'yes' : 'NO',
          page_bytes: ours.length,
          failed_requests: failed,
          canvass_cpu_us_per_request: cpuPerRequest(runs.a),
          floor_cpu_us_per_request: cpuPerRequest(runs.b),
          canvass_rps_rounds: runs.a.map((r) => Math.round(r.rps)).join(' '),
          floor_rps_rounds: runs.b.map((r) => Math.round(r.rps)).join(' '),
        },
      }
    } finally {
      await stopChild(floor.child)
      await canvass.stop()
    }
  },
}
