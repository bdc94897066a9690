import { startCanvass } from '../lib/canvass.js'
import { alternate, cpuPerRequest, type LoadResult, load, type Span } from '../lib/load.js'
import { check } from '../lib/report.js'
import { median } from '../lib/stats.js'
import { LIST_RESPONSES } from './list-page.js'
import { bearer, type Scenario } from './scenario.js'

// deep-page: page 3,000 of 25 (responses 74,976..75,000 from the newest) against Canvass's own
// page 1, in the same run. A listing that walks an OFFSET falls far behind here.

const CONNECTIONS = 32

export const deepPage: Scenario = {
  name: 'deep-page',
  databases: ['sqlite'],
  floor: "Canvass's own list-page (page 1)",
  async run(context) {
    const dataset = await context.dataset(LIST_RESPONSES)
    const canvass = await startCanvass(dataset.database)
    try {
      const headers = bearer(canvass)
      const url = (page: number) =>
        `${canvass.url}/v1/forms/${dataset.formId}/responses?page=${page}&page_size=25`
      const deepBody = await fetch(url(3000), { headers }).then((r) => r.text())
      const run = (page: number, span: Span) =>
        load({ url: url(page), headers, connections: CONNECTIONS, ...span, serverPid: canvass.pid })
      await run(3000, { amount: context.warmupRequests })
      await run(1, { amount: context.warmupRequests })
      const runs = await alternate(
        context.rounds,
        () => run(3000, { seconds: context.roundSeconds }),
        () => run(1, { seconds: context.roundSeconds }),
      )
      const rps = (results: LoadResult[]) => median(results.map((r) => r.rps))
      return {
        checks: [check('req/s', rps(runs.a), rps(runs.b), { op: '>=', value: 0.5 })],
        peakRssMb: canvass.peakRssMb(),
        details: {
          page_3000_items: (deepBody.match(/"submitted_at"/g) ?? []).length,
          page_3000_p99_ms: median(runs.a.map((r) => r.p99Ms)),
          page_1_p99_ms: median(runs.b.map((r) => r.p99Ms)),
          page_3000_cpu_us_per_request: cpuPerRequest(runs.a),
          page_1_cpu_us_per_request: cpuPerRequest(runs.b),
          failed_requests: [...runs.a, ...runs.b].reduce((sum, r) => sum + r.failed, 0),
        },
      }
    } finally {
      await canvass.stop()
    }
  },
}
