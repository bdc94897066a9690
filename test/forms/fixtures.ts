import type { TestContext } from '../support/context.js'

// A form with every question kind, and a submission answering each of them.

export const everyKindForm = {
  title: 'Every kind',
  questions: [
    { id: 'q_short', title: 'Name', type: 'short_text', required: true, properties: { max_length: 20 } },
    { id: 'q_long', title: 'Story', type: 'long_text' },
    { id: 'q_email', title: 'E-mail', type: 'email' },
    { id: 'q_url', title: 'Website', type: 'url' },
    { id: 'q_phone', title: 'Phone', type: 'phone_number' },
    { id: 'q_number', title: 'Age', type: 'number', properties: { min: -10, max: 200 } },
    { id: 'q_rating', title: 'Rating', type: 'rating', properties: { steps: 7 } },
    { id: 'q_opinion', title: 'Opinion', type: 'opinion_scale', properties: { start: 1, steps: 5 } },
    { id: 'q_nps', title: 'Recommend', type: 'nps' },
    { id: 'q_csat', title: 'Satisfied', type: 'customer_sat' },
    { id: 'q_yes', title: 'Again?', type: 'yes_no' },
    {
      id: 'q_choice',
      title: 'Colour',
      type: 'multiple_choice',
      properties: { choices: ['Red', 'Green', 'Blue'] },
    },
    {
      id: 'q_choices',
      title: 'Toppings',
      type: 'multiple_choice',
      properties: {
        allow_multiple: true,
        choices: [{ label: 'Cheese' }, { label: 'Olives' }, { label: 'Ham' }],
      },
    },
    { id: 'q_drop', title: 'Country', type: 'dropdown', properties: { choices: ['DE', 'FR'] } },
    { id: 'q_date', title: 'Birthday', type: 'date' },
  ],
  hidden: ['source', 'campaign'],
  variables: [
    {
      name: 'score',
      initial: 10,
      calculations: [
        { op: 'add', question_id: 'q_nps' },
        { op: 'multiply', value: 2 },
        { op: 'subtract', question_id: 'q_number' },
      ],
    },
    { name: 'flat', calculations: [{ op: 'set', value: 1.5 }] },
  ],
}

export const everyKindAnswers = {
  q_short: 'Ada',
  q_long: 'A long story.\nWith lines.',
  q_email: 'ada@example.com',
  q_url: 'https://example.com/x?y=1',
  q_phone: '+4915112345678',
  q_number: -3,
  q_rating: 7,
  q_opinion: 5,
  q_nps: 9,
  q_csat: 1,
  q_yes: false,
  q_choice: 'Green',
  q_choices: ['Olives', 'Cheese'],
  q_drop: 'FR',
  q_date: '2024-02-29',
}

export async function createForm(ctx: TestContext, body: object = everyKindForm): Promise<string> {
  const response = await ctx.request({ method: 'POST', url: '/v1/forms', payload: body })
  if (response.statusCode !== 201) throw new Error(`form creation failed: ${response.body}`)
  return response.json().id as string
}

/** A small form for order and paging tests: one optional nps question. */
export const tinyForm = {
  title: 'Tiny',
  questions: [{ id: 'n', title: 'NPS', type: 'nps' }],
  hidden: ['k'],
}

export async function submit(ctx: TestContext, formId: string, body: object) {
  return ctx.request({ method: 'POST', url: `/v1/forms/${formId}/responses`, payload: body })
}

/** Submits n responses to a tiny form; hidden `k` carries the index (0-based) as a string. */
export async function submitMany(ctx: TestContext, formId: string, n: number): Promise<string[]> {
  const ids: string[] = []
  for (let index = 0; index < n; index++) {
    const response = await submit(ctx, formId, { answers: { n: index % 11 }, hidden: { k: String(index) } })
    if (response.statusCode !== 201) throw new Error(`submission failed: ${response.body}`)
    ids.push(response.json().id)
  }
  return ids
}
