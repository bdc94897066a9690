import { Counter, collectDefaultMetrics, Histogram, Registry } from 'prom-client'

// One registry per app, so tests can build many apps in one process.
export interface HttpMetrics {
  registry: Registry
  requests: Counter<'method' | 'route' | 'status_code'>
  duration: Histogram<'method' | 'route' | 'status_code'>
}

export function createMetrics(): HttpMetrics {
  const registry = new Registry()
  collectDefaultMetrics({ register: registry })
  return {
    registry,
    requests: new Counter({
      name: 'canvass_http_requests_total',
      help: 'HTTP requests answered, by route and status',
      labelNames: ['method', 'route', 'status_code'],
      registers: [registry],
    }),
    duration: new Histogram({
      name: 'canvass_http_request_duration_seconds',
      help: 'HTTP request latency, by route and status',
      labelNames: ['method', 'route', 'status_code'],
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    }),
  }
}
