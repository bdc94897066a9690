import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createForm } from '../forms/fixtures.js'
import { useTestContext } from '../support/context.js'
import { startServe } from '../support/process.js'
import { insightsOf } from './support.js'

// Concurrent submissions through several `canvass serve` processes: every response is counted
// exactly once (each bucket is updated under the form row's lock, in the response's transaction).

const ctx = useTestContext()
const servers: Awaited<ReturnType<typeof startServe>>[] = []

beforeAll(async () => {
  for (let index = 0; index < 3; index++) {
    servers.push(await startServe({ DATABASE_URL: ctx.testDatabase.url, CANVASS_WORKER: '0' }))
  }
}, 60_000)
afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop()))
})

const form = {
  title: 'Concurrent',
  questions: [
    { id: 'nps', title: 'NPS', type: 'nps', required: true },
    { id: 'colour', title: 'Colour', type: 'dropdown', properties: { choices: ['Red', 'Blue'] } },
  ],
  variables: [{ name: 'v', calculations: [{ op: 'add', question_id: 'nps' }] }],
}

describe('concurrent submissions from several processes', () => {
  it('are all counted, exactly', async () => {
    const formId = await createForm(ctx, form)
    const PER_SERVER = 40
    const answers = (index: number) => ({ nps: index % 11, ...(index % 2 === 0 ? { colour: 'Red' } : {}) })
    const statuses = await Promise.all(
      servers.flatMap((server, s) =>
        Array.from({ length: PER_SERVER }, (_, i) =>
          fetch(`${server.baseUrl}/v1/forms/${formId}/responses`, {
            method: 'POST',
            headers: { authorization: `Bearer ${ctx.token}`, 'content-type': 'application/json' },
            body: JSON.stringify({ answers: answers(s * PER_SERVER + i) }),
          }).then((response) => response.status),
        ),
      ),
    )
    expect(statuses.every((status) => status === 201)).toBe(true)
    const total = servers.length * PER_SERVER
    const insights = await insightsOf(ctx, formId)
    expect(insights.responses).toBe(total)
    const expected: Record<string, number> = {}
    for (let index = 0; index < total; index++)
      expected[String(index % 11)] = (expected[String(index % 11)] ?? 0) + 1
    expect(insights.questions[0]?.['distribution']).toEqual(expected)
    expect(insights.questions[1]?.['choices']).toEqual([
      { label: 'Red', count: total / 2 },
      { label: 'Blue', count: 0 },
    ])
    expect(insights.timeline.reduce((sum, day) => sum + day.responses, 0)).toBe(total)
    await ctx.app.ctx.insights.rebuild(formId)
    expect(await insightsOf(ctx, formId)).toEqual(insights)
  })
})
