import type { LightMyRequestResponse } from 'fastify'
import { expect } from 'vitest'
import { problemDefect } from '../reliability/support/problem.js'
import type { TestContext } from '../support/context.js'
import { cookieWriteHeaders } from '../support/members.js'

// Calls of the team's API as the dashboard makes them: with a member's session cookie (and, for
// a write, the same origin and the CSRF header), or with a bearer token.

export type Caller = { cookie: string } | { token: string }

export function call(
  ctx: TestContext,
  caller: Caller,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  body?: unknown,
): Promise<LightMyRequestResponse> {
  const credentials =
    'cookie' in caller ? { token: null, headers: cookieWriteHeaders(caller) } : { token: caller.token }
  return ctx.request({
    method,
    url,
    ...credentials,
    ...(body === undefined ? {} : { payload: body as object }),
  })
}

/** A problem document of this status and code. */
export function expectProblem(answer: LightMyRequestResponse, status: number, code: string): void {
  expect(answer.statusCode, answer.body).toBe(status)
  expect(problemDefect(answer), answer.body).toBeUndefined()
  expect(answer.json().code, answer.body).toBe(code)
}

/** The session cookie an answer set, as a `Cookie` header. */
export function sessionCookieOf(answer: LightMyRequestResponse): string {
  const header = answer.headers['set-cookie']
  const first = (Array.isArray(header) ? header[0] : header) ?? ''
  const pair = first.split(';')[0] ?? ''
  expect(pair).toMatch(/^canvass_session=cvsm_/)
  return pair
}
