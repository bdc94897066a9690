import { parseTimestamp } from '../clock.js'
import { ApiError } from './errors.js'

// Versions of a form for editors that must not overwrite each other (issue 17): a form's ETag
// names its definition as last saved (its `updated_at`, to the microsecond), and
// `PUT /v1/forms/{id}` with `If-Match` replaces it only if it is still that version. The count
// of responses is not part of it: a response arriving does not make an editor's copy stale.

/** The strong entity tag of a form as last saved. */
export function formEtag(form: { updated_at: string }): string {
  return `"${(parseTimestamp(form.updated_at) ?? 0).toString(36)}"`
}

// One entity tag: optionally weak, then a quoted string of the characters RFC 9110 allows.
const ENTITY_TAG = /^(W\/)?"([\x21\x23-\x7e\x80-\xff]*)"$/

/**
 * The versions (updated_at, microseconds) an `If-Match` header accepts: undefined when there is
 * no header or it is `*` (any current version). Weak tags never match (RFC 9110 compares strong),
 * tags Canvass did not make match nothing; a header that is not a list of entity tags is a 400.
 */
export function ifMatchVersions(header: string | string[] | undefined): number[] | undefined {
  if (header === undefined) return undefined
  const text = Array.isArray(header) ? header.join(',') : header
  if (text.trim() === '*') return undefined
  const versions: number[] = []
  for (const part of text.split(',')) {
    const tag = part.trim()
    if (tag === '') continue
    const match = ENTITY_TAG.exec(tag)
    if (!match) {
      throw new ApiError(
        'validation_failed',
        'If-Match must be * or a list of entity tags such as "lq3x0k2ab"',
        [{ path: '/headers/if-match', message: `${JSON.stringify(tag.slice(0, 80))} is not an entity tag` }],
      )
    }
    const opaque = match[2] as string
    if (match[1] === undefined && /^[0-9a-z]{1,12}$/.test(opaque)) versions.push(Number.parseInt(opaque, 36))
  }
  return versions
}
