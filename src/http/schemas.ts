import { Type } from 'typebox'

// Schemas every resource shares, written once: ids in paths, timestamps in answers, the
// parameters that name a form, and "no query string".

/** An id as it appears in a path: opaque, URL-safe, at most 64 characters. */
export const IdString = Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' })

export const Timestamp = Type.String({
  description: 'ISO 8601 UTC with microseconds, e.g. `2026-11-22T10:04:05.123456Z`.',
})

export const FormParams = Type.Object({ form_id: IdString }, { additionalProperties: false })

export const NoQuery = Type.Object({}, { additionalProperties: false })
