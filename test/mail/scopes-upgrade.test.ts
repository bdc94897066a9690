import { describe, expect, it } from 'vitest'
import { grantMailScopes } from '../../src/db/migrations/017_mail.js'
import { createToken } from '../../src/domain/tokens.js'
import { useTestContext } from '../support/context.js'
import { testBackend } from '../support/databases.js'

// CONTRACT.md section 12: the scopes invitations:read and invitations:write are "in every
// all-scope token". A token made before the mail migration with every scope there was then gains
// them when the database is upgraded, and can read the outbox; a token of fewer scopes does not.

const ctx = useTestContext()

const before = [
  'forms:read',
  'forms:write',
  'responses:read',
  'responses:write',
  'contacts:read',
  'contacts:write',
  'webhooks:read',
  'webhooks:write',
] as const

describe(`tokens made before mail, upgraded on ${testBackend}`, () => {
  it('gives every all-scope token the invitation scopes, and no other token', async () => {
    const { db } = ctx.database
    const clock = ctx.clock
    const all = await createToken(db, clock, {
      workspaceId: ctx.workspaceId,
      name: 'all',
      scopes: [...before],
    })
    const some = await createToken(db, clock, {
      workspaceId: ctx.workspaceId,
      name: 'some',
      scopes: ['forms:read', 'webhooks:write'],
    })
    // What migration 017 does to the tokens it finds (run twice: it adds the scopes once).
    await grantMailScopes(db)
    await grantMailScopes(db)

    const outbox = (token: string) => ctx.request({ method: 'GET', url: '/v1/mail', token })
    expect((await outbox(all.token)).statusCode).toBe(200)
    expect((await outbox(some.token)).statusCode).toBe(403)
    const rows = await db
      .selectFrom('api_tokens')
      .select(['name', 'scopes'])
      .where('name', 'in', ['all', 'some'])
      .execute()
    const scopes = Object.fromEntries(rows.map((row) => [row.name, row.scopes.split(' ').sort()]))
    expect(scopes).toEqual({
      all: [...before, 'invitations:read', 'invitations:write'].sort(),
      some: ['forms:read', 'webhooks:write'],
    })
  })
})
