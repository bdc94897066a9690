import { Type } from 'typebox'
import { formatTimestamp } from '../../../clock.js'
import type { MemberView } from '../../../domain/team/accounts.js'
import { MAX_PASSWORD_LENGTH } from '../../../domain/team/passwords.js'
import { EMAIL_MAX } from '../../../shared/strings.js'

// Schemas of a member's own account (docs/api.md#team-sign-in-and-passwords).

export { MemberSchema, RoleSchema } from '../members/schemas.js'

export function memberJson(member: MemberView) {
  return {
    id: member.id,
    email: member.email,
    name: member.name,
    role: member.role,
    created_at: formatTimestamp(member.createdAt),
    last_sign_in_at: member.lastSignInAt === null ? null : formatTimestamp(member.lastSignInAt),
  }
}

/** Bounded before any work: a longer text is refused without hashing it. */
export const EmailField = Type.String({
  minLength: 1,
  maxLength: EMAIL_MAX,
  description: 'An e-mail address.',
})
export const NameField = Type.String({
  minLength: 1,
  maxLength: 200,
  description: 'How the team sees this person.',
})
export const NewPasswordField = Type.String({
  minLength: 1,
  maxLength: MAX_PASSWORD_LENGTH,
  description: `At least 12 characters and at most ${MAX_PASSWORD_LENGTH}, not among the most common passwords.`,
})
/** A password given to prove who one is: never longer than a new one may be. */
export const PasswordField = Type.String({ minLength: 1, maxLength: MAX_PASSWORD_LENGTH })
export const CodeField = Type.String({ minLength: 1, maxLength: 128, description: 'The code from the link.' })

export const problem = (description: string) => ({
  description,
  content: { 'application/problem+json': { schema: { $ref: 'Problem#' } } },
})
