import swagger from '@fastify/swagger'
import type { FastifyInstance, RouteOptions } from 'fastify'
import type { TSchema } from 'typebox'
import { registerReferencePage } from './reference/routes.js'
import { AuditEventSchema, AuditPage } from './routes/audit.js'
import {
  ContactDetailSchema,
  ContactListPage,
  ContactListSchema,
  ContactPage,
  StoredContactSchema,
} from './routes/contacts/schemas.js'
import { DraftPage, DraftSchema } from './routes/forms/drafts.js'
import { FlowComponents } from './routes/forms/flow-schemas.js'
import { TextAnswerPage, TextAnswerSchema } from './routes/forms/insights-schemas.js'
import {
  AnswerSchema,
  AnswerVariants,
  FormPage,
  FormSchema,
  QuestionSchema,
  QuestionVariants,
  ResponseItemSchema,
  ResponsePage,
} from './routes/forms/schemas.js'
import { TranslationSchema } from './routes/forms/translation-schemas.js'
import {
  InvitationPage,
  InvitationSchema,
  RecipientPage,
  RecipientSchema,
} from './routes/invitations/schemas.js'
import { MailDetailSchema, MailPage, MailSchema } from './routes/mail/schemas.js'
import { teamComponents } from './routes/members/schemas.js'
import { DeliveryPage, DeliverySchema, WebhookSchema } from './routes/webhooks/schemas.js'

// The OpenAPI 3.1 document is generated from the route schemas. Every /v1 route gets the
// bearer security requirement and the problem responses it can produce, so the document
// shows the whole error envelope without each route repeating it. Resources are named
// components (`components` below), so generated clients get one type per resource; the
// document is linted with Redocly's recommended rules (`npm run lint`, scripts/openapi.ts).

const problem = (description: string) => ({
  description,
  content: { 'application/problem+json': { schema: { $ref: 'Problem#' } } },
})

const commonErrors = {
  400: problem(
    'Invalid path, query or body value (`validation_failed`), or a body that is not JSON (`invalid_json`).',
  ),
  401: problem('Missing, malformed, unknown or revoked token (`unauthorized`).'),
  403: problem('The token lacks the scope this operation needs (`forbidden`).'),
  404: problem('No such resource in the token’s workspace (`not_found`).'),
  429: problem(
    'Over the token’s request rate, or too many failed authentications from this address (`rate_limited`); see `Retry-After`.',
  ),
  500: problem('A bug (`internal`); the detail never leaks internals.'),
}

const bodyErrors = {
  413: problem('Body over the size limit (`payload_too_large`).'),
  415: problem('A body without `Content-Type: application/json` (`unsupported_media_type`).'),
}

// Every operation, public ones included, can be refused before any route runs: a malformed URL
// or an HTTP/1.1 request without Host (src/http/app.ts).
const publicErrors = {
  400: problem(
    'A malformed request: bad percent-encoding, or HTTP/1.1 without a `Host` header (`validation_failed`).',
  ),
}

function withDefaults(route: RouteOptions): void {
  const config = (route.config ?? {}) as {
    scope?: string
    public?: boolean
    signedIn?: boolean
    ownForMembers?: boolean
  }
  if (config.public && route.schema) {
    const schema = { ...route.schema } as Record<string, unknown>
    route.schema = schema
    schema['security'] = []
    schema['response'] = { ...publicErrors, ...((schema['response'] as object) ?? {}) }
  }
  if (!route.url.startsWith('/v1/')) return
  if (!config.public && !config.scope && !config.signedIn) {
    throw new Error(`route ${route.method} ${route.url} must declare config.scope, signedIn or public`)
  }
  if (config.public) return
  // A copy: Fastify derives the HEAD route of a GET from the same options, and the hook runs
  // for both; editing a shared schema in place would add the scope note twice.
  const schema = { ...(route.schema ?? {}) } as Record<string, unknown>
  route.schema = schema
  schema['security'] = [{ bearer: [] }, { session: [] }]
  const ownNote = config.ownForMembers
    ? ' A signed-in member may call it without the scope, for its own tokens.'
    : ''
  const scopeNote = config.scope
    ? `Needs scope \`${config.scope}\`.${ownNote}`
    : 'Needs a valid token or session, any scope.'
  const description = schema['description'] as string | undefined
  if (!description?.endsWith(scopeNote)) {
    schema['description'] = description ? `${description}\n\n${scopeNote}` : scopeNote
  }
  const hasBody = schema['body'] !== undefined
  schema['response'] = {
    ...commonErrors,
    ...(hasBody ? bodyErrors : {}),
    ...((schema['response'] as object) ?? {}),
  }
}

// Named schemas of the document (components.schemas), referenced from routes as `Name#`.
const components: TSchema[] = [
  ...FlowComponents,
  TranslationSchema,
  ...QuestionVariants,
  QuestionSchema,
  FormSchema,
  FormPage,
  ...AnswerVariants,
  AnswerSchema,
  ResponseItemSchema,
  ResponsePage,
  DraftSchema,
  DraftPage,
  ContactListSchema,
  ContactListPage,
  StoredContactSchema,
  ContactDetailSchema,
  ContactPage,
  WebhookSchema,
  DeliverySchema,
  DeliveryPage,
  TextAnswerSchema,
  TextAnswerPage,
  InvitationSchema,
  InvitationPage,
  RecipientSchema,
  RecipientPage,
  MailSchema,
  MailPage,
  MailDetailSchema,
  ...teamComponents,
  AuditEventSchema,
  AuditPage,
]

const tags = [
  {
    name: 'forms',
    description:
      'Form definitions: questions, hidden fields, variables, pages, logic and endings; simulating a path.',
  },
  { name: 'responses', description: 'Submitting, listing, exporting and deleting the responses of a form.' },
  { name: 'contacts', description: 'Contact lists and the people on them, added in bulk.' },
  { name: 'webhooks', description: 'Signed deliveries of new responses, with their delivery log.' },
  { name: 'outbox', description: 'The outbox: every mail Canvass sends or holds, with its attempts.' },
  {
    name: 'invitations',
    description: 'Invitations of a contact list to a form: personal links, mails, reminders, recipients.',
  },
  { name: 'team', description: 'Members and their roles, invitations to the team, and API tokens.' },
  {
    name: 'erasure',
    description: 'Deleting everything a workspace holds of one e-mail address, on request.',
  },
  { name: 'audit', description: 'The audit log: who did what, to what, from where; read only.' },
  {
    name: 'operations',
    description: 'Liveness, readiness, metrics and this reference: no token needed.',
  },
]

export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  for (const schema of components) app.addSchema(schema)
  app.addHook('onRoute', withDefaults)
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Canvass API',
        version: '1',
        description:
          'Self-hostable survey service: forms, responses, contact lists and webhooks. ' +
          'Every request carries `Authorization: Bearer <token>`; errors are RFC 9457 problem documents. ' +
          'A request body is at most `CANVASS_BODY_LIMIT` bytes (4 MiB; `413` past it); bodies over 1 MiB ' +
          'are read a few at a time per process (`CANVASS_BODY_MEMORY`, 4 MiB of them), the others wait.',
        license: { name: 'MIT', identifier: 'MIT' },
        contact: { name: 'Canvass maintainers (security reports: see SECURITY.md)' },
      },
      servers: [{ url: '/', description: 'The server that serves this document.' }],
      tags,
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', description: 'A Canvass API token (`cvs_...`).' },
          session: {
            type: 'apiKey',
            in: 'cookie',
            name: 'canvass_session',
            description:
              'The dashboard’s session (POST /v1/session), with its token’s scopes. Changes need ' +
              '`Origin` of this server and `X-Canvass-CSRF: 1`. Over https the cookie is ' +
              '`__Host-canvass_session`. A request carrying more than one session cookie is `401`.',
          },
        },
      },
    },
    // The reference page (src/http/reference) hides its routes; the page itself is one operation.
    transformObject: (documents) => {
      if (!('openapiObject' in documents)) return documents.swaggerObject
      const { openapiObject } = documents
      return {
        ...openapiObject,
        paths: {
          ...openapiObject.paths,
          '/docs': {
            get: {
              operationId: 'getReference',
              tags: ['operations'],
              summary: 'A readable API reference rendered from this document (works offline)',
              description: 'No token needed.',
              security: [],
              responses: {
                '200': { description: 'An HTML page', content: { 'text/html': {} } },
                '400': {
                  ...publicErrors[400],
                  content: {
                    'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } },
                  },
                },
              },
            },
          },
        },
      }
    },
    refResolver: {
      buildLocalReference: (json, _baseUri, _fragment, index) => String(json['$id'] ?? `def-${index}`),
    },
  })
  await registerReferencePage(app)
  app.get(
    '/v1/openapi.json',
    {
      config: { public: true },
      schema: {
        operationId: 'getOpenApiDocument',
        tags: ['operations'],
        summary: 'This OpenAPI 3.1 document',
        description: 'No token needed.',
        response: { 200: { description: 'The document.', type: 'object', additionalProperties: true } },
      },
    },
    async () => app.swagger(),
  )
}
