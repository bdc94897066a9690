import type { Question } from './kinds.js'

// A file_upload question (docs/api.md#file-uploads): what it may accept, and its answer. Free of
// Node APIs: the builder and the hosted page's script read these too. The server uploads and
// sniffs the bytes (src/domain/files); a submission names an uploaded file by its id, and the
// server puts the file as stored in its place before the answer is checked, so a client can never
// claim a name, size or type of its own.

/** The largest max_size a definition may give; the server's CANVASS_UPLOAD_MAX bounds it further. */
export const FILE_SIZE_CEILING = 1024 ** 4
/** At most this many entries in `properties.types`. */
export const FILE_TYPES_MAX = 50
/** A media type (`image/png`) or a family of them (`image/*`). */
const typePattern = /^[a-z0-9][a-z0-9!#$&^_.+-]{0,62}\/(\*|[a-z0-9][a-z0-9!#$&^_.+-]{0,126})$/
/** A file's id, as the upload answers it. */
export const fileIdPattern = /^file_[A-Za-z0-9_-]{22}$/

/** A file answer as stored and listed: `url` fetches it with a token (GET /v1/files/{id}). */
export interface FileAnswer {
  name: string
  size: number
  type: string
  url: string
}

/** The uploaded file a submission's answer names, once the server has looked it up. */
export interface UploadedFile extends FileAnswer {
  id: string
}

export function typesProblem(value: unknown): string | undefined {
  if (!Array.isArray(value) || value.length === 0 || value.length > FILE_TYPES_MAX)
    return `must be an array of 1 to ${FILE_TYPES_MAX} media types, e.g. ["image/*", "application/pdf"]`
  const wrong = value.findIndex((type) => typeof type !== 'string' || !typePattern.test(type))
  if (wrong >= 0) return `item ${wrong} must be a lower-case media type such as image/png or image/*`
  return undefined
}

/** The media types the question accepts; empty: any. */
export function acceptedTypes(question: Question): string[] {
  const types = question.properties['types']
  return typesProblem(types) === undefined ? (types as string[]) : []
}

/** Whether a file of `type` is one the question accepts. */
export function typeAccepted(question: Question, type: string): boolean {
  const types = acceptedTypes(question)
  return (
    types.length === 0 ||
    types.some((accepted) =>
      accepted.endsWith('/*') ? type.startsWith(accepted.slice(0, -1)) : accepted === type,
    )
  )
}

/** The question's own limit in bytes, within the server's `ceiling`. */
export function maxFileSize(question: Question, ceiling: number): number {
  const own = question.properties['max_size']
  return Number.isInteger(own) && (own as number) >= 1 ? Math.min(own as number, ceiling) : ceiling
}

/** What a hosted page's control tells the browser it may pick (the `accept` attribute). */
export const acceptAttribute = (question: Question): string | undefined =>
  acceptedTypes(question).join(',') || undefined

/** Why an answer to a file question is refused: it must name a file uploaded to this question. */
export const FILE_NOT_UPLOADED =
  'must name a file uploaded to this question: {"id": "file_..."}, as POST /v1/public/forms/{form_id}/files answered'

/**
 * The stored answer, when `value` is an uploaded file as the server looked it up and the question
 * as it is now still takes it: its limit and types may have changed since the file was uploaded.
 */
export function checkFile(value: unknown, question: Question): { value: FileAnswer } | { error: string } {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return { error: FILE_NOT_UPLOADED }
  const file = value as Partial<UploadedFile>
  if (
    typeof file.id !== 'string' ||
    typeof file.name !== 'string' ||
    typeof file.size !== 'number' ||
    typeof file.type !== 'string' ||
    typeof file.url !== 'string'
  )
    return { error: FILE_NOT_UPLOADED }
  const limit = maxFileSize(question, FILE_SIZE_CEILING)
  if (file.size > limit) return { error: `is a file larger than ${limit} bytes, this question's limit` }
  if (!typeAccepted(question, file.type))
    return { error: `is a file of type ${file.type}, which this question does not accept` }
  return { value: { name: file.name, size: file.size, type: file.type, url: file.url } }
}

/** The id a submission's answer gives: `"file_..."` (a hosted page's field) or `{id}`. */
export function fileIdOf(value: unknown): string | undefined {
  const id =
    typeof value === 'string'
      ? value
      : value !== null && typeof value === 'object' && !Array.isArray(value)
        ? (value as { id?: unknown }).id
        : undefined
  return typeof id === 'string' && fileIdPattern.test(id) ? id : undefined
}
