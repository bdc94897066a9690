import { randomBytes } from 'node:crypto'
import { Agent } from 'node:http'
import { api, startCanvass } from '../lib/canvass.js'
import { getAll } from '../lib/http-client.js'
import { check } from '../lib/report.js'
import { bearer, type Scenario } from './scenario.js'

// large-pages (issue 11): the worst case for memory. A form of 400 long-text questions with 140
// responses of ~3.9 MB (a full page ~550 MB) and a list of 1000 contacts with ~200 KB of data each;
// then 8 concurrent full pages of responses (page_size 1000 and 120), 4 of contacts, and 5
// concurrent exports. Reports the server's peak RSS against the 512 MB bound.

const BOUND_MB = 512

async function inParallel(count: number, lanes: number, task: (index: number) => Promise<void>) {
  let next = 0
  await Promise.all(
    Array.from({ length: lanes }, async () => {
      while (next < count) await task(next++)
    }),
  )
}

export const largePages: Scenario = {
  name: 'large-pages',
  databases: ['sqlite', 'postgres'],
  floor: `a bound of ${BOUND_MB} MB peak RSS`,
  async run(context) {
    const database = await context.freshDatabase('large')
    const canvass = await startCanvass(database)
    try {
      const questions = Array.from({ length: 400 }, (_, n) => ({
        id: `q${n}`,
        title: `Question ${n}`,
        type: 'long_text',
        properties: { max_length: 10000 },
      }))
      const form = await api<{ id: string }>(canvass, 'POST', '/v1/forms', { title: 'Large', questions }, 201)
      await inParallel(140, 4, async () => {
        const text = randomBytes(4850).toString('hex')
        const answers = Object.fromEntries(questions.map((question) => [question.id, text]))
        await api(canvass, 'POST', `/v1/forms/${form.id}/responses`, { answers }, 201)
      })
      const list = await api<{ id: string }>(canvass, 'POST', '/v1/contact-lists', { name: 'Large' }, 201)
      await inParallel(Math.ceil(1000 / 18), 4, async (batch) => {
        const contacts = Array.from({ length: Math.min(18, 1000 - batch * 18) }, (_, n) => ({
          email: `p-${batch}-${n}@example.com`,
          data: Object.fromEntries(
            Array.from({ length: 100 }, (_, k) => [`k${k}`, randomBytes(1024).toString('hex')]),
          ),
        }))
        await api(canvass, 'POST', '/v1/contacts/bulk', { list_id: list.id, contacts }, 201)
      })
      const seededMb = canvass.peakRssMb()
      const headers = bearer(canvass)
      const concurrent = new Agent({ keepAlive: true, maxSockets: 32 })
      const started = performance.now()
      const pages = await Promise.all([
        ...[1000, 1000, 1000, 1000, 120, 120, 120, 120].map((size) =>
          getAll(`${canvass.url}/v1/forms/${form.id}/responses?page_size=${size}`, headers, concurrent),
        ),
        ...Array.from({ length: 4 }, () =>
          getAll(`${canvass.url}/v1/contact-lists/${list.id}/contacts?page_size=1000`, headers, concurrent),
        ),
        ...Array.from({ length: 5 }, () =>
          getAll(`${canvass.url}/v1/forms/${form.id}/responses/export?format=ndjson`, headers, concurrent),
        ),
      ])
      const seconds = (performance.now() - started) / 1000
      concurrent.destroy()
      const failed = pages.filter((page) => page.status !== 200).length
      const peak = canvass.peakRssMb()
      return {
        checks: [check('peak RSS MB', peak, BOUND_MB, { op: '<=', value: 1 })],
        peakRssMb: peak,
        details: {
          answers: pages.length,
          answers_not_200: failed,
          mb_read: Math.round(pages.reduce((sum, page) => sum + page.bytes, 0) / 1e6),
          seconds: Math.round(seconds * 10) / 10,
          peak_rss_after_seeding_mb: Math.round(seededMb),
        },
      }
    } finally {
      await canvass.stop()
    }
  },
}
