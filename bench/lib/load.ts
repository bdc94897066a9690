import autocannon from 'autocannon'
import { cpuSeconds } from './proc.js'
import { median } from './stats.js'

// Load from autocannon, bounded in time (or in requests), always on 127.0.0.1.

export interface LoadOptions {
  url: string
  connections: number
  /** Seconds to run; ignored when `amount` is given. */
  seconds?: number
  /** Number of requests to send, then stop. */
  amount?: number
  method?: 'GET' | 'POST'
  headers?: Record<string, string>
  body?: string
  /** Builds each request's body (e.g. fresh e-mail addresses per bulk add). */
  nextBody?: () => string
  /** Builds each request's extra headers (e.g. a cookie naming one of many drafts). */
  nextHeaders?: () => Record<string, string>
  /** What counts as answered: a 2xx (the default) or a 3xx (a form post's redirect). */
  answered?: '2xx' | '3xx'
  /** The server's process id: its CPU time per answered request is measured too. */
  serverPid?: number
}

/** How long a load lasts: seconds (a timed round) or a count of requests (a warm-up). */
export type Span = { seconds: number } | { amount: number }

export interface LoadResult {
  /** Successful (2xx, or 3xx when asked) answers per second of wall time. */
  rps: number
  ok: number
  failed: number
  p50Ms: number
  p99Ms: number
  seconds: number
  /** Server CPU time (user + system) per successful request, in µs; NaN without serverPid. */
  cpuUsPerRequest: number
}

export async function load(options: LoadOptions): Promise<LoadResult> {
  if (!/^http:\/\/127\.0\.0\.1:\d+\//.test(options.url))
    throw new Error(`not a loopback target: ${options.url}`)
  const { nextBody, nextHeaders } = options
  const setup = (request: autocannon.Request): autocannon.Request => ({
    ...request,
    ...(nextBody ? { body: nextBody() } : {}),
    ...(nextHeaders ? { headers: { ...request.headers, ...nextHeaders() } } : {}),
  })
  const cpuBefore = options.serverPid ? cpuSeconds(options.serverPid) : Number.NaN
  const started = performance.now()
  const result = await autocannon({
    url: options.url,
    connections: options.connections,
    method: options.method ?? 'GET',
    headers: options.headers ?? {},
    ...(options.body !== undefined ? { body: options.body } : {}),
    ...(options.amount !== undefined ? { amount: options.amount } : { duration: options.seconds ?? 5 }),
    ...(nextBody || nextHeaders ? { requests: [{ setupRequest: setup }] } : {}),
    timeout: 60,
  })
  const seconds = (performance.now() - started) / 1000
  const ok = options.answered === '3xx' ? result['3xx'] : result['2xx']
  const cpu = options.serverPid ? cpuSeconds(options.serverPid) - cpuBefore : Number.NaN
  return {
    rps: ok / seconds,
    ok,
    failed:
      result['1xx'] + result['2xx'] + result['3xx'] + result['4xx'] + result['5xx'] - ok + result.errors,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    seconds,
    cpuUsPerRequest: (cpu * 1e6) / ok,
  }
}

/** Median server CPU µs per request over rounds, rounded. */
export const cpuPerRequest = (results: LoadResult[]): number =>
  Math.round(median(results.map((r) => r.cpuUsPerRequest)))

/** Alternates A and B for several rounds (A B A B ...), so drifts of a noisy machine hit both alike. */
export async function alternate<A, B>(
  rounds: number,
  a: () => Promise<A>,
  b: () => Promise<B>,
): Promise<{ a: A[]; b: B[] }> {
  const results = { a: [] as A[], b: [] as B[] }
  for (let round = 0; round < rounds; round++) {
    results.a.push(await a())
    results.b.push(await b())
  }
  return results
}
