import { readFile } from 'node:fs/promises'
import type { FastifyInstance, FastifyReply } from 'fastify'
import { type OpenApiDocument, referenceOf } from './document.js'
import { renderReferencePage } from './page.js'

// /docs: the API reference page, rendered on the server from the OpenAPI document Canvass serves
// (no script, so no renderer to keep up to date and nothing that can call another origin), its
// stylesheet and mark, and the document itself at /docs/json and /docs/yaml as before.

const contentSecurityPolicy = [
  "default-src 'none'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ')

/** Canvass's mark, as the favicon draws it (src/http/favicon.ts): three lines of a form on blue. */
const mark =
  '<svg xmlns="http://www.w3.org/2000/svg" width="32" height="32" viewBox="0 0 32 32">' +
  '<title>Canvass</title><rect width="32" height="32" rx="7" fill="#2952cc"/>' +
  '<path d="M9 10.5h14M9 16h14M9 21.5h8" stroke="#fff" stroke-width="3.4" stroke-linecap="round"/></svg>'

const hidden = { schema: { hide: true } }

export async function registerReferencePage(app: FastifyInstance): Promise<void> {
  const stylesheet = await readFile(new URL('../../../static/reference.css', import.meta.url))
  // The document is complete once every route is registered: the page is rendered on first request.
  let page: string | undefined
  const render = () => {
    page ??= renderReferencePage(referenceOf(app.swagger() as unknown as OpenApiDocument))
    return page
  }
  const sendPage = (reply: FastifyReply) =>
    reply
      .header('content-security-policy', contentSecurityPolicy)
      .header('referrer-policy', 'no-referrer')
      .type('text/html; charset=utf-8')
      .send(render())

  app.get('/docs', hidden, async (_request, reply) => sendPage(reply))
  app.get('/docs/', hidden, async (_request, reply) => sendPage(reply))
  app.get('/docs/json', hidden, async () => app.swagger())
  app.get('/docs/yaml', hidden, async (_request, reply) =>
    reply.type('application/x-yaml').send(app.swagger({ yaml: true })),
  )
  app.get('/docs/reference.css', hidden, async (_request, reply) =>
    reply.type('text/css; charset=utf-8').header('cache-control', 'public, max-age=3600').send(stylesheet),
  )
  app.get('/docs/canvass.svg', hidden, async (_request, reply) =>
    reply.type('image/svg+xml').header('cache-control', 'public, max-age=86400').send(mark),
  )
}
