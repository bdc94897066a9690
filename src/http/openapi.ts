import swagger from '@fastify/swagger'
import swaggerUi from '@fastify/swagger-ui'
import type { FastifyInstance, RouteOptions } from 'fastify'

// The OpenAPI 3.1 document is generated from the route schemas. Every /v1 route gets the
// bearer security requirement and the problem responses it can produce, so the document
// shows the whole error envelope without each route repeating it.

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

function withDefaults(route: RouteOptions): void {
  if (!route.url.startsWith('/v1/')) return
  const config = (route.config ?? {}) as { scope?: string; public?: boolean; signedIn?: boolean }
  if (!config.public && !config.scope && !config.signedIn) {
    throw new Error(`route ${route.method} ${route.url} must declare config.scope, signedIn or public`)
  }
  if (config.public) return
  // A copy: Fastify derives the HEAD route of a GET from the same options, and the hook runs
  // for both; editing a shared schema in place would add the scope note twice.
  const schema = { ...(route.schema ?? {}) } as Record<string, unknown>
  route.schema = schema
  schema['security'] = [{ bearer: [] }, { session: [] }]
  const scopeNote = config.scope
    ? `Needs scope \`${config.scope}\`.`
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

export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  app.addHook('onRoute', withDefaults)
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Canvass API',
        version: '1',
        description:
          'Self-hostable survey service: forms, responses, contact lists and webhooks. ' +
          'Every request carries `Authorization: Bearer <token>`; errors are RFC 9457 problem documents.',
      },
      servers: [{ url: '/' }],
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', description: 'A Canvass API token (`cvs_...`).' },
          session: {
            type: 'apiKey',
            in: 'cookie',
            name: 'canvass_session',
            description:
              'The dashboard’s session (POST /v1/session), with its token’s scopes. Changes need ' +
              '`Origin` of this server and `X-Canvass-CSRF: 1`.',
          },
        },
      },
    },
    // The reference page is served by @fastify/swagger-ui, whose routes are not in the document.
    transformObject: (documents) => {
      if (!('openapiObject' in documents)) return documents.swaggerObject
      const { openapiObject } = documents
      return {
        ...openapiObject,
        paths: {
          ...openapiObject.paths,
          '/docs': {
            get: {
              tags: ['operations'],
              summary: 'A readable API reference rendered from this document (works offline)',
              description: 'No token needed.',
              responses: { '200': { description: 'An HTML page', content: { 'text/html': {} } } },
            },
          },
        },
      }
    },
    refResolver: {
      buildLocalReference: (json, _baseUri, _fragment, index) => String(json['$id'] ?? `def-${index}`),
    },
  })
  await app.register(swaggerUi, {
    routePrefix: '/docs',
    uiConfig: { docExpansion: 'list', deepLinking: true },
  })
  app.get(
    '/v1/openapi.json',
    {
      config: { public: true },
      schema: { tags: ['operations'], summary: 'This OpenAPI 3.1 document', description: 'No token needed.' },
    },
    async () => app.swagger(),
  )
}
