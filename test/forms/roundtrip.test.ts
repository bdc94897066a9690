import { describe, expect, it } from 'vitest'
import { useTestContext } from '../support/context.js'
import { createForm, everyKindAnswers, everyKindForm, submit } from './fixtures.js'

const ctx = useTestContext()

const q = (id: string, title: string, type: string) => ({ id, title, type })

describe('every question kind round-trips from submission to listing', () => {
  it('lists the response in the exact frozen wire shape', async () => {
    const formId = await createForm(ctx)
    const submitted = await submit(ctx, formId, {
      answers: everyKindAnswers,
      hidden: { campaign: 'spring', source: 'mail' },
    })
    expect(submitted.statusCode).toBe(201)
    expect(submitted.headers['content-type']).toBe('application/json; charset=utf-8')
    const item = submitted.json()
    expect(Object.keys(item)).toEqual(['id', 'submitted_at', 'answers', 'hidden', 'variables'])
    expect(item.id).toMatch(/^[A-Za-z0-9_-]{1,64}$/)
    expect(item.submitted_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/)
    expect(item.answers).toEqual([
      { question: q('q_short', 'Name', 'short_text'), type: 'text', text: 'Ada' },
      { question: q('q_long', 'Story', 'long_text'), type: 'text', text: 'A long story.\nWith lines.' },
      { question: q('q_email', 'E-mail', 'email'), type: 'email', email: 'ada@example.com' },
      { question: q('q_url', 'Website', 'url'), type: 'url', url: 'https://example.com/x?y=1' },
      {
        question: q('q_phone', 'Phone', 'phone_number'),
        type: 'phone_number',
        phone_number: '+4915112345678',
      },
      { question: q('q_number', 'Age', 'number'), type: 'number', number: '-3' },
      { question: q('q_rating', 'Rating', 'rating'), type: 'number', number: '7' },
      { question: q('q_opinion', 'Opinion', 'opinion_scale'), type: 'number', number: '5' },
      { question: q('q_nps', 'Recommend', 'nps'), type: 'number', number: '9' },
      { question: q('q_csat', 'Satisfied', 'customer_sat'), type: 'number', number: '1' },
      { question: q('q_yes', 'Again?', 'yes_no'), type: 'boolean', boolean: false },
      { question: q('q_choice', 'Colour', 'multiple_choice'), type: 'choice', choice: { label: 'Green' } },
      {
        question: q('q_choices', 'Toppings', 'multiple_choice'),
        type: 'choices',
        choices: { labels: ['Olives', 'Cheese'] },
      },
      { question: q('q_drop', 'Country', 'dropdown'), type: 'choice', choice: { label: 'FR' } },
      { question: q('q_date', 'Birthday', 'date'), type: 'date', date: '2024-02-29' },
    ])
    for (const answer of item.answers) expect(Object.keys(answer)).toEqual(['question', 'type', answer.type])
    // Declared order, not the order supplied.
    expect(item.hidden).toEqual([
      { name: 'source', value: 'mail' },
      { name: 'campaign', value: 'spring' },
    ])
    // score: (10 + 9) * 2 - (-3) = 41; flat: set 1.5
    expect(item.variables).toEqual([
      { name: 'score', value: 41 },
      { name: 'flat', value: 1.5 },
    ])

    const list = await ctx.request({ method: 'GET', url: `/v1/forms/${formId}/responses` })
    expect(list.statusCode).toBe(200)
    expect(list.headers['content-type']).toBe('application/json; charset=utf-8')
    expect(list.json()).toEqual({ page: '1', page_size: '25', items: [item] })
    // Byte for byte what the submission answered.
    expect(list.body).toBe(`{"page":"1","page_size":"25","items":[${submitted.body}]}`)
  })

  it('lists only answered questions, only supplied hidden fields, and every variable', async () => {
    const formId = await createForm(ctx)
    const submitted = await submit(ctx, formId, { answers: { q_short: 'Bo', q_yes: true } })
    expect(submitted.statusCode).toBe(201)
    const item = submitted.json()
    expect(item.answers.map((a: { question: { id: string } }) => a.question.id)).toEqual(['q_short', 'q_yes'])
    expect(item.answers[1]).toEqual({
      question: q('q_yes', 'Again?', 'yes_no'),
      type: 'boolean',
      boolean: true,
    })
    expect(item.hidden).toEqual([])
    // Calculations naming unanswered questions are skipped: 10 * 2 = 20.
    expect(item.variables).toEqual([
      { name: 'score', value: 20 },
      { name: 'flat', value: 1.5 },
    ])
  })

  it('keeps stored answers as they were when the form is edited', async () => {
    const formId = await createForm(ctx)
    const before = (await submit(ctx, formId, { answers: { q_short: 'Cy', q_nps: 4 } })).json()
    const edited = {
      ...everyKindForm,
      questions: everyKindForm.questions.map((question) =>
        question.id === 'q_short'
          ? { ...question, title: 'Full name' }
          : question.id === 'q_nps'
            ? { ...question, type: 'customer_sat', title: 'Happy?' }
            : question,
      ),
      variables: [],
    }
    const put = await ctx.request({ method: 'PUT', url: `/v1/forms/${formId}`, payload: edited })
    expect(put.statusCode).toBe(200)
    const after = (await submit(ctx, formId, { answers: { q_short: 'Di', q_nps: 5 } })).json()
    const list = (await ctx.request({ method: 'GET', url: `/v1/forms/${formId}/responses` })).json()
    expect(list.items).toEqual([after, before])
    expect(before.answers[0].question).toEqual(q('q_short', 'Name', 'short_text'))
    expect(before.answers[1].question).toEqual(q('q_nps', 'Recommend', 'nps'))
    expect(after.answers[0].question).toEqual(q('q_short', 'Full name', 'short_text'))
    expect(after.answers[1].question).toEqual(q('q_nps', 'Happy?', 'customer_sat'))
    expect(after.variables).toEqual([])
    expect(before.variables).toEqual([
      { name: 'score', value: 28 },
      { name: 'flat', value: 1.5 },
    ])
  })
})
