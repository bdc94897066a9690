import { afterAll, describe, expect, it } from 'vitest'
import { useTestContext } from '../support/context.js'
import { testBackend } from '../support/databases.js'
import { type Receiver, startReceiver } from '../support/receiver.js'
import { richForm } from './fixtures.js'

// A submission is judged against the path its own answers take (docs/api.md#survey-flow), however
// it arrives: an answer to a question the path does not show is refused (`not_on_path`), one the
// form or a rule requires on the path must be given (`missing`), and a required question off the
// path is not asked for. What is stored is what simulate says; the webhook event names the ending.

const ctx = useTestContext()
const receivers: Receiver[] = []
afterAll(async () => {
  await Promise.all(receivers.map((receiver) => receiver.close()))
})

async function publicRichForm() {
  const created = await ctx.request({
    method: 'POST',
    url: '/v1/forms',
    payload: { ...richForm, settings: { public: true } },
  })
  expect(created.statusCode, created.body).toBe(201)
  return created.json().id as string
}

const submissions = {
  token: (formId: string, payload: object) =>
    ctx.request({ method: 'POST', url: `/v1/forms/${formId}/responses`, payload }),
  public: (formId: string, payload: object) =>
    ctx.request({ method: 'POST', url: `/v1/public/forms/${formId}/responses`, payload, token: null }),
}

const listed = async (formId: string) =>
  (await ctx.request({ method: 'GET', url: `/v1/forms/${formId}/responses` })).json().items

describe(`submissions judged against their path on ${testBackend}`, () => {
  for (const [way, submit] of Object.entries(submissions)) {
    it(`refuses answers off the path and names each at its pointer (${way})`, async () => {
      const formId = await publicRichForm()
      // Not travelled: the path is intro -> not_travelled; the trip's questions are not on it.
      const refused = await submit(formId, {
        answers: { name: 'Ada', travelled: false, why: 'Price', rating: 4, nights: 2 },
      })
      expect(refused.statusCode, refused.body).toBe(400)
      expect(refused.json().code).toBe('validation_failed')
      expect(refused.json().errors).toEqual([
        expect.objectContaining({ path: '/answers/rating', code: 'not_on_path' }),
        expect.objectContaining({ path: '/answers/nights', code: 'not_on_path' }),
      ])
      expect(await listed(formId)).toEqual([])
    })

    it(`requires what a rule requires on the path, and not what the path skips (${way})`, async () => {
      const formId = await publicRichForm()
      const missing = await submit(formId, {
        answers: { name: 'Ada', travelled: true, rating: 2, issues: ['Food'] },
      })
      expect(missing.statusCode, missing.body).toBe(400)
      expect(missing.json().errors).toEqual([
        { path: '/answers/details', message: 'is required', code: 'missing' },
      ])
      // `rating` is required by the form, but this path never shows it.
      const skipped = await submit(formId, { answers: { name: 'Ada', travelled: false } })
      expect(skipped.statusCode, skipped.body).toBe(201)
      const noName = await submit(formId, { answers: { travelled: false } })
      expect(noName.statusCode, noName.body).toBe(400)
      expect(noName.json().errors).toEqual([
        { path: '/answers/name', message: 'is required', code: 'missing' },
      ])
    })
  }

  it('stores what simulate says, and tells webhooks the ending the answers reached', async () => {
    const receiver = await startReceiver()
    receivers.push(receiver)
    const formId = await publicRichForm()
    const put = await ctx.request({
      method: 'PUT',
      url: `/v1/forms/${formId}/webhooks/flow`,
      payload: { url: receiver.url },
    })
    expect(put.statusCode, put.body).toBe(201)
    ctx.startWorker({ pollMs: 50 })
    const answers = { name: 'Ada', travelled: true, rating: 2, issues: ['Food'], details: 'Cold soup' }
    const simulated = await ctx.request({
      method: 'POST',
      url: `/v1/forms/${formId}/simulate`,
      payload: { answers, hidden: { source: 'mail' } },
    })
    expect(simulated.statusCode, simulated.body).toBe(200)
    expect(simulated.json().missing).toEqual([])
    expect(simulated.json().not_on_path).toEqual([])
    const ending = simulated.json().ending
    expect(ending).toBe('sorry')

    const stored = await submissions.public(formId, { answers, hidden: { source: 'mail' } })
    expect(stored.statusCode, stored.body).toBe(201)
    const [item] = await listed(formId)
    expect(item.id).toBe(stored.json().id)
    expect(item.answers.map((answer: { question: { id: string } }) => answer.question.id)).toEqual(
      simulated.json().questions.filter((id: string) => id in answers),
    )
    expect(item.variables).toEqual(simulated.json().variables)
    expect(item).not.toHaveProperty('ending')

    await receiver.waitFor((requests) => requests.length === 1)
    const event = JSON.parse(receiver.requests[0]?.body ?? '{}')
    expect(event.form_response).toEqual({ form_id: formId, ...item, ending })
  })

  it('gives a form without rules the ending null, and its required questions as before', async () => {
    const created = await ctx.request({
      method: 'POST',
      url: '/v1/forms',
      payload: { title: 'Plain', questions: [{ id: 'q', title: 'Q?', type: 'short_text', required: true }] },
    })
    const formId = created.json().id
    const refused = await submissions.token(formId, { answers: {} })
    expect(refused.json().errors).toEqual([{ path: '/answers/q', message: 'is required', code: 'missing' }])
    expect((await submissions.token(formId, { answers: { q: 'yes' } })).statusCode).toBe(201)
  })
})
