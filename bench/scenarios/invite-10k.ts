import { api, startCanvass } from '../lib/canvass.js'
import { bound } from '../lib/report.js'
import { median } from '../lib/stats.js'
import type { Scenario } from './scenario.js'

// invite-10k: POST /v1/forms/<id>/invitations for a list of 10,000 contacts, timed end to end by
// the client: the invitation, 10,000 recipients with their links and 10,000 outbox mails written in
// one transaction. A new form each round (a contact holds one link per form). The target is
// absolute: under 2 s (issue 29), the median of the rounds after one warm-up.

const CONTACTS = 10_000
const PER_BULK = 1000
const TARGET_MS = 2000

interface Invitation {
  id: string
  counts: { recipients: number }
}

export const invite10k: Scenario = {
  name: 'invite-10k',
  databases: ['sqlite', 'postgres'],
  floor: `an absolute bound: ${TARGET_MS} ms to invite ${CONTACTS.toLocaleString('en-US')} contacts`,
  async run(context) {
    const database = await context.freshDatabase('invite')
    // No SMTP: every mail is kept as held, so nothing but the invitation's writes is timed.
    const canvass = await startCanvass(database, { CANVASS_WORKER: '0' })
    try {
      const list = await api<{ id: string }>(
        canvass,
        'POST',
        '/v1/contact-lists',
        { name: 'bench: 10k' },
        201,
      )
      for (let start = 0; start < CONTACTS; start += PER_BULK) {
        const contacts = Array.from({ length: PER_BULK }, (_, i) => {
          const n = start + i
          return {
            name: `Contact ${n}`,
            email: `contact.${n}@example.com`,
            data: { plan: n % 3 ? 'free' : 'pro' },
          }
        })
        await api(canvass, 'POST', '/v1/contacts/bulk', { list_id: list.id, contacts }, 201)
      }
      const inviteOnce = async () => {
        const form = await api<{ id: string }>(
          canvass,
          'POST',
          '/v1/forms',
          { title: 'bench: invite', questions: [{ id: 'q1', title: 'How was it?', type: 'short_text' }] },
          201,
        )
        const started = performance.now()
        const invitation = await api<Invitation>(
          canvass,
          'POST',
          `/v1/forms/${form.id}/invitations`,
          {
            list_id: list.id,
            subject: 'Your opinion, {{name}}',
            message: 'Hello {{name}},\n\nplease answer {{form_title}}: {{link}}',
            reminders: { count: 2, every_days: 3 },
          },
          201,
        )
        const ms = performance.now() - started
        if (invitation.counts.recipients !== CONTACTS)
          throw new Error(`invited ${invitation.counts.recipients} contacts, expected ${CONTACTS}`)
        return ms
      }
      await inviteOnce()
      const rounds = context.quick ? 2 : context.rounds
      const times: number[] = []
      for (let round = 0; round < rounds; round++) times.push(await inviteOnce())
      const middle = median(times)
      context.log(`  invite-10k: ${times.map((ms) => Math.round(ms)).join(', ')} ms`)
      return {
        checks: [bound('ms to invite 10k', middle, '<=', TARGET_MS)],
        peakRssMb: canvass.peakRssMb(),
        details: {
          contacts: CONTACTS,
          rounds,
          fastest_ms: Math.round(Math.min(...times)),
          slowest_ms: Math.round(Math.max(...times)),
        },
      }
    } finally {
      await canvass.stop()
    }
  },
}
