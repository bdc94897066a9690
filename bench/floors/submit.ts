import { randomBytes } from 'node:crypto'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import Sqlite from 'better-sqlite3'

// Floor of submit: a bare node:http server storing POST /v1/forms/<form_id>/responses as the same
// rows Canvass writes (the form's position and time, the response with its listed item, one
// pending delivery per enabled webhook), in one transaction of prepared statements. No framework,
// no auth, no validation: the item is shaped from the stored definition without checking values.
//
// Environment: BENCH_SQLITE_FILE=<file> (a copy of Canvass's database, so no worker delivers
// what the floor queues).

interface Question {
  id: string
  title: string
  type: string
}

const db = new Sqlite(process.env['BENCH_SQLITE_FILE'] ?? '')
db.pragma('journal_mode = WAL')
db.pragma('synchronous = NORMAL')
db.pragma('busy_timeout = 5000')

const claimPosition = db.prepare(
  `update forms set last_seq = last_seq + 1,
     last_submitted_at = max(last_submitted_at + 1, @now)
   where id = @form returning last_seq, last_submitted_at`,
)
const insertResponse = db.prepare(
  'insert into responses (id, form_id, seq, submitted_at, item_json) values (@id, @form, @seq, @at, @item)',
)
const enabledWebhooks = db.prepare('select id from webhooks where form_id = ? and enabled = 1').pluck()
const insertDelivery = db.prepare(
  `insert into webhook_deliveries (id, webhook_id, event_id, event_type, payload, status, attempts,
     attempt_base, manual, next_attempt_at, created_at)
   values (@id, @webhook, @event, 'form_response', @payload, 'pending', 0, 0, 0, @now, @now)`,
)

const questionsOf = new Map<string, Map<string, Question>>()
function questions(formId: string): Map<string, Question> {
  let found = questionsOf.get(formId)
  if (!found) {
    const definition = db.prepare('select definition from forms where id = ?').pluck().get(formId) as string
    const list = (JSON.parse(definition) as { questions: Question[] }).questions
    found = new Map(list.map((q) => [q.id, { id: q.id, title: q.title, type: q.type }]))
    questionsOf.set(formId, found)
  }
  return found
}

const id = (prefix: string) => `${prefix}_${randomBytes(16).toString('base64url')}`
const iso = (micros: number) =>
  `${new Date(Math.floor(micros / 1000)).toISOString().slice(0, 23)}${String(micros % 1000).padStart(3, '0')}Z`

const store = db.transaction((formId: string, answers: Record<string, unknown>) => {
  const now = Math.round((performance.timeOrigin + performance.now()) * 1000)
  const position = claimPosition.get({ form: formId, now }) as { last_seq: number; last_submitted_at: number }
  const byId = questions(formId)
  const item = {
    id: id('rsp'),
    submitted_at: iso(position.last_submitted_at),
    answers: Object.entries(answers).map(([questionId, value]) => {
      const question = byId.get(questionId) ?? { id: questionId, title: '', type: 'text' }
      return { question, type: question.type, [question.type]: value }
    }),
    hidden: [],
    variables: [],
  }
  const itemJson = JSON.stringify(item)
  insertResponse.run({
    id: item.id,
    form: formId,
    seq: position.last_seq,
    at: position.last_submitted_at,
    item: itemJson,
  })
  const event = { event_id: id('evt'), event_type: 'form_response', created_at: iso(now) }
  const payload = JSON.stringify({ ...event, form_response: { form_id: formId, ...item } })
  for (const webhook of enabledWebhooks.all(formId) as string[]) {
    insertDelivery.run({ id: id('dlv'), webhook, event: event.event_id, payload, now })
  }
  return itemJson
})

const server = createServer((request, response) => {
  const chunks: Buffer[] = []
  request.on('data', (chunk: Buffer) => chunks.push(chunk))
  request.on('end', () => {
    try {
      const formId = (request.url ?? '').split('/')[3] ?? ''
      const body = JSON.parse(Buffer.concat(chunks).toString()) as { answers: Record<string, unknown> }
      const itemJson = store.immediate(formId, body.answers)
      response.writeHead(201, { 'content-type': 'application/json; charset=utf-8' })
      response.end(itemJson)
    } catch (error) {
      console.error('submit floor:', error)
      response.writeHead(500)
      response.end()
    }
  })
})

server.listen(0, '127.0.0.1', () => {
  process.send?.({ port: (server.address() as AddressInfo).port })
})
process.on('SIGTERM', () => process.exit(0))
