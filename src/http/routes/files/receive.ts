import type { FastifyInstance, FastifyRequest } from 'fastify'
import { Type } from 'typebox'
import { validationFailed } from '../../../domain/errors.js'
import { UploadRefused } from '../../../domain/files/upload.js'
import type { FormView } from '../../../domain/forms/forms.js'
import type { UploadedFile } from '../../../shared/forms/files.js'
import { ApiError } from '../../errors.js'
import { readMultipart, tooLarge } from '../../uploads.js'

// One file uploaded to a question through the API (docs/api.md#file-uploads): a multipart body
// whose part `file` is the file; the question named in the query. Answers the file as stored,
// whose `id` a submission then names. Shared by the public and the token routes.

export const UploadQuery = Type.Object(
  {
    question: Type.String({
      minLength: 1,
      maxLength: 64,
      description: 'The file_upload question the file answers.',
    }),
  },
  { additionalProperties: false },
)

export const UploadedFileSchema = Type.Object(
  {
    id: Type.String({
      description: 'What a submission names: `"answers": {"<question>": {"id": "file_..."}}`.',
    }),
    name: Type.String({
      description:
        "The file's name as given, made safe to show (no path, no control or direction characters, at most 255 characters).",
    }),
    size: Type.Integer(),
    type: Type.String({ description: 'The media type its bytes show, not the one the client claimed.' }),
    url: Type.String({ description: 'Reads the file with a token (`GET /v1/files/{file_id}`).' }),
  },
  { $id: 'UploadedFile' },
)

/** When to try again once a form holds too many unclaimed uploads: they go as submissions claim them. */
const PENDING_RETRY_SECONDS = 600

/** Multipart with room for the form's other fields around the file. */
const ENVELOPE_BYTES = 64 * 1024

/** Streams are read by the handler: this plugin's multipart bodies are not parsed before it. */
export function passMultipart(app: FastifyInstance): void {
  app.addContentTypeParser('multipart/form-data', (_request, _payload, done) => done(null))
}

const refusalError = (error: UploadRefused) =>
  error.reason === 'too_many_pending'
    ? new ApiError('rate_limited', error.message, undefined, { 'retry-after': String(PENDING_RETRY_SECONDS) })
    : error.reason === 'too_large'
      ? new ApiError('payload_too_large', error.message, undefined, { connection: 'close' })
      : error.reason === 'type_not_accepted'
        ? new ApiError('unsupported_media_type', error.message)
        : validationFailed([{ path: '/file', message: error.message }])

export async function receiveUpload(
  app: FastifyInstance,
  request: FastifyRequest,
  form: FormView,
  questionId: string,
  from: 'workspace' | 'outside',
): Promise<UploadedFile> {
  const question = form.questions.find((candidate) => candidate.id === questionId)
  if (question?.type !== 'file_upload')
    throw validationFailed([{ path: '/question', message: 'must name a file_upload question of this form' }])
  if (!(request.headers['content-type'] ?? '').toLowerCase().startsWith('multipart/form-data'))
    throw new ApiError('unsupported_media_type', 'send the file as multipart/form-data, in a part named file')
  const { files, config } = app.ctx
  const limit = files.limitOf(question)
  const declared = Number(request.headers['content-length'])
  if (declared > limit + ENVELOPE_BYTES) {
    throw new ApiError(
      'payload_too_large',
      `the file is larger than ${limit} bytes, this question's limit`,
      undefined,
      {
        connection: 'close',
      },
    )
  }
  let stored: UploadedFile | undefined
  try {
    await readMultipart(request.raw, {
      maxBytes: limit + ENVELOPE_BYTES,
      maxFiles: 1,
      idleMs: config.uploadIdleSeconds * 1000,
      // The file is the body: other fields are not read, and a few names' worth is all they get.
      fieldBytes: 4 * 1024,
      async onFile(part) {
        if (part.field !== 'file') {
          part.stream.resume()
          return undefined
        }
        stored = await files.upload(form.id, question, part, from)
        return stored.id
      },
      discard: (ids) => files.discard(form.id, ids),
    })
  } catch (error) {
    if (error instanceof UploadRefused) throw refusalError(error)
    if (error instanceof ApiError && error.code === 'payload_too_large') throw tooLarge(limit)
    throw error
  }
  if (!stored)
    throw validationFailed([{ path: '/file', message: 'is required: send the file in a part named file' }])
  return stored
}
