import { setFlagsFromString } from 'node:v8'

// How far V8 lets the heap grow past what the last full collection kept before collecting again.
// Left to itself it grows the limit up to fourfold, and Canvass's large values (a 4 MB response
// read, folded for search and written back; a batch of an export) are garbage within a request:
// the large-pages bench peaked at 520-1,070 MB RSS against its 512 MB bound with V8's own factor,
// and at 376 MB with 1.3 (docs/performance.md#memory). Steady loads keep little in the old
// generation, so full collections stay rare and short. A flag given to node itself wins.

export const HEAP_GROWING_PERCENT = 30

export function boundHeapGrowth(execArgv: readonly string[] = process.execArgv): void {
  const given = [...execArgv, ...(process.env['NODE_OPTIONS'] ?? '').split(/\s+/)]
  if (given.some((flag) => /^--heap[-_]growing[-_]percent/.test(flag))) return
  setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`)
}
