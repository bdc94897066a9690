import type { FastifyInstance } from 'fastify'
import secureJson from 'secure-json-parse'
import { rejectUnstorable } from '../domain/errors.js'
import { charsetOf, isUtf8Charset } from './charset.js'
import { ApiError } from './errors.js'
import { DEPTH_CHECKED_CHARS, JSON_DEPTH_MAX, jsonDepthProblem } from './json-depth.js'

// Request bodies are JSON, UTF-8, and never carry text the databases cannot store; the hosted
// form pages add their own parser for form posts (routes/public/pages.tsx).

/** The app's body parsers, replacing Fastify's own. */
export function parseJsonBodies(app: FastifyInstance): void {
  app.removeAllContentTypeParsers()
  // Fatal: bytes that are not UTF-8 are refused rather than stored as U+FFFD.
  const utf8 = new TextDecoder('utf-8', { fatal: true })
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    const charset = charsetOf(request.headers['content-type'])
    if (!isUtf8Charset(charset)) {
      return done(
        new ApiError(
          'unsupported_media_type',
          `a JSON body must be UTF-8; charset=${charset} is not supported`,
        ),
      )
    }
    let text: string
    try {
      text = utf8.decode(body as Buffer)
    } catch {
      return done(new ApiError('invalid_json', 'the request body is not valid UTF-8'))
    }
    // An empty body is no body; routes that need one say so through their schema.
    if (text.trim() === '') return done(null, undefined)
    // A large body nested deep is refused before it is parsed: parsing one takes tens of ms, and
    // no body of Canvass's is. A smaller one is parsed and judged field by field (its errors name
    // what each field should be), as quickly.
    const deep = text.length > DEPTH_CHECKED_CHARS ? jsonDepthProblem(text) : undefined
    if (deep)
      return done(
        new ApiError('validation_failed', `the body nests more than ${JSON_DEPTH_MAX} levels deep`, [deep]),
      )
    let value: unknown
    try {
      value = secureJson.parse(text, undefined, { protoAction: 'error', constructorAction: 'error' })
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error)
      if (message.includes('forbidden prototype property')) {
        return done(
          new ApiError(
            'validation_failed',
            'the body uses a forbidden key (__proto__ or constructor.prototype)',
            [{ path: '', message: 'keys __proto__ and constructor.prototype are not allowed' }],
          ),
        )
      }
      return done(new ApiError('invalid_json', `the request body is not valid JSON: ${message}`))
    }
    // Escapes are the only way a NUL or an unpaired surrogate can reach a parsed string.
    if (/\\u(0000|d[89a-f])/i.test(text)) {
      try {
        rejectUnstorable(value)
      } catch (error) {
        return done(error as Error)
      }
    }
    done(null, value)
  })
  // Any other (or no) Content-Type: an empty body is no body, as curl -d '' or an HTML form
  // sends to operations that take none; a body that is there must be JSON.
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => {
    if ((body as Buffer).length === 0) return done(null, undefined)
    done(
      new ApiError(
        'unsupported_media_type',
        'a request body must be sent with Content-Type: application/json',
      ),
    )
  })
}
