import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createTestDatabase, type TestDatabase } from '../support/databases.js'
import { lastLine, runCanvass, startServe } from '../support/process.js'

// The first run as a person meets it (CONTRACT.md section 13): `canvass serve` on an empty
// database prints, beside the token, a one-time link that creates the owner; `canvass member
// create` prints one for a given person and role. Against the compiled CLI, as shipped.

let database: TestDatabase
let env: Record<string, string>
const stops: (() => Promise<void>)[] = []
beforeEach(async () => {
  database = await createTestDatabase()
  env = { DATABASE_URL: database.url }
})
afterEach(async () => {
  for (const stop of stops.splice(0)) await stop()
  await database.drop()
})
afterAll(async () => {
  for (const stop of stops.splice(0)) await stop()
})

function browserHeaders(baseUrl: string, cookie?: string): Record<string, string> {
  return {
    'content-type': 'application/json',
    origin: baseUrl,
    'x-canvass-csrf': '1',
    ...(cookie ? { cookie } : {}),
  }
}

describe('the first run', () => {
  it('prints a setup link that creates the owner once, who then signs in with e-mail and password', {
    timeout: 240_000,
  }, async () => {
    const server = await startServe(env)
    stops.push(() => server.stop())
    const link = /^(http:\/\/\S+\/app\/setup\?code=cvc_\S+)$/m.exec(server.output())?.[1]
    expect(link, server.output()).toBeDefined()
    const url = new URL(link as string)
    expect(url.origin).toBe(server.baseUrl)
    const code = url.searchParams.get('code') as string

    const page = await fetch(`${server.baseUrl}/v1/setup?code=${code}`)
    expect(await page.json()).toMatchObject({ email: null, role: 'owner' })
    const payload = {
      code,
      email: 'founder@example.com',
      name: 'Founder',
      password: 'a long and private passphrase',
    }
    const created = await fetch(`${server.baseUrl}/v1/setup`, {
      method: 'POST',
      headers: browserHeaders(server.baseUrl),
      body: JSON.stringify(payload),
    })
    expect(created.status).toBe(201)
    expect(await created.json()).toMatchObject({ email: 'founder@example.com', role: 'owner' })
    const cookie = (created.headers.get('set-cookie') ?? '').split(';')[0] as string
    const session = await fetch(`${server.baseUrl}/v1/session`, { headers: { cookie } })
    expect((await session.json()).member).toMatchObject({ name: 'Founder' })

    const again = await fetch(`${server.baseUrl}/v1/setup`, {
      method: 'POST',
      headers: browserHeaders(server.baseUrl),
      body: JSON.stringify({ ...payload, email: 'second@example.com' }),
    })
    expect(again.status).toBe(404)
    const signedIn = await fetch(`${server.baseUrl}/v1/session`, {
      method: 'POST',
      headers: browserHeaders(server.baseUrl),
      body: JSON.stringify({ email: 'Founder@Example.com', password: payload.password }),
    })
    expect(signedIn.status).toBe(201)
    expect((await signedIn.json()).member.role).toBe('owner')

    // A second start prints no link (nor a token).
    await server.stop()
    const next = await startServe(env)
    stops.push(() => next.stop())
    expect(next.output()).not.toContain('/app/setup')
  })

  it('`canvass member create` prints a link for that person and role', { timeout: 240_000 }, async () => {
    const made = await runCanvass(['member', 'create', '--email', 'Editor@Example.com', '--role', 'editor'], {
      ...env,
      CANVASS_PUBLIC_URL: 'https://canvass.example.com',
    })
    expect(made.code, made.output).toBe(0)
    const link = new URL(lastLine(made.output))
    expect(`${link.origin}${link.pathname}`).toBe('https://canvass.example.com/app/setup')
    expect(made.output).toContain('editor@example.com')

    const server = await startServe(env)
    stops.push(() => server.stop())
    const page = await fetch(`${server.baseUrl}/v1/setup?code=${link.searchParams.get('code')}`)
    expect(await page.json()).toMatchObject({ email: 'editor@example.com', role: 'editor' })

    for (const args of [
      ['member', 'create', '--email', 'x@example.com', '--role', 'emperor'],
      ['member', 'create', '--email', 'not an address', '--role', 'viewer'],
      ['member', 'create', '--role', 'viewer'],
    ]) {
      const refused = await runCanvass(args, env)
      expect(refused.code, refused.output).not.toBe(0)
      expect(refused.output).toMatch(/^canvass: /m)
      expect(refused.output).not.toMatch(/^\s+at /m)
    }
  })
})
