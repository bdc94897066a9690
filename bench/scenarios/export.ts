import { writeJsonLines } from '../floors/stream-rows.js'
import { startCanvass } from '../lib/canvass.js'
import { getAll } from '../lib/http-client.js'
import { alternate } from '../lib/load.js'
import { RssWatch } from '../lib/proc.js'
import { bound, check } from '../lib/report.js'
import { median } from '../lib/stats.js'
import { bearer, type Scenario } from './scenario.js'

// export: GET /v1/forms/<id>/responses/export?format=ndjson of 1,000,000 responses, read by one
// client as fast as it can; against a bare loop over the same rows writing JSON lines. The
// server's RSS is sampled throughout: a streaming export must not grow with the row count.

const MAX_GROWTH_MB = 100

export const exportScenario: Scenario = {
  name: 'export',
  databases: ['sqlite'],
  floor: 'bare loop over the same rows writing JSON lines to /dev/null, in-process',
  async run(context) {
    const responses = context.quick ? 100_000 : 1_000_000
    const dataset = await context.dataset(responses)
    const canvass = await startCanvass(dataset.database)
    try {
      const url = `${canvass.url}/v1/forms/${dataset.formId}/responses/export?format=ndjson`
      const headers = bearer(canvass)
      const exportAll = async () => {
        const watch = new RssWatch(canvass.pid)
        const started = performance.now()
        const fetched = await getAll(url, headers)
        if (fetched.status !== 200) throw new Error(`export answered ${fetched.status}`)
        const rows = fetched.lines
        const seconds = (performance.now() - started) / 1000
        return { rows, rowsPerSecond: rows / seconds, memory: watch.stop() }
      }
      const floor = async () => {
        const result = await writeJsonLines(dataset.database.filename, dataset.formId)
        return { rows: result.rows, rowsPerSecond: result.rows / result.seconds }
      }
      const rounds = Math.min(context.rounds, 3)
      const runs = await alternate(rounds, exportAll, floor)
      const growth = Math.max(...runs.a.map((r) => r.memory.growthMb))
      return {
        checks: [
          check(
            'rows/s',
            median(runs.a.map((r) => r.rowsPerSecond)),
            median(runs.b.map((r) => r.rowsPerSecond)),
            { op: '>=', value: 0.5 },
          ),
          bound('RSS growth MB', growth, '<=', MAX_GROWTH_MB),
        ],
        peakRssMb: canvass.peakRssMb(),
        details: {
          responses,
          rows_exported: runs.a[0]?.rows ?? 0,
          floor_rows: runs.b[0]?.rows ?? 0,
          rss_peak_during_export_mb: Math.round(Math.max(...runs.a.map((r) => r.memory.peakMb))),
        },
      }
    } finally {
      await canvass.stop()
    }
  },
}
