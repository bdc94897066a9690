import { type DestinationStream, pino } from 'pino'
import type { Config } from './config.js'

// JSON lines on stdout. Tokens and secrets are never logged: request logs carry no
// headers, these paths are redacted wherever they appear anyway, a logged request's URL goes
// through redactUrl, and every line written has credential-shaped text replaced (an error
// message or a framework warning may quote a URL).
export function createLogger(level: Config['logLevel'], destination?: DestinationStream) {
  const options = {
    level,
    redact: {
      paths: [
        'authorization',
        '*.authorization',
        'headers.authorization',
        'token',
        '*.token',
        'secret',
        '*.secret',
      ],
      censor: '[redacted]',
    },
    // Fastify logs a request as `req` in a few warnings; its URL is redacted like the request log's.
    serializers: { req: (request: { method?: string; url?: string }) => loggedRequest(request) },
    hooks: { streamWrite: redactCredentials },
  }
  return destination ? pino(options, destination) : pino(options)
}

function loggedRequest(request: { method?: string; url?: string }) {
  return { method: request.method, url: redactUrl(request.url ?? '') }
}

// Every credential Canvass issues starts with one of these: API tokens `cvs_` (domain/tokens.ts),
// dashboard session secrets `cvss_` and members' `cvsm_` (domain/sessions.ts), webhook secrets `whsec_`
// (domain/webhooks/signing.ts), drafts' resume tokens `cvd_` (domain/forms/drafts/store.ts), the
// team's one-time codes `cvc_` (setup, reset, invitation: domain/team). A new kind of secret adds its
// prefix here, and only here.
const CREDENTIAL_PREFIXES = ['cvs', 'cvss', 'cvsm', 'cvd', 'cvc', 'whsec']
const prefixes = CREDENTIAL_PREFIXES.join('|')

// A personal link (`/i/{token}`) and an unsubscribe link (`/u/{token}`) name one recipient by a
// bare token (docs/api.md#personal-links): wherever such a path appears, its token is redacted, so
// no log line ties a request (or the response it stored) to a person.
// A route's pattern (`/i/:token`) names no one and is kept.
const recipientLink = /(\/[iu]\/)[^/?#\s":\\][^/?#\s"\\]*/g

/** Decoded text that holds a credential. */
const credentialShape = new RegExp(`(?:${prefixes})_`, 'i')
/**
 * A credential in written text, its underscore percent-encoded or not, with the rest of it. It
 * starts a word (or follows a percent-encoded character): `xcvs_` inside a random id is no credential.
 */
const credentialText = new RegExp(
  `(?:(?<![A-Za-z0-9])|(?<=%[0-9A-Fa-f]{2}))(?:${prefixes})(?:_|%5f)[A-Za-z0-9_+/=%-]*`,
  'gi',
)

/** The text with every credential-shaped run, and every recipient link's token, replaced by `[redacted]`. */
export function redactCredentials(text: string): string {
  const redacted = text.replace(credentialText, '[redacted]')
  return redacted.includes('/i/') || redacted.includes('/u/')
    ? redacted.replace(recipientLink, '$1[redacted]')
    : redacted
}

// Credentials sometimes arrive in URLs (`?access_token=`, a token pasted into a path) although
// Canvass reads them only from headers; the logged URL must not carry them either way.
const credentialWords = new Set([
  'token',
  'code',
  'secret',
  'password',
  'passwd',
  'pwd',
  'passphrase',
  'signature',
  'sig',
  'key',
  'apikey',
  'auth',
  'authorization',
  'credential',
  'credentials',
  'session',
  'cookie',
  'jwt',
  'bearer',
])

// Every credential word and shape above, and percent-encoding, which could hide one.
const mayHoldCredential = new RegExp(
  `token|secret|passw|pwd|phrase|sig|key|auth|credential|session|cookie|jwt|bearer|${prefixes}|%`,
  'i',
)
/** A path that may hold a credential-shaped segment. */
const pathMayHoldCredential = new RegExp(`${prefixes}|%`, 'i')

function decoded(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '))
  } catch {
    // Malformed percent-encoding: judged as written.
    return text
  }
}

/** Whether a query parameter is named like a credential: `access_token`, `api-key`, `clientSecret`. */
function namesCredential(name: string): boolean {
  const words = decoded(name)
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
  return words.some((word) => credentialWords.has(word))
}

/** The URL as logged: values of credential-named query parameters and token-shaped text replaced. */
export function redactUrl(given: string): string {
  const url =
    given.startsWith('/i/') || given.startsWith('/u/') ? given.replace(recipientLink, '$1[redacted]') : given
  // Every request is logged: most URLs hold nothing that could be a credential.
  if (!mayHoldCredential.test(url)) return url
  const mark = url.indexOf('?')
  let path = mark === -1 ? url : url.slice(0, mark)
  if (pathMayHoldCredential.test(path)) {
    path = path
      .split('/')
      .map((segment) => (credentialShape.test(decoded(segment)) ? '[redacted]' : segment))
      .join('/')
  }
  if (mark === -1) return path
  const query = url
    .slice(mark + 1)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=')
      if (equals === -1) return credentialShape.test(decoded(pair)) ? '[redacted]' : pair
      const name = pair.slice(0, equals)
      if (namesCredential(name) || credentialShape.test(decoded(pair.slice(equals + 1)))) {
        return `${name}=[redacted]`
      }
      return pair
    })
  return `${path}?${query.join('&')}`
}
