import type { FastifyReply, FastifyRequest } from 'fastify'
import { ApiError } from './errors.js'

// The dashboard's session cookie and the guard on writes made with it (docs/api.md#dashboard-sessions).
// SameSite=Strict alone is not enough: a page on another port of the same host is same-site, so
// a write must also come from this very origin and carry a header no HTML form can send.
// Such a page shares our cookies too, and may set its own `canvass_session` at a narrower path,
// which the browser sends first (cookie tossing): a request carrying two session cookies is
// refused, and signing in clears what it may have set. Over https the cookie is `__Host-`
// prefixed, which no http page and no other host (a sibling subdomain) can set.

export const SESSION_COOKIE = 'canvass_session'
export const SECURE_SESSION_COOKIE = `__Host-${SESSION_COOKIE}`
export const CSRF_HEADER = 'x-canvass-csrf'
const secretPattern = /^cvs[sm]_[A-Za-z0-9_-]{43}$/
const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS'])
// Paths a tossed cookie may hold that the sign-in's own path does not reveal: the API and the app.
const signInClearedPaths = ['/v1', '/v1/', '/app', '/app/']
// Characters a path may carry into a Set-Cookie attribute; anything else is left uncleared.
const cookiePathPattern = /^\/[A-Za-z0-9._~!$&'()*+=:@%/-]*$/
const MAX_CLEARED_PATHS = 32
// Browsers ignore a Path attribute longer than this (RFC 6265bis 5.6), so no cookie can be there.
const MAX_COOKIE_PATH = 1024

function cookieName(request: FastifyRequest): string {
  return request.protocol === 'https' ? SECURE_SESSION_COOKIE : SESSION_COOKIE
}

/** Every value of the session cookie this request carries, valid or not, in the order sent. */
function sessionCookieValues(request: FastifyRequest): string[] {
  const header = request.headers.cookie
  if (header === undefined) return []
  const name = cookieName(request)
  const values: string[] = []
  for (const part of header.split(';')) {
    const at = part.indexOf('=')
    if (at >= 0 && part.slice(0, at).trim() === name) values.push(part.slice(at + 1).trim())
  }
  return values
}

/** The session secret, when the request carries exactly one session cookie and it has the right shape. */
export function sessionSecretOf(request: FastifyRequest): string | undefined {
  const values = sessionCookieValues(request)
  const [value] = values
  return values.length === 1 && value !== undefined && secretPattern.test(value) ? value : undefined
}

/**
 * The refusal of a request carrying more than one session cookie, or undefined. Which one is the
 * caller's cannot be told, so neither is used; the answer clears every one it can reach.
 */
export function severalSessionCookies(request: FastifyRequest): ApiError | undefined {
  if (sessionCookieValues(request).length < 2) return undefined
  return new ApiError(
    'unauthorized',
    'this request carries more than one session cookie (another site on this host may have set one), ' +
      'so none of them is used; they have been cleared: sign in again',
    undefined,
    {
      'www-authenticate': 'Bearer realm="canvass"',
      'set-cookie': clearingCookies(request, pathsAbove(pathOf(request))),
    },
  )
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

/** Sets the session cookie at Path=/ and clears copies another page may have set at narrower paths. */
export function setSessionCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  secret: string,
  maxAgeSeconds: number,
): void {
  // Ours first, for clients that read only the first Set-Cookie; the others name other paths.
  const ours = cookie(request, `${cookieName(request)}=${secret}`, '/', maxAgeSeconds)
  const narrower = signInPaths(request).filter((path) => path !== '/')
  reply.header('set-cookie', [ours, ...clearingCookies(request, narrower)])
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply): void {
  reply.header('set-cookie', clearingCookies(request, signInPaths(request)))
}

function signInPaths(request: FastifyRequest): string[] {
  return [...new Set([...pathsAbove(pathOf(request)), ...signInClearedPaths])]
}

/** Expired session cookies at each of these paths (a `__Host-` cookie can only be at `/`). */
function clearingCookies(request: FastifyRequest, paths: string[]): string[] {
  const name = cookieName(request)
  const reachable = paths.filter((path) =>
    name === SECURE_SESSION_COOKIE
      ? path === '/'
      : path.length <= MAX_COOKIE_PATH && cookiePathPattern.test(path),
  )
  return [...new Set(reachable)]
    .slice(0, MAX_CLEARED_PATHS)
    .map((path) => cookie(request, `${name}=`, path, 0))
}

/** Every path a cookie sent with a request to `path` may have been set at (RFC 6265bis 5.1.4). */
function pathsAbove(path: string): string[] {
  const paths = ['/']
  let at = path.indexOf('/', 1)
  while (at > 0 && paths.length < MAX_CLEARED_PATHS) {
    paths.push(path.slice(0, at), path.slice(0, at + 1))
    at = path.indexOf('/', at + 1)
  }
  if (path !== '/') paths.push(path)
  return paths
}

function pathOf(request: FastifyRequest): string {
  return request.url.split('?')[0] ?? '/'
}

function cookie(request: FastifyRequest, pair: string, path: string, maxAgeSeconds: number): string {
  const secure = request.protocol === 'https' ? '; Secure' : ''
  return `${pair}; Max-Age=${maxAgeSeconds}; Path=${path}; HttpOnly; SameSite=Strict${secure}`
}
