import { setFlagsFromString } from 'node:v8'

// Two V8 settings for a server whose values live for one request. A flag given to node itself wins.
//
// How far V8 lets the heap grow past what the last full collection kept before collecting again.
// Left to itself it grows the limit up to fourfold, and Canvass's large values (a 4 MB response
// read, folded for search and written back; a batch of an export) are garbage within a request:
// the large-pages bench peaked at 520-1,070 MB RSS against its 512 MB bound with V8's own factor,
// and at 376 MB with 1.3 (docs/performance.md#memory). Steady loads keep little in the old
// generation, so full collections stay rare and short.
//
// Allocation-site pretenuring off: V8 allocates straight in the old generation what a site's early
// objects survived to, and 32 requests in flight make a page's objects look long-lived. With it, a
// run of the list-page bench either kept to the young generation or, at random and for the whole
// run, allocated its pages old and ran a full collection every ~130 ms (201 against ~40 in a run,
// 0.42-0.50 of the floor against 0.79-0.83; docs/performance.md, 2026-11-27 evening).

export const HEAP_GROWING_PERCENT = 30

export function tuneHeap(execArgv: readonly string[] = process.execArgv): void {
  const given = [...execArgv, ...(process.env['NODE_OPTIONS'] ?? '').split(/\s+/)]
  const isGiven = (flag: RegExp) => given.some((value) => flag.test(value))
  if (!isGiven(/^--heap[-_]growing[-_]percent/))
    setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`)
  if (!isGiven(/^--(no-)?allocation[-_]site[-_]pretenuring/))
    setFlagsFromString('--no-allocation-site-pretenuring')
}
