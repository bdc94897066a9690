import { bulkContactsFloor, type ContactInput } from '../floors/bulk-contacts.js'
import { api, startCanvass } from '../lib/canvass.js'
import { alternate, load, type Span } from '../lib/load.js'
import { check } from '../lib/report.js'
import { median } from '../lib/stats.js'
import { bearer, type Scenario } from './scenario.js'

// bulk-contacts: POST /v1/contacts/bulk with 1000 new contacts a request, 4 connections; against
// the same rows inserted in one transaction per 1000, in-process.

const CONNECTIONS = 4
const PER_REQUEST = 1000

/** 1000 contacts never seen before in this run: a counter makes every e-mail new. */
function contactSource(): () => ContactInput[] {
  let next = 0
  return () =>
    Array.from({ length: PER_REQUEST }, () => {
      const n = next++
      return {
        name: `Contact ${n}`,
        email: `contact.${n}@example.com`,
        data: { plan: n % 3 === 0 ? 'pro' : 'free', source: 'bench' },
      }
    })
}

export const bulkContacts: Scenario = {
  name: 'bulk-contacts',
  databases: ['sqlite', 'postgres'],
  floor: 'prepared INSERTs of the same rows in one transaction per 1000, in-process',
  async run(context) {
    const database = await context.freshDatabase('contacts')
    const canvass = await startCanvass(database)
    try {
      const ours = await api<{ id: string }>(
        canvass,
        'POST',
        '/v1/contact-lists',
        { name: 'bench: Canvass' },
        201,
      )
      const theirs = await api<{ id: string }>(
        canvass,
        'POST',
        '/v1/contact-lists',
        { name: 'bench: floor' },
        201,
      )
      const canvassContacts = contactSource()
      const floorContacts = contactSource()
      const canvassRun = async (span: Span) => {
        const result = await load({
          url: `${canvass.url}/v1/contacts/bulk`,
          method: 'POST',
          headers: { 'content-type': 'application/json', ...bearer(canvass) },
          connections: CONNECTIONS,
          ...span,
          serverPid: canvass.pid,
          nextBody: () => JSON.stringify({ list_id: ours.id, contacts: canvassContacts() }),
        })
        return {
          contactsPerSecond: result.rps * PER_REQUEST,
          cpuUsPerContact: result.cpuUsPerRequest / PER_REQUEST,
          p99Ms: result.p99Ms,
          failed: result.failed,
        }
      }
      const floorRun = async (span: Span) => {
        // In-process: this process's CPU time is the floor's (nothing else runs meanwhile).
        const before = process.cpuUsage()
        const result = await bulkContactsFloor(database, theirs.id, span, floorContacts)
        const used = process.cpuUsage(before)
        return { ...result, cpuUsPerContact: (used.user + used.system) / result.stored }
      }
      // A request here stores 1000 contacts: a fiftieth of the count (60 requests) warms as 2 s did idle.
      const warmup = { amount: Math.ceil(context.warmupRequests / 50) }
      await canvassRun(warmup)
      await floorRun(warmup)
      const runs = await alternate(
        context.rounds,
        () => canvassRun({ seconds: context.roundSeconds }),
        () => floorRun({ seconds: context.roundSeconds }),
      )
      const stored = await api<{ contact_count: number }>(
        canvass,
        'GET',
        `/v1/contact-lists/${ours.id}`,
        undefined,
        200,
      )
      return {
        checks: [
          check(
            'contacts/s',
            median(runs.a.map((r) => r.contactsPerSecond)),
            median(runs.b.map((r) => r.contactsPerSecond)),
            {
              op: '>=',
              value: 0.35,
            },
          ),
        ],
        peakRssMb: canvass.peakRssMb(),
        details: {
          canvass_p99_ms: median(runs.a.map((r) => r.p99Ms)),
          failed_requests: runs.a.reduce((sum, r) => sum + r.failed, 0),
          canvass_list_count: stored.contact_count,
          canvass_cpu_us_per_contact: Math.round(median(runs.a.map((r) => r.cpuUsPerContact))),
          floor_cpu_us_per_contact: Math.round(median(runs.b.map((r) => r.cpuUsPerContact))),
        },
      }
    } finally {
      await canvass.stop()
    }
  },
}
