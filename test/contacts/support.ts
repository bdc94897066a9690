import { expect } from 'vitest'
import type { TestContext } from '../support/context.js'

export const timestampPattern = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/
export const idPattern = /^[A-Za-z0-9_-]{1,64}$/

export async function createList(ctx: TestContext, name = 'Newsletter', token?: string): Promise<string> {
  const response = await ctx.request({
    method: 'POST',
    url: '/v1/contact-lists',
    payload: { name },
    ...(token ? { token } : {}),
  })
  expect(response.statusCode, response.body).toBe(201)
  return response.json().id as string
}

export function bulk(
  ctx: TestContext,
  payload: unknown,
  options: { headers?: Record<string, string>; token?: string } = {},
) {
  return ctx.request({
    method: 'POST',
    url: '/v1/contacts/bulk',
    payload: JSON.stringify(payload),
    headers: { 'content-type': 'application/json', ...options.headers },
    ...(options.token ? { token: options.token } : {}),
  })
}

export async function storedContacts(
  ctx: TestContext,
  listId: string,
): Promise<{ id: string; email: string }[]> {
  const items: { id: string; email: string }[] = []
  for (let page = 1; ; page++) {
    const response = await ctx.request({
      method: 'GET',
      url: `/v1/contact-lists/${listId}/contacts?page=${page}&page_size=1000`,
    })
    expect(response.statusCode, response.body).toBe(200)
    const body = response.json()
    items.push(...body.items)
    if (body.items.length < 1000) return items
  }
}

export async function contactCount(ctx: TestContext, listId: string): Promise<number> {
  const response = await ctx.request({ method: 'GET', url: `/v1/contact-lists/${listId}` })
  expect(response.statusCode, response.body).toBe(200)
  return response.json().contact_count as number
}

let counter = 0
export function uniqueEmails(label: string, count: number): string[] {
  counter++
  return Array.from({ length: count }, (_, index) => `${label}.${counter}.${index}@example.com`)
}
