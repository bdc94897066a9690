import type { LightMyRequestResponse } from 'fastify'
import { expect } from 'vitest'
import { createSetupCode } from '../../src/domain/team/accounts.js'
import type { Role } from '../../src/domain/team/roles.js'
import type { TestContext } from '../support/context.js'

// What the accounts tests share: requests as the dashboard makes them (this origin, the CSRF
// header), the session cookie an answer sets, and setup codes made as the first start makes them.

export const host = '127.0.0.1:3000'
export const sameOrigin = { host, origin: `http://${host}`, 'x-canvass-csrf': '1' }

export function cookieOf(response: LightMyRequestResponse): string {
  const setCookie = ([] as string[]).concat(response.headers['set-cookie'] ?? [])
  const ours = setCookie.find((line) => /^canvass_session=cvsm_/.test(line))
  expect(ours, JSON.stringify(setCookie)).toBeDefined()
  return (ours as string).split(';')[0] as string
}

export function signIn(
  ctx: TestContext,
  email: string,
  password: string,
  options: { remoteAddress?: string; cookie?: string } = {},
): Promise<LightMyRequestResponse> {
  return ctx.app.inject({
    method: 'POST',
    url: '/v1/session',
    remoteAddress: options.remoteAddress ?? '127.0.0.1',
    headers: { ...sameOrigin, ...(options.cookie ? { cookie: options.cookie } : {}) },
    payload: { email, password },
  })
}

export function withCookie(
  ctx: TestContext,
  cookie: string,
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
  headers: Record<string, string> = sameOrigin,
): Promise<LightMyRequestResponse> {
  return ctx.app.inject({
    method,
    url,
    headers: { ...headers, cookie },
    ...(payload ? { payload } : {}),
  })
}

export async function setupCode(ctx: TestContext, role: Role = 'owner', email?: string): Promise<string> {
  const made = await createSetupCode(ctx.database.db, ctx.clock, {
    workspaceId: ctx.workspaceId,
    role,
    ...(email ? { email } : {}),
  })
  return made.code
}

/** The problem document without what differs between any two answers (the request's id). */
export function problemOf(response: LightMyRequestResponse): object {
  const { request_id: _id, ...rest } = response.json()
  return { status: response.statusCode, ...rest, wwwAuthenticate: response.headers['www-authenticate'] }
}

export function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number
}
