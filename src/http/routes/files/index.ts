import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { FastifyInstance, FastifyReply } from 'fastify'
import { Type } from 'typebox'
import { notFound } from '../../../domain/errors.js'
import { attachmentHeader } from '../../../domain/files/names.js'
import type { FileRow } from '../../../domain/files/records.js'
import { workspaceOf } from '../../auth.js'
import { FormParams } from '../../schemas.js'
import { problem } from '../public/common.js'
import { passMultipart, receiveUpload, UploadedFileSchema, UploadQuery } from './receive.js'

// docs/api.md#file-uploads: a token's upload, and reading a file, with a token of the form's
// workspace or a signed link. A file is only ever sent as an attachment of a type that does not
// render (HTML, SVG and the like go as octet-stream), under a policy that runs nothing, so an
// uploaded page can never run as Canvass.

/** Types a browser shows without running anything; everything else downloads as bytes. */
const inertTypes = new Set([
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'application/pdf',
  'text/plain',
  'text/csv',
])

const FileParams = Type.Object({ file_id: Type.String({ minLength: 1, maxLength: 64 }) })

export async function sendFile(
  app: FastifyInstance,
  reply: FastifyReply,
  file: FileRow | undefined,
  id: string,
) {
  const stream = file && (await app.ctx.files.open(file))
  if (!file || !stream) throw notFound('file', id)
  return reply
    .header('content-type', inertTypes.has(file.type) ? file.type : 'application/octet-stream')
    .header('content-length', String(file.size))
    .header('content-disposition', attachmentHeader(file.name))
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; sandbox")
    .header('cache-control', 'private, no-store')
    .send(stream)
}

export async function fileRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>()
  const tags = ['files']
  passMultipart(app)

  app.post(
    '/v1/forms/:form_id/files',
    {
      config: { scope: 'responses:write' },
      schema: {
        tags,
        operationId: 'uploadFile',
        summary: 'Upload a file that answers a file_upload question',
        description:
          'A multipart/form-data body whose part `file` is the file, streamed to disk: refused (`413`, the connection closed) once it passes the question\'s `max_size`, and (`415`) when its bytes are not of a type in `properties.types`. A submission then names it: `"answers": {"<question>": {"id": "file_..."}}`. A file no response claims is deleted after `CANVASS_DRAFT_DAYS` and a day.',
        params: FormParams,
        querystring: UploadQuery,
        response: {
          201: UploadedFileSchema,
          400: problem(
            'Not a file_upload question, no part `file`, an empty file, or a body that is not multipart (`validation_failed`).',
          ),
          404: problem('No such form (`not_found`).'),
          413: problem("The file is over the question's `max_size` (`payload_too_large`)."),
          415: problem(
            'The body is not multipart/form-data, or the file is of a type the question does not accept (`unsupported_media_type`).',
          ),
        },
      },
    },
    async (request, reply) => {
      const form = await app.ctx.forms.find(workspaceOf(request), request.params.form_id)
      if (!form) throw notFound('form', request.params.form_id)
      return reply
        .code(201)
        .send(await receiveUpload(app, request, form, request.query.question, 'workspace'))
    },
  )

  app.get(
    '/v1/files/:file_id',
    {
      config: { scope: 'responses:read' },
      schema: {
        tags,
        operationId: 'getFile',
        summary: 'Download an uploaded file',
        description:
          "The file's bytes, always as an attachment (`Content-Disposition`), never rendered: types a browser could run (HTML, SVG, XML) are sent as `application/octet-stream`, with `X-Content-Type-Options: nosniff` and a sandboxing policy.",
        params: FileParams,
        response: {
          200: Type.Unsafe<unknown>({
            description: 'The file, as an attachment.',
            type: 'string',
            format: 'binary',
          }),
          404: problem('No such file in this workspace, or it has been deleted (`not_found`).'),
        },
      },
    },
    async (request, reply) => {
      const { file_id: id } = request.params
      return sendFile(app, reply, await app.ctx.files.inWorkspace(workspaceOf(request), id), id)
    },
  )
}

/** The signed link to a file (`/files/{id}?expires&signature`), which the export writes: no token. */
export async function signedFileRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>()
  app.get(
    '/files/:file_id',
    {
      config: { public: true },
      schema: {
        tags: ['files'],
        operationId: 'getSignedFile',
        summary: 'Download an uploaded file by a signed link',
        description:
          'No token: the link (as the export writes it) carries its expiry and signature, and works for `CANVASS_FILE_LINK_HOURS` (default 168). Sent as `GET /v1/files/{file_id}` sends it.',
        security: [],
        params: FileParams,
        querystring: Type.Object({
          expires: Type.Integer({ minimum: 0 }),
          signature: Type.String({ minLength: 1, maxLength: 128 }),
        }),
        response: {
          200: Type.Unsafe<unknown>({
            description: 'The file, as an attachment.',
            type: 'string',
            format: 'binary',
          }),
          404: problem('No such file, the link has expired, or its signature does not hold (`not_found`).'),
        },
      },
    },
    async (request, reply) => {
      const { file_id: id } = request.params
      const { expires, signature } = request.query
      return sendFile(app, reply, await app.ctx.files.bySignedLink(id, expires, signature), id)
    },
  )
}
