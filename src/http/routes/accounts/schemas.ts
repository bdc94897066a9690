import { Type } from 'typebox'
import { formatTimestamp } from '../../../clock.js'
import type { MemberView } from '../../../domain/team/accounts.js'
import { MAX_PASSWORD_LENGTH } from '../../../domain/team/passwords.js'
import { roles } from '../../../shared/roles.js'
import { EMAIL_MAX } from '../../../shared/strings.js'
import { IdString, Timestamp } from '../../schemas.js'

// Schemas of a member's own account (docs/api.md#team-sign-in-and-passwords).

export const RoleSchema = Type.Union(
  roles.map((role) => Type.Literal(role)),
  { description: 'owner and admin: every scope; editor: all but members, tokens and audit; viewer: every `:read` but audit.' },
)

export const MemberSchema = Type.Object(
  {
    id: IdString,
    email: Type.String({ description: 'Lower-cased; unique across the deployment.' }),
    name: Type.String(),
    role: RoleSchema,
    created_at: Timestamp,
    last_sign_in_at: Type.Union([Timestamp, Type.Null()], { description: 'Null until it first signs in.' }),
  },
  { $id: 'Member', description: 'A person of the workspace’s team.' },
)

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
export const EmailField = Type.String({ minLength: 1, maxLength: EMAIL_MAX, description: 'An e-mail address.' })
export const NameField = Type.String({ minLength: 1, maxLength: 200, description: 'How the team sees this person.' })
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
