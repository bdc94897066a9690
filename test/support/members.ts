import { hashPassword } from '../../src/domain/team/passwords.js'
import type { Role } from '../../src/domain/team/roles.js'
import { newId } from '../../src/ids.js'
import type { TestContext } from './context.js'

// Members for tests: added straight to the database (the sign-up flows have tests of their own),
// and signed in by starting a session the way the sign-in routes do.

export interface TestMember {
  id: string
  email: string
  name: string
  role: Role
  password: string
  /** `Cookie` header of a live session of this member (over http: `canvass_session`). */
  cookie: string
}

let counter = 0

export async function addMember(
  ctx: TestContext,
  options: { role: Role; email?: string; name?: string; password?: string; workspaceId?: string } = {
    role: 'editor',
  },
): Promise<TestMember> {
  counter += 1
  const email = (options.email ?? `member-${counter}-${Date.now()}@example.com`).toLowerCase()
  const name = options.name ?? `Member ${counter}`
  const password = options.password ?? `correct horse battery ${counter}`
  const id = newId('mem')
  await ctx.database.db
    .insertInto('members')
    .values({
      id,
      workspace_id: options.workspaceId ?? ctx.workspaceId,
      email,
      name,
      role: options.role,
      password_hash: await hashPassword(password),
      created_at: ctx.clock.nowMicros(),
      last_sign_in_at: null,
      password_changed_at: ctx.clock.nowMicros(),
    })
    .execute()
  const session = await ctx.appContext.sessions.startMember(id, 3600 * 1_000_000)
  return { id, email, name, role: options.role, password, cookie: `canvass_session=${session.secret}` }
}

/** Headers for a write made with a member's cookie: same origin and the CSRF header (docs/api.md#dashboard-sessions). */
export function cookieWriteHeaders(member: { cookie: string }): Record<string, string> {
  return { cookie: member.cookie, origin: 'http://localhost:80', 'x-canvass-csrf': '1' }
}
