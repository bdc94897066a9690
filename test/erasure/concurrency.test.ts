import { describe, expect, it } from 'vitest'
import { storeInTransaction } from '../../src/domain/forms/responses/store.js'
import { useTestContext } from '../support/context.js'
import { testBackend } from '../support/databases.js'
import { createForm, erased } from './support.js'

// Erasure in batches while responses keep arriving (docs/api.md#erasure): more responses of the
// address than one batch holds all go, those submitted meanwhile all stay, and positions, counts
// and insights agree with what is stored.

const ctx = useTestContext()
const ERIN = 'erin@example.com'
const ERASED = 250
const KEPT = 50
const DURING = 40

describe(`erasure under concurrent submissions on ${testBackend}`, () => {
  it('deletes every response of the address, batch after batch, and leaves the form consistent', async () => {
    const formId = await createForm(ctx, {
      title: 'Busy form',
      questions: [
        { id: 'contact', title: 'Your e-mail', type: 'email' },
        { id: 'note', title: 'Note', type: 'short_text' },
      ],
      hidden: ['ref'],
    })
    // Of 300, every sixth is someone else's; the others carry the address in an answer or a hidden field.
    const submissions = Array.from({ length: ERASED + KEPT }, (_, index) => {
      if (index % 6 === 5) return { answers: { note: `kept ${index}` }, hidden: { ref: `r${index}` } }
      if (index % 6 === 4)
        return { answers: { note: `hidden ${index}` }, hidden: { ref: ERIN.toUpperCase() } }
      return { answers: { contact: ERIN, note: `${index}` } }
    })
    const batch = { workspaceId: ctx.workspaceId, formId, submissions }
    const outcomes = await storeInTransaction(ctx.database, ctx.clock, ctx.deliverySignal, batch)
    expect(outcomes?.every((outcome) => 'stored' in outcome)).toBe(true)

    const during = Array.from({ length: DURING }, (_, index) =>
      ctx.request({
        method: 'POST',
        url: `/v1/forms/${formId}/responses`,
        payload: { answers: { contact: `during-${index}@example.com`, note: 'meanwhile' } },
      }),
    )
    const [receipt, ...answers] = await Promise.all([erased(ctx, ERIN), ...during])
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(DURING).fill(201))
    expect(receipt).toEqual({ contacts: 0, responses: ERASED, drafts: 0, mails: 0 })

    const rows = await ctx.database.db
      .selectFrom('responses')
      .select(['seq', 'item_json'])
      .where('form_id', '=', formId)
      .orderBy('seq')
      .execute()
    expect(rows).toHaveLength(KEPT + DURING)
    expect(rows.map((row) => Number(row.seq))).toEqual(
      Array.from({ length: KEPT + DURING }, (_, index) => index + 1),
    )
    expect(rows.some((row) => row.item_json.toLowerCase().includes(ERIN))).toBe(false)
    const form = await ctx.request({ method: 'GET', url: `/v1/forms/${formId}` })
    expect(form.json().response_count).toBe(KEPT + DURING)
    const insights = await ctx.request({ method: 'GET', url: `/v1/forms/${formId}/insights` })
    expect(insights.json().responses).toBe(KEPT + DURING)
    const texts = await ctx.database.db
      .selectFrom('text_answers')
      .select('value')
      .where('form_id', '=', formId)
      .where('question_id', '=', 'contact')
      .execute()
    expect(texts).toHaveLength(DURING)
  }, 120_000)
})
