import { describe, expect, it } from 'vitest'
import { useTestContext } from '../support/context.js'
import { bulk, contactCount, createList, storedContacts } from './support.js'

// Concurrent requests with overlapping e-mails never put one address on a list twice (docs/api.md#bulk-add).

const ctx = useTestContext()

describe('concurrent bulk adds', () => {
  it('20 overlapping requests: each address once, every answer 201 or 4xx, answers add up', async () => {
    const listId = await createList(ctx)
    const pool = Array.from({ length: 300 }, (_, index) => `person.${index}@example.com`)
    const requests = Array.from({ length: 20 }, (_, r) => {
      // Request r takes 100 addresses from an offset, in a request-specific order and case.
      const emails = Array.from({ length: 100 }, (_, i) => pool[(r * 37 + i * 7) % 300] as string)
      const unique = [...new Set(emails)]
      return unique.map((email, i) => ({
        name: `r${r}`,
        email: i % 3 === 0 ? email.toUpperCase() : email,
      }))
    })
    const answers = await Promise.all(requests.map((contacts) => bulk(ctx, { list_id: listId, contacts })))
    for (const answer of answers) {
      expect(answer.statusCode, answer.body).toBeGreaterThanOrEqual(200)
      expect(answer.statusCode, answer.body).toBeLessThan(500)
      expect([201, 400, 404, 409, 429]).toContain(answer.statusCode)
    }
    const stored = await storedContacts(ctx, listId)
    const keys = stored.map((c) => c.email.toLowerCase())
    expect(new Set(keys).size).toBe(keys.length)
    const requested = new Set(requests.flat().map((c) => c.email.toLowerCase()))
    expect(new Set(keys)).toEqual(requested)
    const added = answers.flatMap((a) => a.json().added_contacts as { id: string }[])
    expect(added.map((c) => c.id).sort()).toEqual(stored.map((c) => c.id).sort())
    expect(await contactCount(ctx, listId)).toBe(stored.length)
  })

  it('deleting contacts while others are added keeps the count right', async () => {
    const listId = await createList(ctx)
    const first = await bulk(ctx, {
      list_id: listId,
      contacts: Array.from({ length: 40 }, (_, i) => ({ email: `d${i}@example.com` })),
    })
    const ids = first.json().added_contacts.map((c: { id: string }) => c.id) as string[]
    const work = [
      ...ids.slice(0, 20).map((id) => ctx.request({ method: 'DELETE', url: `/v1/contacts/${id}` })),
      ...ids.slice(0, 5).map((id) => ctx.request({ method: 'DELETE', url: `/v1/contacts/${id}` })),
      ...Array.from({ length: 5 }, (_, r) =>
        bulk(ctx, {
          list_id: listId,
          contacts: Array.from({ length: 30 }, (_, i) => ({ email: `d${(i + r * 7) % 60}@example.com` })),
        }),
      ),
    ]
    const answers = await Promise.all(work)
    for (const answer of answers) expect([201, 204, 404], answer.body).toContain(answer.statusCode)
    const stored = await storedContacts(ctx, listId)
    expect(new Set(stored.map((c) => c.email)).size).toBe(stored.length)
    expect(await contactCount(ctx, listId)).toBe(stored.length)
  })
})
