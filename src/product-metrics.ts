import { createHash, timingSafeEqual } from 'node:crypto'
import { Counter, type Metric, type Registry } from 'prom-client'

// What Canvass is used for, counted by the process that does it: responses stored, contacts
// added, public submissions refused (by why). Made once per AppContext, like the delivery
// metrics, and shown on that process's /metrics.

export type ProductMetrics = ReturnType<typeof createProductMetrics>

export function createProductMetrics() {
  return {
    responsesStored: new Counter({
      name: 'canvass_responses_stored_total',
      help: 'Responses stored through the API by this process',
      registers: [],
    }),
    contactsAdded: new Counter({
      name: 'canvass_contacts_added_total',
      help: 'Contacts added to lists by this process (addresses already on a list not counted)',
      registers: [],
    }),
    publicSubmissionsRefused: new Counter({
      name: 'canvass_public_submissions_refused_total',
      help: 'Submissions to public form pages refused, by kind of refusal',
      labelNames: ['kind'],
      registers: [],
    }),
  }
}

export function registerProductMetrics(registry: Registry, metrics: ProductMetrics): void {
  for (const metric of Object.values(metrics)) registry.registerMetric(metric as Metric)
}

/**
 * Whether a request may read /metrics: always when CANVASS_METRICS_TOKEN is unset, else only
 * with `Authorization: Bearer <token>` (compared in constant time).
 */
export function mayReadMetrics(metricsToken: string | undefined, authorization: string | undefined): boolean {
  if (metricsToken === undefined) return true
  const given = /^bearer +(\S+) *$/i.exec(authorization ?? '')?.[1] ?? ''
  const digest = (text: string) => createHash('sha256').update(text).digest()
  return timingSafeEqual(digest(given), digest(metricsToken))
}

export const metricsTokenHint =
  'GET /metrics needs the metrics token: send Authorization: Bearer <CANVASS_METRICS_TOKEN>'
