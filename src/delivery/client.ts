import type { LookupAddress } from 'node:dns'
import ipaddr from 'ipaddr.js'
import { Agent, errors, request } from 'undici'
import type { Clock } from '../clock.js'
import type { AttemptOutcome } from '../domain/webhooks/deliveries/leases.js'
import { signature } from '../domain/webhooks/signing.js'
import { hostOf, type Resolver, refusedRange, resolveChecked } from '../domain/webhooks/ssrf.js'

// One delivery attempt over HTTP. Unless private targets are allowed, every connection goes to
// an address that was resolved and checked in the same step (a custom `lookup` on the socket),
// so a host name that resolves to a public address at PUT and to a private one later (DNS
// rebinding) is refused. The URL's host stays the Host header and the TLS server name.

export interface DeliveryRequest {
  url: string
  deliveryId: string
  payload: string
  secret: string | null
  verifySsl: boolean
}

export const USER_AGENT = 'Canvass-Webhooks/1'
const RESPONSE_BODY_LIMIT = 64 * 1024
/** How much of an answer the attempt log keeps (docs/webhooks.md#the-delivery-log: the first 1 KiB). */
const EXCERPT_BYTES = 1024

/** An attempt's result before its timing is added. */
type Answer = Omit<AttemptOutcome, 'attemptedAt' | 'durationMs'>

type LookupCallback = (error: Error | null, address: string | LookupAddress[], family?: number) => void

const guardedLookup =
  (resolver: Resolver) =>
  (hostname: string, options: { all?: boolean }, callback: LookupCallback): void => {
    resolveChecked(hostname, resolver).then(
      (addresses) => {
        if (options.all) return callback(null, addresses)
        const first = addresses[0] as LookupAddress
        callback(null, first.address, first.family)
      },
      (error: unknown) =>
        callback(new TargetRefusedError(error instanceof Error ? error.message : String(error)), ''),
    )
  }

class TargetRefusedError extends Error {
  readonly code = 'ECANVASS_TARGET_REFUSED'
}

export class DeliveryClient {
  private readonly agents: Agent[]

  constructor(
    private readonly options: { allowPrivate: boolean; timeoutMs: number; resolver: Resolver; clock: Clock },
  ) {
    const base = {
      connections: 64,
      keepAliveTimeout: 4000,
      headersTimeout: options.timeoutMs,
      bodyTimeout: options.timeoutMs,
    }
    const connect = (rejectUnauthorized: boolean) => ({
      rejectUnauthorized,
      timeout: options.timeoutMs,
      ...(options.allowPrivate ? {} : { lookup: guardedLookup(options.resolver) }),
    })
    this.agents = [
      new Agent({ ...base, connect: connect(false) }),
      new Agent({ ...base, connect: connect(true) }),
    ]
  }

  async send(delivery: DeliveryRequest): Promise<AttemptOutcome> {
    const { clock } = this.options
    const attemptedAt = clock.nowMicros()
    const started = clock.now()
    const answer = await this.exchange(delivery)
    return { ...answer, attemptedAt, durationMs: Math.round(clock.now() - started) }
  }

  private async exchange(delivery: DeliveryRequest): Promise<Answer> {
    const url = new URL(delivery.url)
    const host = hostOf(url)
    // Literal addresses never reach the lookup; check them here.
    if (!this.options.allowPrivate && ipaddr.isValid(host)) {
      const refused = refusedRange(host)
      if (refused) return failure(null, `target refused: ${host} is ${refused}`)
    }
    const timestamp = Math.floor(this.options.clock.now() / 1000)
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      'user-agent': USER_AGENT,
      'webhook-id': delivery.deliveryId,
      'webhook-timestamp': String(timestamp),
    }
    if (delivery.secret) {
      headers['webhook-signature'] = signature(
        delivery.secret,
        delivery.deliveryId,
        timestamp,
        delivery.payload,
      )
    }
    // A timer cleared as soon as the attempt ends (AbortSignal.timeout would keep every signal
    // alive for the whole timeout, thousands of them under load).
    const controller = new AbortController()
    const timer = setTimeout(() => controller.abort(), this.options.timeoutMs)
    try {
      const response = await request(url, {
        method: 'POST',
        headers,
        body: delivery.payload,
        dispatcher: this.agents[delivery.verifySsl ? 1 : 0],
        signal: controller.signal,
      })
      const responseExcerpt = await readExcerpt(response.body)
      const status = response.statusCode
      if (status >= 200 && status < 300) return { ok: true, statusCode: status, error: null, responseExcerpt }
      const retryAfter = retryAfterSeconds(response.headers['retry-after'], this.options.clock.now())
      const error =
        status >= 300 && status < 400 ? `redirect not followed (HTTP ${status})` : `HTTP ${status}`
      return { ...failure(status, error), responseExcerpt, retryAfterSeconds: retryAfter }
    } catch (error) {
      return failure(null, describe(error, this.options.timeoutMs))
    } finally {
      clearTimeout(timer)
    }
  }

  async close(): Promise<void> {
    await Promise.all(this.agents.map((agent) => agent.close().catch(() => undefined)))
  }
}

function failure(statusCode: number | null, error: string): Answer {
  return { ok: false, statusCode, error, responseExcerpt: null }
}

/**
 * The first EXCERPT_BYTES of an answer as text. The rest is read and dropped, up to
 * RESPONSE_BODY_LIMIT, so the connection can carry the next attempt; past that it is closed.
 */
async function readExcerpt(body: AsyncIterable<Buffer>): Promise<string> {
  const kept: Buffer[] = []
  let keptBytes = 0
  let total = 0
  try {
    for await (const chunk of body) {
      total += chunk.length
      if (keptBytes < EXCERPT_BYTES) {
        const part = chunk.subarray(0, EXCERPT_BYTES - keptBytes)
        kept.push(part)
        keptBytes += part.length
      }
      if (total > RESPONSE_BODY_LIMIT) break
    }
  } catch {
    // An answer cut short: its status already tells the outcome; keep what came.
  }
  // `stream: true` leaves out a character cut in two at the limit. NUL cannot be stored as text
  // in PostgreSQL, so it is shown as U+FFFD, as undecodable bytes are.
  return new TextDecoder().decode(Buffer.concat(kept), { stream: true }).replaceAll('\0', '\uFFFD')
}

function describe(error: unknown, timeoutMs: number): string {
  if (error instanceof Error) {
    if (
      error.name === 'TimeoutError' ||
      error.name === 'AbortError' ||
      error instanceof errors.HeadersTimeoutError ||
      error instanceof errors.BodyTimeoutError ||
      error instanceof errors.ConnectTimeoutError
    ) {
      return `timed out after ${timeoutMs} ms`
    }
    const cause = (error as { cause?: unknown }).cause
    const inner = cause instanceof Error ? cause : error
    if (inner instanceof TargetRefusedError) return `target refused: ${inner.message}`
    const code = (inner as { code?: unknown }).code
    return typeof code === 'string'
      ? `connection failed: ${code}`
      : `request failed: ${inner.message}`.slice(0, 500)
  }
  return 'request failed'
}

function retryAfterSeconds(header: string | string[] | undefined, now: number): number | undefined {
  const value = Array.isArray(header) ? header[0] : header
  if (!value) return undefined
  if (/^\s*\d+\s*$/.test(value)) return Number(value)
  const date = Date.parse(value)
  return Number.isNaN(date) ? undefined : Math.max(0, (date - now) / 1000)
}
