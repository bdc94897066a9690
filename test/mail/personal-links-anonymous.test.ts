import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createLogger } from '../../src/logger.js'
import { richForm } from '../flow/fixtures.js'
import { fingerprinter } from '../reliability/support/snapshot.js'
import { createTestContext, type TestContext } from '../support/context.js'
import { testBackend } from '../support/databases.js'
import { contactList, invite, recipientRow, type TestRecipient } from '../support/recipients.js'
import { createForm, hiddenInputs, listed, onePageForm, respondentAt } from './links-support.js'

// docs/api.md#anonymous-forms: after personal links of an anonymous form are used (one page, and
// several pages through a draft), nothing links the responses to their contacts. Every column of
// every row of every table is searched, and every log line written, for the contact's id and
// address (and the recipient's id and token, which lead to the contact): they are found only in
// the contact's own row and in the recipient's, which the invitation needs, and which does not
// name the response.

const written: string[] = []
let ctx: TestContext

beforeAll(async () => {
  const logger = createLogger('trace', { write: (line: string) => void written.push(line) })
  ctx = await createTestContext({ publicRateLimit: 0, linkRateLimit: 0 }, { logger })
})
afterAll(async () => {
  await ctx?.close()
})

const people = [
  { name: 'Ada Lovelace', email: 'Ada.Lovelace@Example.org', data: { team: 'engines' } },
  { name: 'Grace Hopper', email: 'grace@navy.example', data: { team: 'compilers' } },
]

/** Every `table.column` holding one of the texts (case-insensitively), with its row's first column. */
async function whereFound(texts: string[]): Promise<string[]> {
  const { tables } = await fingerprinter(ctx.database)
  const wanted = texts.map((text) => text.toLowerCase())
  const found: string[] = []
  for (const table of tables) {
    const { rows } = await sql
      .raw<Record<string, unknown>>(`select * from "${table}"`)
      .execute(ctx.database.db)
    for (const row of rows)
      for (const [column, value] of Object.entries(row)) {
        if (value === null || value === undefined) continue
        const text = (Buffer.isBuffer(value) ? value.toString('utf8') : String(value)).toLowerCase()
        if (wanted.some((each) => text.includes(each))) found.push(`${table}.${column}`)
      }
  }
  return found.sort()
}

describe(`an anonymous form answered through personal links (${testBackend})`, () => {
  it('keeps nothing that links a response to its contact: tables, log lines, events, exports', async () => {
    const hiddenNames = ['email', 'name', 'team']
    const onePage = await createForm(ctx, onePageForm({ anonymous: true }))
    const paged = await createForm(ctx, {
      ...richForm,
      hidden: ['source', ...hiddenNames],
      settings: { anonymous: true },
    })
    for (const formId of [onePage, paged]) {
      const hook = await ctx.request({
        method: 'PUT',
        url: `/v1/forms/${formId}/webhooks/hook`,
        payload: { url: 'http://127.0.0.1:9/hook' },
      })
      expect(hook.statusCode).toBe(201)
    }
    const list = await contactList(ctx, people)
    const [ada] = await invite(ctx, onePage, { ...list, contacts: list.contacts.slice(0, 1) })
    const [grace] = await invite(ctx, paged, { ...list, contacts: list.contacts.slice(1) })
    if (!ada || !grace) throw new Error('no recipients')

    // No hidden field is filled from the contact.
    const adaPage = await respondentAt(ctx, ada.link).open()
    expect(adaPage.statusCode).toBe(200)
    expect(hiddenInputs(adaPage.body)).toEqual({})
    expect(adaPage.body).not.toContain('Ada.Lovelace')
    expect((await respondentAt(ctx, ada.link).submit([['mood', 'Content']])).statusCode).toBe(303)

    const person = respondentAt(ctx, grace.link)
    expect(hiddenInputs((await person.open()).body)).toEqual({})
    expect(
      (
        await person.page('intro', [
          ['name', 'G'],
          ['travelled', 'true'],
        ])
      ).statusCode,
    ).toBe(303)
    expect((await person.page('trip', [['rating', '5']])).statusCode).toBe(303)
    const done = await person.page('stay', [['nights', '1']])
    expect(done.statusCode).toBe(303)

    // Only the recipients' statuses changed.
    for (const recipient of [ada, grace]) {
      const row = await recipientRow(ctx, recipient.id)
      expect(row).toMatchObject({ status: 'completed', response_id: null })
      // When, to the hour only: to the microsecond it would name the response stored then.
      expect(Number(row.completed_at) % 3_600_000_000).toBe(0)
    }
    const responses = [...(await listed(ctx, onePage)), ...(await listed(ctx, paged))]
    expect(responses).toHaveLength(2)
    for (const response of responses) expect(response.hidden).toEqual([])

    const logged = [...written]
    for (const recipient of [ada, grace] as TestRecipient[]) {
      const { contact } = recipient
      const traces = [contact.id, contact.email, recipient.id, recipient.token]
      // The contact's own row, and the recipient's (its id and token, the contact and address).
      expect(await whereFound(traces)).toEqual([
        'contacts.email',
        'contacts.email_key',
        'contacts.id',
        'invitation_recipients.contact_id',
        'invitation_recipients.email',
        'invitation_recipients.email_key',
        'invitation_recipients.id',
        'invitation_recipients.token',
      ])
      // ...which names no response.
      expect(await whereFound(responses.map((response) => response.id))).not.toContain(
        'invitation_recipients.response_id',
      )
      for (const line of logged)
        for (const trace of traces) expect(line.toLowerCase()).not.toContain(trace.toLowerCase())
    }
    // The links were logged, their tokens redacted.
    expect(logged.some((line) => line.includes('"url":"/i/[redacted]"'))).toBe(true)

    // The events queued for the webhooks, and the exports, name no one.
    const { rows } = await sql<{ payload: string }>`select payload from webhook_deliveries`.execute(
      ctx.database.db,
    )
    expect(rows).toHaveLength(2)
    for (const formId of [onePage, paged])
      for (const format of ['ndjson', 'csv']) {
        const exported = await ctx.request({
          method: 'GET',
          url: `/v1/forms/${formId}/responses/export?format=${format}`,
        })
        expect(exported.statusCode).toBe(200)
        for (const text of [exported.body, ...rows.map((row) => row.payload)])
          for (const { contact } of [ada, grace]) {
            expect(text).not.toContain(contact.id)
            expect(text.toLowerCase()).not.toContain(contact.email.toLowerCase())
          }
      }

    // The team sees the contact, with no response.
    const detail = await ctx.request({ method: 'GET', url: `/v1/contacts/${ada.contact.id}` })
    expect(detail.json().responses).toEqual([])
  })
})
