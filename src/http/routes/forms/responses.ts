import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { FastifyInstance, FastifyReply } from 'fastify'
import { Type } from 'typebox'
import { parseTimestamp, timestampSpanMicros } from '../../../clock.js'
import { type FieldError, notFound, validationFailed } from '../../../domain/errors.js'
import { type ExportFormat, exportContentType, exportFormats } from '../../../domain/forms/export.js'
import type { ResponseFilter } from '../../../domain/forms/responses/listing.js'
import { searchPattern } from '../../../domain/forms/responses/search.js'
import { workspaceOf } from '../../auth.js'
import { boundedMemoryNote, sendExport, sendPage } from '../../listings.js'
import { PageQuery } from '../../pagination.js'
import { FormParams, ref } from '../../schemas.js'
import { ResponseFilterQuery, ResponseItemSchema, ResponsePage, SubmissionBody } from './schemas.js'

// Responses of a form (docs/api.md#responses); the listing is a frozen wire format.

const MAX_IDS = 1000
const idPattern = /^[A-Za-z0-9_-]{1,64}$/
/** Sends JSON that is already serialised; Fastify passes a Buffer, or a string with a JSON type, through as it is. */
function sendJsonText(reply: FastifyReply, status: number, text: string | Buffer): FastifyReply {
  return reply.code(status).type('application/json; charset=utf-8').send(text)
}

interface FilterQuery {
  since?: string | undefined
  until?: string | undefined
  sort?: 'submitted_at,desc' | 'submitted_at,asc' | undefined
  included_response_ids?: string | undefined
  query?: string | undefined
}

function idList(text: string, path: string, errors: FieldError[]): string[] {
  const ids = text
    .split(',')
    .map((id) => id.trim())
    .filter((id) => id !== '')
  if (ids.length > MAX_IDS) errors.push({ path, message: `must name at most ${MAX_IDS} ids` })
  // An id that cannot exist is an unknown id: ignored, like any other.
  return ids.filter((id) => idPattern.test(id))
}

/** The filters of a responses listing (docs/api.md#responses), shared by every operation that takes them. */
export function responseFilter(query: FilterQuery): ResponseFilter {
  const errors: FieldError[] = []
  // The query schema has checked both (format `timestamp`).
  const since = query.since === undefined ? undefined : parseTimestamp(query.since)
  // Inclusive of the whole span written: `until=2026-11-22T10:04:05Z` includes 10:04:05.5.
  const until =
    query.until === undefined
      ? undefined
      : (parseTimestamp(query.until) as number) + timestampSpanMicros(query.until) - 1
  if (since !== undefined && until !== undefined && since > until) {
    errors.push({ path: '/since', message: 'must not be after until' })
  }
  // An empty list (`included_response_ids=`) filters nothing; a list of only unknown ids matches nothing.
  const given = query.included_response_ids?.split(',').some((id) => id.trim() !== '') ?? false
  const ids = given ? idList(query.included_response_ids ?? '', '/included_response_ids', errors) : undefined
  const text = query.query?.trim() ?? ''
  // A query is one line of text: a control character cannot be typed into a search box.
  if (/\p{Cc}/u.test(text)) errors.push({ path: '/query', message: 'must not contain control characters' })
  if (errors.length > 0) throw validationFailed(errors)
  const search = text === '' ? undefined : searchPattern(text)
  return { since, until, ids, search, order: query.sort === 'submitted_at,asc' ? 'asc' : 'desc' }
}

export async function responseRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>()
  const tags = ['responses']

  app.post(
    '/v1/forms/:form_id/responses',
    {
      config: { scope: 'responses:write' },
      schema: {
        tags,
        operationId: 'submitResponse',
        summary: 'Submit a response',
        description: 'Every problem of the submission is listed at once (`400 validation_failed`).',
        params: FormParams,
        body: SubmissionBody,
        response: { 201: ref(ResponseItemSchema) },
      },
    },
    async (request, reply) => {
      const stored = await app.ctx.responses.submit(
        workspaceOf(request),
        request.params.form_id,
        request.body,
        Number(request.headers['content-length']) || 0,
      )
      if (!stored) throw notFound('form', request.params.form_id)
      // The same bytes the listing will show.
      return sendJsonText(reply, 201, stored.json)
    },
  )

  app.get(
    '/v1/forms/:form_id/responses',
    {
      config: { scope: 'responses:read', audit: true },
      schema: {
        tags,
        operationId: 'listResponses',
        summary: 'List responses, newest first',
        description: boundedMemoryNote,
        params: FormParams,
        querystring: Type.Object({ ...PageQuery, ...ResponseFilterQuery }, { additionalProperties: false }),
        response: { 200: ref(ResponsePage) },
      },
    },
    async (request, reply) => {
      const { page, page_size } = request.query
      const formId = request.params.form_id
      const filter = responseFilter(request.query)
      const listing = await app.ctx.responses.page(
        workspaceOf(request),
        formId,
        { page, page_size },
        filter,
        app.listMemory,
      )
      if (!listing) throw notFound('form', formId)
      // Items are stored serialised: the page is a join of their texts, not a re-serialisation.
      return sendPage(request, reply, app.listMemory, { page, page_size }, listing)
    },
  )

  app.delete(
    '/v1/forms/:form_id/responses',
    {
      config: { scope: 'responses:write' },
      schema: {
        tags,
        operationId: 'deleteResponses',
        summary: 'Delete responses by id',
        description: 'Unknown ids are ignored. `included_tokens` is accepted as a synonym.',
        params: FormParams,
        querystring: Type.Object(
          {
            included_response_ids: Type.Optional(
              Type.String({ description: 'Comma-separated ids, at most 1000.' }),
            ),
            included_tokens: Type.Optional(Type.String({ description: 'Same as included_response_ids.' })),
          },
          { additionalProperties: false },
        ),
        response: { 204: Type.Null({ description: 'Deleted.' }) },
      },
    },
    async (request, reply) => {
      const { included_response_ids, included_tokens } = request.query
      const errors: FieldError[] = []
      if (included_response_ids === undefined && included_tokens === undefined) {
        errors.push({ path: '/included_response_ids', message: 'is required: name the responses to delete' })
      }
      const ids = new Set([
        ...idList(included_response_ids ?? '', '/included_response_ids', errors),
        ...idList(included_tokens ?? '', '/included_tokens', errors),
      ])
      if (ids.size > MAX_IDS)
        errors.push({ path: '/included_response_ids', message: `must name at most ${MAX_IDS} ids` })
      if (errors.length > 0) throw validationFailed(errors)
      const found = await app.ctx.responses.delete(workspaceOf(request), request.params.form_id, [...ids])
      if (!found) throw notFound('form', request.params.form_id)
      return reply.code(204).send(null)
    },
  )

  app.get(
    '/v1/forms/:form_id/responses/export',
    {
      config: { scope: 'responses:read', audit: true },
      schema: {
        tags,
        operationId: 'exportResponses',
        summary: 'Export every matching response, streamed',
        description:
          '`ndjson`: one listed item per line. `csv`: id, submitted_at, one column per question (by title), ' +
          'hidden fields and variables, beginning with a UTF-8 byte order mark so that spreadsheet ' +
          'programs read accents right. `xlsx`: an Office Open XML workbook with the same columns on one ' +
          'sheet, `Responses`: submitted_at as a date and time (UTC), date answers as dates, numbers and ' +
          'variables as numbers, the rest as text (never formulas); a text longer than a cell holds ' +
          '(32,767 characters) is cut, ending with `…` (NDJSON and CSV keep it whole). ' +
          'The list filters apply, `query` included. ' +
          boundedMemoryNote,
        params: FormParams,
        querystring: Type.Object(
          {
            format: Type.Optional(
              Type.Unsafe<ExportFormat>({ type: 'string', enum: [...exportFormats], default: 'ndjson' }),
            ),
            ...ResponseFilterQuery,
          },
          { additionalProperties: false },
        ),
        response: {
          200: {
            description: 'The responses, streamed.',
            content: {
              'application/x-ndjson': { schema: { type: 'string' } },
              'text/csv': { schema: { type: 'string' } },
              'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': {
                schema: { type: 'string', format: 'binary' },
              },
            },
          },
        },
      },
    },
    async (request, reply) => {
      const filter = responseFilter(request.query)
      const format = request.query.format ?? 'ndjson'
      const formId = request.params.form_id
      const budget = app.listMemory
      const exported = await app.ctx.responses.export(workspaceOf(request), formId, filter, format, budget)
      if (!exported) throw notFound('form', formId)
      reply
        .type(exportContentType[format])
        .header('content-disposition', `attachment; filename="responses-${formId}.${format}"`)
      return sendExport(request, reply, budget, exported.listing, exported.lines)
    },
  )
}
