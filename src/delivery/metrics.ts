import { Counter, Gauge, Histogram, type Metric, type Registry } from 'prom-client'
import type { Db } from '../db/database.js'
import { pendingDeliveryCount } from '../domain/webhooks/deliveries/leases.js'

// Delivery metrics. The counters are made once per process and given to its worker, which counts
// into them, and to each registry that exposes them (the app's /metrics, the worker's port),
// which adds its own queue gauge.

export type DeliveryMetrics = ReturnType<typeof createDeliveryMetrics>

export function createDeliveryMetrics() {
  return {
    attempted: new Counter({
      name: 'canvass_webhook_delivery_attempts_total',
      help: 'Webhook delivery attempts made by this process',
      registers: [],
    }),
    succeeded: new Counter({
      name: 'canvass_webhook_deliveries_succeeded_total',
      help: 'Webhook deliveries that succeeded (a 2xx answer)',
      registers: [],
    }),
    failed: new Counter({
      name: 'canvass_webhook_delivery_failures_total',
      help: 'Failed webhook delivery attempts, by whether the delivery will be retried',
      labelNames: ['final'],
      registers: [],
    }),
    latency: new Histogram({
      name: 'canvass_webhook_delivery_duration_seconds',
      help: 'Duration of one webhook delivery attempt',
      labelNames: ['outcome'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
      registers: [],
    }),
  }
}

export function registerDeliveryMetrics(registry: Registry, metrics: DeliveryMetrics, db: Db): void {
  for (const metric of Object.values(metrics)) registry.registerMetric(metric as Metric)
  new Gauge({
    name: 'canvass_webhook_queue_depth',
    help: 'Webhook deliveries pending (waiting for an attempt or a retry), in the whole database',
    registers: [registry],
    async collect() {
      try {
        this.set(await pendingDeliveryCount(db))
      } catch {
        // The database is unreachable or closing: /metrics still answers.
      }
    },
  })
}
