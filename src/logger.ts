import { type DestinationStream, pino } from 'pino'
import type { Config } from './config.js'

// JSON lines on stdout. Tokens and secrets are never logged: request logs carry no
// headers, and these paths are redacted wherever they appear anyway.
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
  }
  return destination ? pino(options, destination) : pino(options)
}

// Credentials sometimes arrive in URLs (`?access_token=`, a token pasted into a path) although
// Canvass reads them only from headers; the logged URL must not carry them either way.
const credentialShape = /(?:cvs|whsec)_/i
const credentialWords = new Set([
  'token',
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
const mayHoldCredential =
  /token|secret|passw|pwd|phrase|sig|key|auth|credential|session|cookie|jwt|bearer|cvs|whsec|%/i

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
export function redactUrl(url: string): string {
  // Every request is logged: most URLs hold nothing that could be a credential.
  if (!mayHoldCredential.test(url)) return url
  const mark = url.indexOf('?')
  let path = mark === -1 ? url : url.slice(0, mark)
  if (/cvs|whsec|%/i.test(path)) {
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
