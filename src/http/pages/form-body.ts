import { charsetOf, isUtf8Charset } from '../charset.js'
import { ApiError } from '../errors.js'

// A hosted page posts application/x-www-form-urlencoded in UTF-8 (the page is UTF-8). Read as
// URLSearchParams would, but bytes that are not UTF-8, sent raw or percent-encoded, are refused
// rather than turned into U+FFFD, and a body declared in another charset is not taken for UTF-8:
// the same as for JSON bodies (app.ts). NUL is left to the domain, which refuses it at its question.

const utf8 = new TextDecoder('utf-8', { fatal: true })
// A `%` not followed by two hex digits stays a `%`, as the URL standard's parser keeps it.
const strayPercent = /%(?![0-9A-Fa-f]{2})/g

function notUtf8(): ApiError {
  return new ApiError('validation_failed', 'the answers are not valid UTF-8 text')
}

function decodeComponent(text: string): string {
  const plain = text.includes('+') ? text.replace(/\+/g, ' ') : text
  if (!plain.includes('%')) return plain
  try {
    // Throws on percent-encoded bytes that are not UTF-8 (Latin-1, surrogates, overlong forms).
    return decodeURIComponent(plain.replace(strayPercent, '%25'))
  } catch {
    throw notUtf8()
  }
}

/** The fields of a form post; throws ApiError 415 for another charset, 400 for bytes that are not UTF-8. */
export function parseFormBody(body: Buffer, contentType: string | undefined): URLSearchParams {
  const charset = charsetOf(contentType)
  if (!isUtf8Charset(charset)) {
    throw new ApiError(
      'unsupported_media_type',
      `answers must be sent as UTF-8; charset=${charset} is not supported`,
    )
  }
  let text: string
  try {
    text = utf8.decode(body)
  } catch {
    throw notUtf8()
  }
  const fields = new URLSearchParams()
  for (const pair of text.split('&')) {
    if (pair === '') continue
    const equals = pair.indexOf('=')
    const name = equals === -1 ? pair : pair.slice(0, equals)
    const value = equals === -1 ? '' : pair.slice(equals + 1)
    fields.append(decodeComponent(name), decodeComponent(value))
  }
  return fields
}
