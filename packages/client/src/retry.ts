// A fetch that tries again when Canvass (or a proxy before it) says "later" (429, 503) or when no
// answer came, honouring Retry-After. A request without an answer, or with a gateway's 502/504,
// may still have been applied, so those are sent again only when that is safe: idempotent
// methods, and POSTs that carry an Idempotency-Key (the bulk add always does).

export interface RetryOptions {
  /** Attempts in all, the first included (default 4). */
  attempts?: number
  /** First backoff; doubled on each retry, with jitter (default 250 ms). */
  baseDelayMs?: number
  /** Longest wait between attempts, Retry-After included (default 30 s). */
  maxDelayMs?: number
}

const idempotentMethods = new Set(['GET', 'HEAD', 'OPTIONS', 'PUT', 'DELETE'])
const retryStatuses = new Set([429, 503])
const gatewayStatuses = new Set([502, 504])

export function retryingFetch(
  fetchOnce: (request: Request) => Promise<Response>,
  options: RetryOptions = {},
): (request: Request) => Promise<Response> {
  const attempts = Math.max(1, options.attempts ?? 4)
  const base = options.baseDelayMs ?? 250
  const max = options.maxDelayMs ?? 30_000
  const backoff = (attempt: number) => Math.min(max, base * 2 ** (attempt - 1) * (0.5 + Math.random() / 2))

  return async (request) => {
    const repeatable = idempotentMethods.has(request.method) || request.headers.has('idempotency-key')
    for (let attempt = 1; ; attempt++) {
      // Each attempt sends its own copy: a body can be read once.
      const copy = attempt < attempts ? request.clone() : request
      let response: Response
      try {
        response = await fetchOnce(copy)
      } catch (error) {
        if (!repeatable || attempt >= attempts || request.signal.aborted) throw error
        await sleep(backoff(attempt), request.signal)
        continue
      }
      const again = retryStatuses.has(response.status) || (repeatable && gatewayStatuses.has(response.status))
      if (!again || attempt >= attempts) return response
      await response.body?.cancel()
      await sleep(
        Math.min(max, retryAfter(response.headers.get('retry-after')) ?? backoff(attempt)),
        request.signal,
      )
    }
  }
}

/** Retry-After in milliseconds: delta-seconds or an HTTP date (RFC 9110 10.2.3). */
export function retryAfter(value: string | null, now = Date.now()): number | undefined {
  if (value === null) return undefined
  const text = value.trim()
  if (/^\d+$/.test(text)) return Number(text) * 1000
  const date = Date.parse(text)
  return Number.isNaN(date) ? undefined : Math.max(0, date - now)
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason)
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort)
      resolve()
    }, ms)
    const onAbort = () => {
      clearTimeout(timer)
      reject(signal.reason)
    }
    signal.addEventListener('abort', onAbort, { once: true })
  })
}
