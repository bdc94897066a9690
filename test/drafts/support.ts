import { expect } from 'vitest'
import { richForm } from '../flow/fixtures.js'
import type { TestContext } from '../support/context.js'

// Drafts of the tests (docs/api.md#drafts): a public multi-page form, and the public calls.

export async function draftForm(ctx: TestContext, settings: object = {}, form: object = richForm) {
  const response = await ctx.request({
    method: 'POST',
    url: '/v1/forms',
    payload: { ...form, settings: { public: true, ...settings } },
  })
  expect(response.statusCode).toBe(201)
  return response.json().id as string
}

const publicCall = (ctx: TestContext, method: 'POST' | 'PATCH', url: string, payload?: unknown) =>
  ctx.request({
    method,
    url,
    token: null,
    headers: { origin: 'http://elsewhere.test' },
    ...(payload === undefined ? {} : { payload: payload as object }),
  })

export const startDraft = (ctx: TestContext, formId: string, payload: unknown) =>
  publicCall(ctx, 'POST', `/v1/public/forms/${formId}/drafts`, payload)

export const patchDraft = (ctx: TestContext, token: string, payload: unknown) =>
  publicCall(ctx, 'PATCH', `/v1/public/drafts/${token}`, payload)

export const completeDraft = (ctx: TestContext, token: string) =>
  publicCall(ctx, 'POST', `/v1/public/drafts/${token}/complete`)

export async function listed(ctx: TestContext, formId: string) {
  const response = await ctx.request({ method: 'GET', url: `/v1/forms/${formId}/responses` })
  expect(response.statusCode).toBe(200)
  return response.json().items as { id: string; submitted_at: string }[]
}
