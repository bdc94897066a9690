import { type Static, type TSchema, Type } from 'typebox'

// Schemas every resource shares, written once: ids in paths, timestamps in answers, the
// parameters that name a form, and "no query string".

/** An id as it appears in a path: opaque, URL-safe, at most 64 characters. */
export const IdString = Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' })

export const Timestamp = Type.String({
  description: 'ISO 8601 UTC with microseconds, e.g. `2026-11-22T10:04:05.123456Z`.',
})

export const FormParams = Type.Object({ form_id: IdString }, { additionalProperties: false })

export const NoQuery = Type.Object({}, { additionalProperties: false })

/**
 * A reference to a named component (registered by src/http/openapi.ts), typed as the schema it
 * names: the document shows one reusable schema, and handlers keep their types.
 */
export function ref<T extends TSchema>(schema: T) {
  const id = (schema as { $id?: unknown }).$id
  if (typeof id !== 'string') throw new Error('only a schema with an $id can be referenced')
  return Type.Unsafe<Static<T>>({ $ref: `${id}#` })
}
