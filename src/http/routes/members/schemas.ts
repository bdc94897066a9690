import { Type } from 'typebox'
import { allScopes, type Scope } from '../../../domain/scopes.js'
import { MAX_PASSWORD_LENGTH } from '../../../domain/team/passwords.js'
import { type Role, roles } from '../../../shared/roles.js'
import { PagedList, PageQuery } from '../../pagination.js'
import { IdString, ref, Timestamp } from '../../schemas.js'

// Schemas of the team's members, invitations and tokens (docs/api.md#team-members-invitations-and-tokens).

// Unsafe: a union built from the list keeps the list's type (TypeBox types only a written tuple).
export const RoleSchema = Type.Unsafe<Role>(
  Type.Union(
    roles.map((role) => Type.Literal(role)),
    {
      description:
        'owner and admin: every scope (only an owner makes, demotes or removes an owner); editor: every scope but ' +
        'members, tokens and the audit log; viewer: every `:read` scope but the audit log.',
    },
  ),
)

const ScopeSchema = Type.Unsafe<Scope>(
  Type.Union(
    allScopes.map((scope) => Type.Literal(scope)),
    { description: 'A scope: what a token or member may do.' },
  ),
)

export const MemberSchema = Type.Object(
  {
    id: Type.String(),
    email: Type.String({ description: 'Lower-cased; what the member signs in with.' }),
    name: Type.String(),
    role: RoleSchema,
    created_at: Timestamp,
    last_sign_in_at: Type.Union([Timestamp, Type.Null()], { description: 'Null until it first signs in.' }),
  },
  { $id: 'Member', description: 'A person of the workspace, with a role.' },
)

export const MemberPage = PagedList(ref(MemberSchema), 'MemberPage')

export const MemberInvitationSchema = Type.Object(
  {
    id: Type.String(),
    email: Type.String({ description: 'The address invited, lower-cased.' }),
    role: RoleSchema,
    created_at: Timestamp,
    expires_at: Timestamp,
  },
  { $id: 'MemberInvitation', description: 'A pending invitation to the team.' },
)

export const MemberInvitationPage = PagedList(ref(MemberInvitationSchema), 'MemberInvitationPage')

export const InvitationOfferSchema = Type.Object(
  { email: Type.String(), role: RoleSchema, expires_at: Timestamp },
  { description: 'What an invitation offers, for the accept page.' },
)

const tokenFields = {
  id: Type.String(),
  name: Type.String(),
  scopes: Type.Array(ScopeSchema),
  created_at: Timestamp,
  member_id: Type.Union([Type.String(), Type.Null()], {
    description:
      'The member who made it: the token acts with at most that member’s current role. Null for a ' +
      'machine’s token (made with `canvass token create`, or by such a token).',
  }),
}

export const TokenSchema = Type.Object(tokenFields, {
  $id: 'Token',
  description: 'A live API token; its secret is shown only when it is made.',
})

export const TokenPage = PagedList(ref(TokenSchema), 'TokenPage')

export const NewTokenSchema = Type.Object(
  {
    ...tokenFields,
    token: Type.String({ description: 'The secret (`cvs_…`): shown this once, never again.' }),
  },
  { $id: 'NewToken', description: 'A token just made, with its secret.' },
)

export const MemberParams = Type.Object({ member_id: IdString }, { additionalProperties: false })
export const MemberInvitationParams = Type.Object(
  { member_invitation_id: IdString },
  { additionalProperties: false },
)
export const TokenParams = Type.Object({ token_id: IdString }, { additionalProperties: false })

export const ListQuery = Type.Object(PageQuery, { additionalProperties: false })

export const RoleBody = Type.Object({ role: RoleSchema }, { additionalProperties: false })

export const InvitationBody = Type.Object(
  {
    email: Type.String({ minLength: 1, maxLength: 254, description: 'The address to invite.' }),
    role: RoleSchema,
  },
  { additionalProperties: false },
)

const Code = Type.String({
  minLength: 1,
  maxLength: 128,
  pattern: '^[A-Za-z0-9_-]+$',
  description: 'The code of the invitation link (`/app/accept?code=…`).',
})

export const CodeQuery = Type.Object({ code: Code }, { additionalProperties: false })

export const AcceptBody = Type.Object(
  {
    code: Code,
    name: Type.String({ minLength: 1, maxLength: 100, description: 'How the team will see this member.' }),
    password: Type.String({
      minLength: 1,
      maxLength: MAX_PASSWORD_LENGTH,
      description: 'At least 12 characters, and not one of the most common passwords.',
    }),
  },
  { additionalProperties: false },
)

export const NewTokenBody = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 100, description: 'What the token is for.' }),
    scopes: Type.Array(ScopeSchema, {
      minItems: 1,
      maxItems: allScopes.length,
      description: 'At most the scopes of the caller.',
    }),
  },
  { additionalProperties: false },
)

export const teamComponents = [
  MemberSchema,
  MemberPage,
  MemberInvitationSchema,
  MemberInvitationPage,
  TokenSchema,
  TokenPage,
  NewTokenSchema,
]
