import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildResponseItem } from '../../src/shared/forms/answers.js'
import type { Question } from '../../src/shared/forms/definition.js'
import { english } from '../../src/shared/i18n/words.js'
import { answerMessage } from '../../src/shared/pages/answer-messages.js'
import { submissionFromFields } from '../../src/shared/pages/fields.js'
import { everyKindForm } from '../forms/fixtures.js'
import { createTestContext, type TestContext } from '../support/context.js'

// Issue 27 item 12: the hosted page's messages name the rule under the question ("Required") and
// the question in the summary ("Name: Required"); they come from answerMessage, which the page's
// script runs too, and it judges as the server does. Question descriptions are shown.

let ctx: TestContext
beforeAll(async () => {
  ctx = await createTestContext({ publicRateLimit: 1000 })
})
afterAll(async () => {
  await ctx.close()
})

async function publicForm(body: object): Promise<string> {
  const response = await ctx.request({
    method: 'POST',
    url: '/v1/forms',
    payload: { ...body, settings: { public: true } },
  })
  expect(response.statusCode, response.body).toBe(201)
  return response.json().id
}

const post = (formId: string, fields: [string, string][]) =>
  ctx.request({
    method: 'POST',
    url: `/f/${formId}`,
    token: null,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  })

/** The message beside a question and the summary's link to it, as the 422 page shows them. */
function shown(html: string, id: string): { field: string | undefined; summary: string | undefined } {
  const field = new RegExp(
    `<p class="error-message" id="q-${id}-error" dir="auto"><span class="visually-hidden">Error: </span>([^<]*)</p>`,
  ).exec(html)?.[1]
  const summary = new RegExp(`<a href="#q-${id}">([^<]*)</a>`).exec(html)?.[1]
  return { field, summary }
}

describe('messages on the hosted page', () => {
  it('say the rule under the question and name the question only in the summary', async () => {
    const id = await publicForm(everyKindForm)
    const response = await post(id, [
      ['q_short', 'x'.repeat(21)],
      ['q_url', 'example.com'],
      ['q_phone', '0151 123'],
      ['q_number', '500'],
      ['q_nps', '11'],
      ['q_yes', 'maybe'],
      ['q_choice', 'Purple'],
      ['q_choices', 'Ham'],
      ['q_choices', 'Anchovies'],
      ['q_drop', 'IT'],
      ['q_date', '2023-02-29'],
    ])
    expect(response.statusCode).toBe(422)
    const expected: [string, string, string][] = [
      ['q_short', 'Name', 'Use at most 20 characters (this has 21)'],
      ['q_url', 'Website', 'Enter a web address starting with https:// or http://'],
      ['q_phone', 'Phone', 'Enter the number with its country code, e.g. +4915112345678'],
      ['q_number', 'Age', 'Enter a whole number from -10 to 200'],
      ['q_nps', 'Recommend', 'Choose a number from 0 to 10'],
      ['q_yes', 'Again?', 'Choose Yes or No'],
      ['q_choice', 'Colour', 'Choose one of the options'],
      ['q_choices', 'Toppings', 'Choose only from the options'],
      ['q_drop', 'Country', 'Choose one of the options'],
      ['q_date', 'Birthday', 'Enter a real date'],
    ]
    for (const [question, title, message] of expected) {
      expect(shown(response.body, question), question).toEqual({
        field: message,
        summary: `${title}: ${message}`,
      })
    }
    expect(response.body).toContain('There are problems with 10 answers')
  })

  it('says "Required" for a required question left empty or blank', async () => {
    const id = await publicForm({
      title: 'Visit',
      questions: [
        { id: 'how', title: 'How was it?', type: 'short_text', required: true },
        { id: 'score', title: 'Score', type: 'nps', required: true },
        { id: 'note', title: 'Anything else', type: 'long_text' },
      ],
    })
    const response = await post(id, [
      ['how', '   '],
      ['note', '  '],
    ])
    expect(response.statusCode).toBe(422)
    expect(shown(response.body, 'how')).toEqual({ field: 'Required', summary: 'How was it?: Required' })
    expect(shown(response.body, 'score')).toEqual({ field: 'Required', summary: 'Score: Required' })
    expect(shown(response.body, 'note')).toEqual({
      field: 'Enter some text, not only spaces',
      summary: 'Anything else: Enter some text, not only spaces',
    })
    // The title is in the label and in the summary, never in the message under the question.
    expect(response.body).not.toMatch(/How was it\? (is|must)/)
  })
})

describe('question descriptions', () => {
  it('are shown under the title and describe the control; blank ones are not stored', async () => {
    const id = await publicForm({
      title: 'Described',
      questions: [
        {
          id: 'visit',
          title: 'How was your visit?',
          type: 'long_text',
          description: 'Think of the <b>last</b> time.\nOne line is fine.',
        },
        { id: 'score', title: 'Score', type: 'nps', description: '0 is the worst' },
        { id: 'plain', title: 'Plain', type: 'short_text', description: '  ' },
      ],
    })
    const form = (await ctx.request({ method: 'GET', url: `/v1/forms/${id}` })).json()
    expect(form.questions[0].description).toBe('Think of the <b>last</b> time.\nOne line is fine.')
    expect(form.questions[2]).not.toHaveProperty('description')
    const html = (await ctx.request({ method: 'GET', url: `/f/${id}`, token: null })).body
    expect(html).toContain(
      '<p class="description" id="q-visit-description" dir="auto">Think of the &lt;b>last&lt;/b> time.\nOne line is fine.</p>',
    )
    expect(html).toMatch(/<textarea id="q-visit"[^>]* aria-describedby="q-visit-description"/)
    expect(html).toMatch(/<fieldset[^>]* aria-describedby="q-score-description q-score-ends"/)
    expect(html).not.toContain('q-plain-description')
    const invalid = await post(id, [['visit', 'x'.repeat(10_001)]])
    expect(invalid.body).toMatch(
      /<textarea id="q-visit"[^>]* aria-describedby="q-visit-error q-visit-description"/,
    )
  })

  it('are refused over 2000 characters', async () => {
    const response = await ctx.request({
      method: 'POST',
      url: '/v1/forms',
      payload: {
        title: 'Long',
        questions: [{ title: 'Q', type: 'short_text', description: 'x'.repeat(2001) }],
      },
    })
    expect(response.statusCode).toBe(400)
    expect(response.json().errors).toEqual([
      { path: '/questions/0/description', message: expect.stringMatching(/2000/) },
    ])
  })
})

describe('answerMessage, which the page script runs', () => {
  // Values as the page's controls post them, for every kind: good, bad and empty ones.
  const samples: Record<string, string[][]> = {
    q_short: [[], [''], ['Ada'], ['  '], ['x'.repeat(20)], ['x'.repeat(21)], ['a\u0000b']],
    q_long: [[], ['line\r\nline'], [' \n ']],
    q_email: [['a@example.com'], ['a@'], ['jörg@bücher.de'], [`${'a'.repeat(250)}@b.de`]],
    q_url: [['https://example.com'], ['example.com'], ['http:///x'], ['https://ex ample.com']],
    q_phone: [['+4915112345678'], ['015112345678'], ['+0123']],
    q_number: [['-10'], ['200'], ['201'], ['-11'], ['1.5'], ['1e3'], ['abc'], [' 7 '], ['99999999999999999']],
    q_rating: [['1'], ['7'], ['8'], ['0']],
    q_opinion: [['1'], ['5'], ['0'], ['6']],
    q_nps: [['0'], ['10'], ['11'], ['-1'], ['x']],
    q_csat: [['1'], ['5'], ['6']],
    q_yes: [['true'], ['false'], ['yes']],
    q_choice: [['Red'], ['red'], ['Purple']],
    q_choices: [['Cheese'], ['Cheese', 'Ham'], ['Cheese', 'Cheese'], ['Nope'], ['', 'Ham']],
    q_drop: [['DE'], ['IT'], ['']],
    q_date: [['2024-02-29'], ['2023-02-29'], ['29.02.2024'], ['0000-01-01']],
  }
  const questions: Question[] = everyKindForm.questions.map((question) => ({
    required: false,
    properties: {},
    ...(question as Partial<Question>),
  })) as Question[]

  it('finds a problem exactly where the server refuses the answer', () => {
    const definition = { questions, hidden: [], variables: [] }
    for (const question of questions) {
      for (const fields of samples[question.id] ?? []) {
        const { errors } = buildResponseItem(
          definition,
          submissionFromFields(definition, new Map([[question.id, fields]])),
          'r',
          '2026-01-01T00:00:00.000000Z',
        )
        const refused = errors.some((error) => error.path === `/answers/${question.id}`)
        const message = answerMessage(question, fields, english.t)
        expect(message !== undefined, `${question.id} ${JSON.stringify(fields)}: ${message}`).toBe(refused)
        expect(message ?? '').not.toContain(question.title)
      }
    }
  })
})
