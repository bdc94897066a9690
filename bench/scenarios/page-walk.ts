import { readAllRows } from '../floors/stream-rows.js'
import { startCanvass } from '../lib/canvass.js'
import { alternate } from '../lib/load.js'
import { forkWorker, stopChild } from '../lib/processes.js'
import { check } from '../lib/report.js'
import { median, round } from '../lib/stats.js'
import type { Walk, WalkResult } from '../lib/walker.js'
import { LIST_RESPONSES, startListFloor } from './list-page.js'
import { bearer, type Scenario } from './scenario.js'

// page-walk: a client reading all 100,000 responses page by page (page_size 1000), following
// the Link header, one request at a time; against one SELECT streaming all rows in-process.
// For reference (not a target) the same walk is timed on the bare node:http list-page floor: the
// difference between it and the SELECT is the cost of HTTP itself, the rest is Canvass's.

export const pageWalk: Scenario = {
  name: 'page-walk',
  databases: ['sqlite'],
  floor: 'one SELECT streaming all rows of the form, in-process',
  async run(context) {
    const dataset = await context.dataset(LIST_RESPONSES)
    const canvass = await startCanvass(dataset.database)
    // Stopped in reverse order of starting, whichever of them started.
    const stops = [() => canvass.stop()]
    try {
      const bare = await startListFloor(dataset)
      stops.unshift(() => stopChild(bare.child))
      const walker = await forkWorker<Walk, WalkResult>('bench/lib/walker.ts')
      stops.unshift(() => walker.stop())
      const headers = bearer(canvass)
      const pageCount = Math.ceil(dataset.responses / 1000)
      // Every timed walk must have read every page: a walk cut short would time as a fast one.
      const whole = (result: WalkResult): WalkResult => {
        if (result.pages !== pageCount)
          throw new Error(`page walk read ${result.pages} pages, not ${pageCount}`)
        return result
      }
      const walk = async (accept: Record<string, string> = {}) =>
        whole(
          await walker.call({
            origin: canvass.url,
            headers: { ...headers, ...accept },
            first: `/v1/forms/${dataset.formId}/responses?page=1&page_size=1000`,
          }),
        )
      const floor = async () => readAllRows(dataset.database.filename, dataset.formId)
      const bareWalk = async () =>
        whole(
          await walker.call({
            origin: bare.url,
            headers: {},
            paths: Array.from(
              { length: pageCount },
              (_, at) => `/v1/forms/${dataset.formId}/responses?page=${at + 1}&page_size=1000`,
            ),
          }),
        )
      if (!context.quick) await walk() // warm-up
      // The target is held on identity answers (no Accept-Encoding): on loopback compression only
      // adds CPU; the gzip walk (decoded by the client) is reported beside it.
      const runs = await alternate(context.rounds, () => walk(), floor)
      const gzipTimes: number[] = []
      for (let round = 0; round < context.rounds; round++) {
        gzipTimes.push((await walk({ 'accept-encoding': 'gzip' })).seconds)
      }
      const bareTimes: number[] = []
      for (let round = 0; round < context.rounds; round++) bareTimes.push((await bareWalk()).seconds)
      return {
        checks: [
          check('total s', median(runs.a.map((r) => r.seconds)), median(runs.b.map((r) => r.seconds)), {
            op: '<=',
            value: 3,
          }),
        ],
        peakRssMb: canvass.peakRssMb(),
        details: {
          pages: runs.a[0]?.pages ?? 0,
          canvass_mb_read: Math.round((runs.a[0]?.bytes ?? 0) / 1e6),
          floor_rows: runs.b[0]?.rows ?? 0,
          bare_http_walk_s: round(median(bareTimes), 2),
          gzip_walk_s: round(median(gzipTimes), 2),
          walk_s_rounds: runs.a.map((r) => round(r.seconds, 3)).join(' '),
          floor_s_rounds: runs.b.map((r) => round(r.seconds, 3)).join(' '),
          client_gc_ms_per_walk: round(median(runs.a.map((r) => r.gcMs)), 1),
        },
      }
    } finally {
      for (const stop of stops) await stop()
    }
  },
}
