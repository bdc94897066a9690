import { describe, expect, it } from 'vitest'
import { useTestContext } from '../support/context.js'

const ctx = useTestContext()

describe('operational endpoints', () => {
  it('answers /healthz and /readyz without a token', async () => {
    const health = await ctx.request({ method: 'GET', url: '/healthz', token: null })
    expect(health.statusCode).toBe(200)
    expect(health.json()).toEqual({ status: 'ok' })
    const ready = await ctx.request({ method: 'GET', url: '/readyz', token: null })
    expect(ready.statusCode).toBe(200)
  })

  it('serves Prometheus metrics with request counts by route and status', async () => {
    await ctx.request({ method: 'GET', url: '/healthz', token: null })
    const metrics = await ctx.request({ method: 'GET', url: '/metrics', token: null })
    expect(metrics.statusCode).toBe(200)
    expect(metrics.headers['content-type']).toContain('text/plain')
    expect(metrics.body).toMatch(
      /canvass_http_requests_total\{method="GET",route="\/healthz",status_code="200"\} \d+/,
    )
    expect(metrics.body).toContain('canvass_http_request_duration_seconds_bucket')
  })

  it('serves an OpenAPI 3.1 document without a token', async () => {
    const response = await ctx.request({ method: 'GET', url: '/v1/openapi.json', token: null })
    expect(response.statusCode).toBe(200)
    const doc = response.json()
    expect(doc.openapi).toBe('3.1.0')
    expect(doc.components.schemas.Problem.properties.code.enum).toContain('validation_failed')
    expect(doc.components.securitySchemes.bearer).toEqual(
      expect.objectContaining({ type: 'http', scheme: 'bearer' }),
    )
    // Every protected operation names its scope exactly once (GET and its HEAD share a schema).
    const operations = Object.values(doc.paths as Record<string, Record<string, { description?: string }>>)
      .flatMap((item) => Object.values(item))
      .filter((operation) => operation.description?.includes('Needs scope'))
    expect(operations.length).toBeGreaterThan(10)
    // The operational endpoints are operations too.
    for (const path of ['/healthz', '/readyz', '/metrics', '/v1/openapi.json', '/docs']) {
      expect(doc.paths[path]?.get?.summary, path).toEqual(expect.any(String))
    }
    for (const operation of operations) {
      expect(operation.description!.match(/Needs scope/g)).toHaveLength(1)
    }
    // Generators name methods after operationIds: every operation has one, each once.
    const all = Object.values(doc.paths as Record<string, Record<string, { operationId?: string }>>).flatMap(
      (item) => Object.values(item),
    )
    const ids = all.map((operation) => operation.operationId)
    expect(ids.every((id) => typeof id === 'string' && /^[a-z][A-Za-z]+$/.test(id))).toBe(true)
    expect(new Set(ids).size).toBe(ids.length)
    // Public operations say so (`security: []`); the rest need the bearer token.
    for (const path of ['/healthz', '/readyz', '/metrics', '/v1/openapi.json', '/docs']) {
      expect(doc.paths[path].get.security, path).toEqual([])
      expect(doc.paths[path].get.responses, path).toHaveProperty('400')
    }
    expect(doc.info.license.name).toBe('MIT')
    expect(doc.tags.map((tag: { name: string }) => tag.name)).toEqual(
      expect.arrayContaining(['forms', 'responses', 'contacts', 'webhooks', 'operations']),
    )
    expect(doc.components.schemas.Question.discriminator.propertyName).toBe('type')
  })

  it('serves a readable reference page at /docs', async () => {
    for (const url of ['/docs', '/docs/']) {
      const page = await ctx.request({ method: 'GET', url, token: null })
      expect(page.statusCode, url).toBe(200)
      expect(page.headers['content-type'], url).toContain('text/html')
      expect(page.body, url).toContain('List responses, newest first')
    }
  })

  it('keeps the document at /docs/json, the same as /v1/openapi.json', async () => {
    const json = await ctx.request({ method: 'GET', url: '/docs/json', token: null })
    expect(json.statusCode).toBe(200)
    expect(json.json()).toEqual(
      (await ctx.request({ method: 'GET', url: '/v1/openapi.json', token: null })).json(),
    )
  })
})

describe('failures', () => {
  it('answers 500 internal without leaking the cause, and keeps serving', async () => {
    const { buildApp } = await import('../../src/http/app.js')
    const { contextOf } = await import('../../src/context.js')
    const { pino } = await import('pino')
    const lines: string[] = []
    const logger = pino({ level: 'error' }, { write: (line: string) => lines.push(line) })
    const app = await buildApp(contextOf(ctx.config, ctx.database, logger))
    app.get('/v1/explode', { config: { public: true } }, async () => {
      throw new Error('password=hunter2 at db.internal:5432')
    })
    const response = await app.inject({ method: 'GET', url: '/v1/explode' })
    expect(response.statusCode).toBe(500)
    expect(response.headers['content-type']).toBe('application/problem+json; charset=utf-8')
    expect(response.json()).toEqual(expect.objectContaining({ code: 'internal', status: 500 }))
    expect(response.body).not.toContain('hunter2')
    expect(lines.join('')).toContain('hunter2')
    expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200)
    await app.close()
  })

  it('reports not ready (503) when the database is unreachable', async () => {
    const { buildApp } = await import('../../src/http/app.js')
    const { contextOf } = await import('../../src/context.js')
    const { openDatabase } = await import('../../src/db/database.js')
    const { pino } = await import('pino')
    const database = openDatabase(ctx.testDatabase.config)
    const app = await buildApp(contextOf(ctx.config, database, pino({ level: 'silent' })))
    expect((await app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200)
    await database.close()
    const down = await app.inject({ method: 'GET', url: '/readyz' })
    expect(down.statusCode).toBe(503)
    expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200)
    await app.close()
  })

  it('serves the reference page’s assets itself, so /docs works offline', async () => {
    const page = await ctx.request({ method: 'GET', url: '/docs', token: null })
    expect(page.statusCode).toBe(200)
    const assets = [...page.body.matchAll(/(?:src|href)="(\/[^"#]+)"/g)].map((match) => match[1] as string)
    expect(assets).toContain('/docs/reference.css')
    expect(page.body).not.toMatch(/(src|href)="(https?:)?\/\//)
    for (const asset of assets) {
      expect((await ctx.request({ method: 'GET', url: asset, token: null })).statusCode, asset).toBe(200)
    }
    // Nothing but this server's stylesheet and images, and no script at all.
    const policy = page.headers['content-security-policy'] as string
    expect(policy).toContain("default-src 'none'")
    expect(policy).toContain("style-src 'self'")
    expect(policy).not.toMatch(/script-src|https?:|unsafe/)
    expect(page.body).not.toContain('<script')
  })

  it('is Canvass’s reference page: its title, its mark', async () => {
    const page = await ctx.request({ method: 'GET', url: '/docs', token: null })
    expect(page.body).toContain('<title>Canvass API reference</title>')
    const icon = /<link rel="icon" type="image\/svg\+xml" href="([^"]+)"/.exec(page.body)?.[1]
    const served = await ctx.request({ method: 'GET', url: icon ?? '/missing', token: null })
    expect(served.statusCode).toBe(200)
    expect(served.headers['content-type']).toContain('image/svg+xml')
    expect(served.body).toContain('<title>Canvass</title>')
  })

  it('escapes what the document says: a description is text, never markup', async () => {
    const { renderReferencePage } = await import('../../src/http/reference/page.js')
    const { referenceOf } = await import('../../src/http/reference/document.js')
    const html = renderReferencePage(
      referenceOf({
        info: { title: 'T <b>', version: '1', description: 'Use `<script>alert(1)</script>` here' },
        paths: {
          '/x': { get: { operationId: 'getX', summary: '<img src=x onerror=alert(1)>', tags: ['t'] } },
        },
      }),
    )
    expect(html).not.toMatch(/<script>|<img src=x|<b>/)
    expect(html).toContain('<code>&lt;script>alert(1)&lt;/script></code>')
  })
})
