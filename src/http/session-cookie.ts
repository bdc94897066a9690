import type { FastifyReply, FastifyRequest } from 'fastify'

// The dashboard's session cookie and the guard on writes made with it (docs/api.md#dashboard-sessions).
// SameSite=Strict alone is not enough: a page on another port of the same host is same-site, so
// a write must also come from this very origin and carry a header no HTML form can send.

export const SESSION_COOKIE = 'canvass_session'
export const CSRF_HEADER = 'x-canvass-csrf'
const secretPattern = /^cvss_[A-Za-z0-9_-]{43}$/
const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS'])

/** The session secret from the Cookie header, when one of the right shape is there. */
export function sessionSecretOf(request: FastifyRequest): string | undefined {
  const header = request.headers.cookie
  if (header === undefined) return undefined
  for (const part of header.split(';')) {
    const at = part.indexOf('=')
    if (at < 0 || part.slice(0, at).trim() !== SESSION_COOKIE) continue
    const value = part.slice(at + 1).trim()
    if (secretPattern.test(value)) return value
  }
  return undefined
}

/** Why a write with the session cookie is refused, or undefined when it may go ahead. */
export function csrfRefusal(request: FastifyRequest): string | undefined {
  if (safeMethods.has(request.method)) return undefined
  const origin = request.headers.origin
  if (origin === undefined || origin !== `${request.protocol}://${request.host}`) {
    return 'a change made with the session cookie must come from this server’s own origin'
  }
  if (request.headers[CSRF_HEADER] !== '1') {
    return 'a change made with the session cookie must carry the header X-Canvass-CSRF: 1'
  }
  return undefined
}

export function setSessionCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  secret: string,
  maxAgeSeconds: number,
): void {
  reply.header('set-cookie', cookie(request, `${SESSION_COOKIE}=${secret}`, maxAgeSeconds))
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply): void {
  reply.header('set-cookie', cookie(request, `${SESSION_COOKIE}=`, 0))
}

function cookie(request: FastifyRequest, pair: string, maxAgeSeconds: number): string {
  const secure = request.protocol === 'https' ? '; Secure' : ''
  return `${pair}; Max-Age=${maxAgeSeconds}; Path=/; HttpOnly; SameSite=Strict${secure}`
}
