import type { IncomingMessage } from 'node:http'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { UploadRefused } from '../../../domain/files/upload.js'
import type { FormView } from '../../../domain/forms/forms.js'
import { HONEYPOT_FIELD } from '../../../shared/pages/fields.js'
import { readMultipart } from '../../uploads.js'
import { PUBLIC_BODY_LIMIT } from './common.js'

// A hosted page with a file question posts multipart/form-data (with JavaScript off too). Its body
// is read once the route knows the form: each file is written as it arrives (files/upload.ts) and
// stands among the fields as its id, as a page's kept upload does; a refused file stands as
// `!<reason>`, which the page names beside its question (answer-messages.ts), the other answers kept.
// A post that is not to be stored (over its address's rate limit) has its fields read and its
// files dropped unwritten; one a bot sent (its honeypot filled) or one refused has its files deleted.

/** A multipart body, read by the route once it has found the form (postedFields). */
export class MultipartBody {
  constructor(readonly raw: IncomingMessage) {}
}

export function acceptPageUploads(app: FastifyInstance): void {
  app.addContentTypeParser('multipart/form-data', (request, _payload, done) =>
    done(null, new MultipartBody(request.raw)),
  )
}

/**
 * The fields a page posted, its files written and named by id (none when `keepFiles` is false);
 * empty for a body of neither kind.
 */
export async function postedFields(
  app: FastifyInstance,
  request: FastifyRequest,
  form: FormView | undefined,
  keepFiles = true,
): Promise<URLSearchParams> {
  const body = request.body
  if (body instanceof URLSearchParams) return body
  if (!(body instanceof MultipartBody) || !form) return new URLSearchParams()
  const { files, config } = app.ctx
  const questions = new Map(
    form.questions
      .filter((question) => question.type === 'file_upload')
      .map((question) => [question.id, question]),
  )
  const room = [...questions.values()].reduce((sum, question) => sum + files.limitOf(question), 0)
  /** The files this body wrote: only they may be discarded (a field can name any file). */
  const stored: string[] = []
  const fields = await readMultipart(body.raw, {
    // Each file may run past its limit before it is refused: its limit again, and the fields.
    maxBytes: 2 * room + PUBLIC_BODY_LIMIT,
    maxFiles: Math.max(1, questions.size),
    idleMs: config.uploadIdleSeconds * 1000,
    // What a form-encoded post of the page may carry.
    fieldBytes: PUBLIC_BODY_LIMIT,
    async onFile(part) {
      const question = questions.get(part.field)
      // A file control left empty sends a part without a name or bytes.
      if (!question || !keepFiles || (part.name ?? '') === '') {
        part.stream.resume()
        return undefined
      }
      try {
        const { id } = await files.upload(form.id, question, part, 'outside')
        stored.push(id)
        return id
      } catch (error) {
        if (error instanceof UploadRefused) return `!${error.reason}`
        throw error
      }
    },
    discard: (ids) => files.discard(form.id, ids),
  })
  if ((fields.get(HONEYPOT_FIELD) ?? '') !== '') await files.discard(form.id, stored)
  return fields
}
