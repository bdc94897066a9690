import { seedDemo, startCanvass } from '../lib/canvass.js'
import { load } from '../lib/load.js'
import { check } from '../lib/report.js'
import { percentile } from '../lib/stats.js'
import { addWebhook, startReceiver } from '../lib/webhooks.js'
import { bearer, type Scenario } from './scenario.js'
import { eightAnswers } from './submissions.js'

// webhook-e2e: 5,000 responses submitted as fast as possible to a form with one webhook, the
// receiver on 127.0.0.1. Delivery rate (distinct deliveries per second from the first submission
// to the last receipt) against the submit rate of the same run; submit-to-receipt latency from
// each response's submitted_at.

const CONNECTIONS = 16

export const webhookE2e: Scenario = {
  name: 'webhook-e2e',
  databases: ['sqlite'],
  floor: 'the submit rate of the same run',
  async run(context) {
    const total = context.quick ? 1000 : 5000
    const database = await context.freshDatabase('webhook')
    const formId = await seedDemo(database, 0)
    const receiver = await startReceiver()
    const canvass = await startCanvass(database, { CANVASS_WEBHOOK_ALLOW_PRIVATE: '1' })
    try {
      await addWebhook(canvass, formId, receiver.url)
      const started = performance.timeOrigin + performance.now()
      const submitted = await load({
        url: `${canvass.url}/v1/forms/${formId}/responses`,
        method: 'POST',
        headers: { 'content-type': 'application/json', ...bearer(canvass) },
        body: eightAnswers,
        connections: CONNECTIONS,
        amount: total,
      })
      const received = await receiver.waitFor(submitted.ok, context.quick ? 60_000 : 180_000)
      const deliverySeconds = (received.lastAtMs - started) / 1000
      const deliveryRate = received.unique / deliverySeconds
      return {
        checks: [check('deliveries/s', deliveryRate, submitted.rps, { op: '>=', value: 0.8 })],
        peakRssMb: canvass.peakRssMb(),
        details: {
          submitted: submitted.ok,
          failed_submissions: submitted.failed,
          delivered: received.unique,
          duplicate_deliveries: received.duplicates,
          submit_seconds: Math.round(submitted.seconds * 10) / 10,
          last_receipt_after_s: Math.round(deliverySeconds * 10) / 10,
          submit_to_receipt_p50_ms: Math.round(percentile(received.latenciesMs, 50)),
          submit_to_receipt_p99_ms: Math.round(percentile(received.latenciesMs, 99)),
        },
      }
    } finally {
      await canvass.stop()
      await receiver.stop()
    }
  },
}
