import { randomUUID } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { Clock } from '../../clock.js'
import type { AppContext } from '../../context.js'
import type { PublicFormsService } from '../../domain/forms/service.js'
import { redactUrl } from '../../logger.js'
import type { HttpMetrics } from '../metrics.js'
import { requestIdOf } from '../requests.js'
import type { BlankPage, BlankPages } from './blank-pages.js'
import { chooseLanguage } from './language.js'

// The hosted form page is what every respondent opens: the one page that public traffic hits most.
// Its blank version (no query string, so no hidden fields; a form that accepts answers) is answered
// here, before the framework, from the page rendered once per form version: the same bytes, headers,
// log line and metrics as the route `GET /f/:form_id` (routes/public/pages.tsx) would give. The form's
// version and response count come from the public form reader (domain/forms/public.ts), which reads
// them again at most every PUBLIC_FORM_FRESH_MS, and at once after a change made through this
// process; whether it accepts answers is worked out from them and the clock on every request. So a
// form edited, closed or filled by another process is seen here within that window; a submission
// never relies on it (it is checked again under the form's lock). Anything else (a query string, a
// closed, private or unknown form, a request without Host, an encoding other than gzip or br) goes
// on to the framework's route, which answers every case.
//
// Why it is kept (issue 26): through Fastify, with only the hooks every answer needs (the app's
// request id, checks and log line; no authentication, which is scoped to routes that act for a
// caller), the same cached page measured 0.07-0.40 of the static floor (one full run 0.64) against
// 0.42-1.02 here, target 0.5 (`npm run bench -- --only form-page`; docs/performance.md). Quick A/B
// runs on a busy 2-core machine, so each range is wide; their gap held in every pair of runs.

const PAGE_PATH = /^\/f\/([A-Za-z0-9_-]{1,64})$/
const ROUTE = '/f/:form_id'

type Encoding = 'identity' | 'gzip' | 'br'

/** What Accept-Encoding asks for among what the page is kept in; undefined: let the framework decide. */
export function chooseEncoding(header: string | undefined): Encoding | undefined {
  if (header === undefined || header.trim() === '') return 'identity'
  let best: Encoding | undefined
  let bestQ = 0
  let otherQ = 0
  let identityRefused = false
  for (const part of header.split(',')) {
    const [rawName = '', ...params] = part.split(';')
    const name = rawName.trim().toLowerCase()
    let q = 1
    for (const param of params) {
      const [key, value] = param.split('=')
      if (key?.trim().toLowerCase() === 'q') q = Number(value)
    }
    if (!Number.isFinite(q)) return undefined
    if ((name === 'identity' || name === '*') && q === 0) identityRefused = true
    // The compression plugin's preference: gzip, then br (then deflate, which is not kept here).
    const encoding = name === 'gzip' || name === '*' ? 'gzip' : name === 'br' ? 'br' : undefined
    if (encoding && (q > bestQ || (q === bestQ && encoding === 'gzip'))) {
      best = encoding
      bestQ = q
    } else if (!encoding && name !== 'identity') otherQ = Math.max(otherQ, q)
  }
  if (otherQ > bestQ) return undefined
  if (best && bestQ > 0) return best
  return identityRefused ? undefined : 'identity'
}

export interface FastPathParts {
  forms: PublicFormsService
  pages: BlankPages
  metrics: HttpMetrics
  logger: AppContext['logger']
  clock: Clock
}

export type FastPath = (request: IncomingMessage, response: ServerResponse) => Promise<boolean>

export function formPageFastPath({ forms, pages, metrics, logger, clock }: FastPathParts): FastPath {
  // The same series the framework's onResponse hook counts into, bound once.
  const requests = metrics.requests.labels('GET', ROUTE, '200')
  const duration = metrics.duration.labels('GET', ROUTE, '200')
  return async (request, response) => {
    if (request.method !== 'GET' || request.headers.host === undefined) return false
    if (request.headers['x-no-compression'] !== undefined) return false
    // A respondent partway through a form of several pages sees their own page (routes/public/flow-pages.tsx).
    if (request.headers.cookie?.includes('canvass_draft=')) return false
    const match = PAGE_PATH.exec(request.url ?? '')
    if (!match) return false
    const encoding = chooseEncoding(request.headers['accept-encoding'])
    if (!encoding) return false
    const started = clock.now()
    const found = await forms.find(match[1] as string).catch(() => undefined)
    if (found?.acceptance !== 'accepting') return false
    const id = requestIdOf(request.headers['x-request-id'], randomUUID)
    const lang = chooseLanguage(found.form, undefined, request.headers['accept-language'])
    send(response, id, pages.get(found.form, lang), encoding)
    const ms = clock.now() - started
    requests.inc()
    duration.observe(ms / 1000)
    if (!logger.isLevelEnabled('info')) return true
    logger.info(
      {
        reqId: response.getHeader('x-request-id'),
        method: 'GET',
        url: redactUrl(request.url ?? ''),
        route: ROUTE,
        status: 200,
        ms,
      },
      'request',
    )
    return true
  }
}

function send(response: ServerResponse, id: string, page: BlankPage, encoding: Encoding): void {
  const body = page[encoding]
  const headers = [
    'x-content-type-options',
    'nosniff',
    'content-security-policy',
    page.policy,
    'x-request-id',
    id,
    'cache-control',
    'no-store',
    'content-type',
    'text/html; charset=utf-8',
    'vary',
    'accept-encoding, accept-language',
    'content-language',
    page.lang,
    'content-length',
    String(body.length),
  ]
  if (encoding !== 'identity') headers.push('content-encoding', encoding)
  response.writeHead(200, headers)
  response.end(body)
}
