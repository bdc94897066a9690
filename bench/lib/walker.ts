import { getAll } from './http-client.js'

// page-walk's client, in a process of its own. Reading 168 MB a walk, a client allocates that
// much in Buffers; in the bench process, whose heap holds the seeded dataset and whatever earlier
// scenarios left, collecting them paused it ~0.5 s over five rounds in a slow run (after list-page
// and deep-page; 66-83 ms in fast runs), and the collector's background threads shared the two
// cores with Canvass: all of it counted as Canvass's time (docs/performance.md, page-walk).
// A fresh, small process reads every walk alike, whatever ran before.
//
// One request at a time over IPC: `Walk` in, `WalkResult` (or `{ error }`) out.

export type Walk = {
  origin: string
  headers: Record<string, string>
} & ({ first: string } | { paths: string[] })

export interface WalkResult {
  seconds: number
  pages: number
  bytes: number
  /** Time this process spent collecting garbage during the walk. */
  gcMs: number
}

let gcMs = 0
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) gcMs += entry.duration
}).observe({ entryTypes: ['gc'] })

/** Reads `paths` in order, or from `first` on following each answer's rel="next" Link. */
async function walk(request: Walk): Promise<WalkResult> {
  const gcBefore = gcMs
  const started = performance.now()
  const queue = 'paths' in request ? [...request.paths] : []
  let next: string | undefined = 'first' in request ? request.first : queue.shift()
  let pages = 0
  let bytes = 0
  while (next !== undefined) {
    const page = await getAll(`${request.origin}${next}`, request.headers)
    if (page.status !== 200) throw new Error(`walk: page ${pages + 1} (${next}) answered ${page.status}`)
    pages++
    bytes += page.bytes
    next =
      'first' in request ? /<([^>]+)>; rel="next"/.exec(String(page.headers.link ?? ''))?.[1] : queue.shift()
  }
  const seconds = (performance.now() - started) / 1000
  // Collections are reported to the observer a turn later: let the walk's last ones in.
  await new Promise((resolve) => setTimeout(resolve, 10))
  return { seconds, pages, bytes, gcMs: gcMs - gcBefore }
}

const send = (message: unknown) => process.send?.(message)

process.on('message', (request: Walk) => {
  walk(request).then(send, (error: unknown) =>
    send({ error: error instanceof Error ? error.message : String(error) }),
  )
})
send({ ready: true })
