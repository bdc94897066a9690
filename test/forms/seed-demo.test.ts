import { describe, expect, it } from 'vitest'
import { createToken, ensureWorkspace } from '../../src/domain/tokens.js'
import { questionKinds } from '../../src/shared/forms/definition.js'
import { useTestContext } from '../support/context.js'
import { lastLine, runCanvass } from '../support/process.js'

const ctx = useTestContext()

describe('canvass seed-demo', () => {
  it('creates a form with every question kind and N responses, printing the form id last', async () => {
    const run = await runCanvass(['seed-demo', '--responses', '5500', '--workspace', 'demo'], {
      DATABASE_URL: ctx.testDatabase.url,
    })
    expect(run.code, run.output).toBe(0)
    const formId = lastLine(run.output)
    expect(formId).toMatch(/^frm_[A-Za-z0-9_-]{22}$/)

    const workspaceId = await ensureWorkspace(ctx.database.db, ctx.clock, 'demo')
    const { token } = await createToken(ctx.database.db, ctx.clock, { workspaceId, name: 'demo' })
    const form = (await ctx.request({ method: 'GET', url: `/v1/forms/${formId}`, token })).json()
    expect(new Set(form.questions.map((q: { type: string }) => q.type))).toEqual(new Set(questionKinds))
    expect(form.response_count).toBe(5500)
    // Not visible to another workspace.
    expect((await ctx.request({ method: 'GET', url: `/v1/forms/${formId}` })).statusCode).toBe(404)

    const rows = await ctx.database.db
      .selectFrom('responses')
      .select(['seq', 'submitted_at'])
      .where('form_id', '=', formId)
      .orderBy('seq', 'asc')
      .execute()
    expect(rows.map((row) => Number(row.seq))).toEqual(Array.from({ length: 5500 }, (_, i) => i + 1))

    const page = (
      await ctx.request({ method: 'GET', url: `/v1/forms/${formId}/responses?page=220&page_size=25`, token })
    ).json()
    expect(page.items).toHaveLength(25)
    for (const item of page.items) {
      expect(Object.keys(item)).toEqual(['id', 'submitted_at', 'answers', 'hidden', 'variables'])
      const byQuestion = new Map(item.answers.map((a: { question: { id: string } }) => [a.question.id, a]))
      expect(byQuestion.get('nps')).toEqual(
        expect.objectContaining({ type: 'number', number: expect.stringMatching(/^\d+$/) }),
      )
      expect(item.variables.map((v: { name: string }) => v.name)).toEqual(['score', 'promoter'])
    }
    expect(
      (
        await ctx.request({
          method: 'GET',
          url: `/v1/forms/${formId}/responses?page=221&page_size=25`,
          token,
        })
      ).json().items,
    ).toEqual([])
  })

  it('makes the form public and prints its link and its dashboard page, at CANVASS_PUBLIC_URL when set', async () => {
    const run = await runCanvass(['seed-demo', '--responses', '2'], { DATABASE_URL: ctx.testDatabase.url })
    expect(run.code, run.output).toBe(0)
    const formId = lastLine(run.output)
    expect(run.output).toContain(`  answer it:  http://127.0.0.1:3000/f/${formId}\n`)
    expect(run.output).toContain(`  dashboard:  http://127.0.0.1:3000/app/forms/${formId}\n`)
    const page = await ctx.request({ method: 'GET', url: `/f/${formId}`, token: null })
    expect(page.statusCode).toBe(200)
    expect(page.body).toContain('Canvass demo: customer survey')

    const behindProxy = await runCanvass(['seed-demo', '--responses', '0'], {
      DATABASE_URL: ctx.testDatabase.url,
      CANVASS_PUBLIC_URL: 'https://forms.example.com/',
    })
    const other = lastLine(behindProxy.output)
    expect(behindProxy.output).toContain(`  answer it:  https://forms.example.com/f/${other}\n`)
    expect(behindProxy.output).toContain(`  dashboard:  https://forms.example.com/app/forms/${other}\n`)
  })

  it('refuses a response count that is not a whole number', async () => {
    const run = await runCanvass(['seed-demo', '--responses', 'many'], { DATABASE_URL: ctx.testDatabase.url })
    expect(run.code).not.toBe(0)
    expect(run.output).toContain('--responses')
  })
})
