import { seedDemo, startCanvass } from '../lib/canvass.js'
import { alternate, cpuPerRequest, type LoadResult, load, type Span } from '../lib/load.js'
import { forkTs, stopChild } from '../lib/processes.js'
import { check } from '../lib/report.js'
import { median } from '../lib/stats.js'
import { addWebhook, startReceiver } from '../lib/webhooks.js'
import { bearer, type Scenario } from './scenario.js'
import { copySqlite, eightAnswers } from './submissions.js'

// submit: POST /v1/forms/<id>/responses (8 answers) to a form with one enabled webhook, whose
// deliveries go to a receiver on 127.0.0.1 while the submissions run; against a bare node:http
// server writing the same rows in one transaction, on a copy of the same database.

const CONNECTIONS = 16

export const submit: Scenario = {
  name: 'submit',
  databases: ['sqlite'],
  floor: 'bare node:http + one transaction of prepared INSERTs of the same rows',
  async run(context) {
    const database = await context.freshDatabase('submit')
    const formId = await seedDemo(database, 1000)
    const receiver = await startReceiver()
    const canvass = await startCanvass(database, { CANVASS_WEBHOOK_ALLOW_PRIVATE: '1' })
    let floorChild: Awaited<ReturnType<typeof forkTs>>['child'] | undefined
    try {
      await addWebhook(canvass, formId, receiver.url)
      const floorDatabase = await context.freshDatabase('submit-floor')
      copySqlite(database.filename, floorDatabase.filename)
      const floor = await forkTs('bench/floors/submit.ts', { BENCH_SQLITE_FILE: floorDatabase.filename })
      floorChild = floor.child
      const path = `/v1/forms/${formId}/responses`
      const post = { method: 'POST' as const, body: eightAnswers, connections: CONNECTIONS }
      const json = { 'content-type': 'application/json' }
      let submitted = 0
      const canvassRun = async (span: Span) => {
        const result = await load({
          ...post,
          url: `${canvass.url}${path}`,
          headers: { ...json, ...bearer(canvass) },
          serverPid: canvass.pid,
          ...span,
        })
        submitted += result.ok
        // Let the worker catch up, so its backlog does not run during the floor's round.
        await receiver.waitFor(submitted, 60_000)
        return result
      }
      const floorRun = (span: Span) =>
        load({
          ...post,
          url: `http://127.0.0.1:${floor.port}${path}`,
          headers: json,
          ...span,
          serverPid: floor.child.pid ?? 0,
        })
      await canvassRun({ amount: context.warmupRequests })
      await floorRun({ amount: context.warmupRequests })
      const runs = await alternate(
        context.rounds,
        () => canvassRun({ seconds: context.roundSeconds }),
        () => floorRun({ seconds: context.roundSeconds }),
      )
      const rps = (results: LoadResult[]) => median(results.map((r) => r.rps))
      const received = await receiver.report()
      return {
        checks: [check('req/s', rps(runs.a), rps(runs.b), { op: '>=', value: 0.6 })],
        peakRssMb: canvass.peakRssMb(),
        details: {
          canvass_p99_ms: median(runs.a.map((r) => r.p99Ms)),
          floor_p99_ms: median(runs.b.map((r) => r.p99Ms)),
          canvass_cpu_us_per_request: cpuPerRequest(runs.a),
          floor_cpu_us_per_request: cpuPerRequest(runs.b),
          submitted,
          delivered: received.unique,
          failed_requests: [...runs.a, ...runs.b].reduce((sum, r) => sum + r.failed, 0),
        },
      }
    } finally {
      if (floorChild) await stopChild(floorChild)
      await canvass.stop()
      await receiver.stop()
    }
  },
}
