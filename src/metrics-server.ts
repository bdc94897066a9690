import { randomUUID } from 'node:crypto'
import { createServer, type Server } from 'node:http'
import { collectDefaultMetrics, Registry } from 'prom-client'
import type { AppContext } from './context.js'
import { registerDeliveryMetrics } from './delivery/metrics.js'
import { ApiError, problemOf } from './http/errors.js'
import { mayReadMetrics, metricsTokenHint } from './product-metrics.js'

// `canvass worker --metrics-port`: a worker's delivery metrics for Prometheus, since a worker's
// attempts are counted in the process that makes them. Not the API: GET /metrics and /healthz only.

export async function serveWorkerMetrics(ctx: AppContext, host: string, port: number): Promise<Server> {
  const registry = new Registry()
  collectDefaultMetrics({ register: registry })
  registerDeliveryMetrics(registry, ctx.deliveryMetrics, ctx.database.db)
  const server = createServer((request, response) => {
    const path = (request.url ?? '').split('?')[0]
    if (request.method === 'GET' && path === '/metrics') {
      if (!mayReadMetrics(ctx.config.metricsToken, request.headers.authorization)) {
        const requestId = randomUUID()
        const problem = problemOf(new ApiError('unauthorized', metricsTokenHint), requestId)
        response
          .writeHead(401, {
            'content-type': 'application/problem+json; charset=utf-8',
            'www-authenticate': 'Bearer realm="canvass-metrics"',
            'x-request-id': requestId,
          })
          .end(JSON.stringify(problem))
        return
      }
      registry.metrics().then(
        (text) => response.writeHead(200, { 'content-type': registry.contentType }).end(text),
        () => response.writeHead(500).end(),
      )
      return
    }
    if (request.method === 'GET' && path === '/healthz') {
      response.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"ok"}')
      return
    }
    const requestId = randomUUID()
    const problem = problemOf(
      new ApiError('not_found', 'this port serves GET /metrics and GET /healthz'),
      requestId,
    )
    response
      .writeHead(404, {
        'content-type': 'application/problem+json; charset=utf-8',
        'x-request-id': requestId,
      })
      .end(JSON.stringify(problem))
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, host, resolve)
  })
  return server
}
