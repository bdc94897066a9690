import type { Clock } from '../../clock.js'
import type { OidcConfig } from '../../config.js'
import { type Db, isUniqueViolation } from '../../db/database.js'
import { newId } from '../../ids.js'
import type { Role } from '../../shared/roles.js'
import { isStorableString, storableText } from '../../shared/storable.js'
import { type OidcClient, OidcFailure, type OidcIdentity, oidcClient } from './oidc-client.js'
import { saveOidcLogin, takeOidcLogin } from './oidc-logins.js'

export { OidcFailure, type OidcFailureReason } from './oidc-client.js'

// Single sign-on (docs/api.md#single-sign-on): the provider vouches for a verified e-mail address;
// the member with that address (in any case) signs in, or, when no member has it, a new member
// joins with CANVASS_OIDC_ROLE and no password. Addresses are unique across the deployment, so a
// match names one member; a newcomer joins the workspace of the deployment's first member (the
// owner who set it up), or, before anyone has, workspace `default`, else the oldest workspace.

export interface OidcMember {
  id: string
  workspaceId: string
  email: string
  name: string
  role: Role
  /** Whether this sign-in made the member. */
  joined: boolean
}

export interface OidcService {
  /** Where to send the browser to sign in with the provider, and the state it will bring back. */
  begin(redirectUri: string, returnTo: string | null): Promise<{ url: string; state: string }>
  /** The member the provider's answer at `callbackUrl` signs in; throws OidcFailure. */
  complete(callbackUrl: URL, state: string): Promise<{ member: OidcMember; returnTo: string | null }>
  /** The workspace newcomers join, which also records sign-ins that named no member. */
  workspace(): Promise<string | undefined>
}

export function oidcService(database: { db: Db }, clock: Clock, config: OidcConfig): OidcService {
  const { db } = database
  const provider: OidcClient = oidcClient(config)
  return {
    async begin(redirectUri, returnTo) {
      const request = await provider.authorizationRequest(redirectUri)
      await saveOidcLogin(db, clock, { ...request, returnTo })
      return { url: request.url, state: request.state }
    },
    async complete(callbackUrl, state) {
      const login = await takeOidcLogin(db, clock, state)
      if (!login) {
        throw new OidcFailure('invalid_state', 'this sign-in is unknown, was used already, or has expired')
      }
      const identity = await provider.identityOf(callbackUrl, { state, ...login })
      const member = await memberOf(db, clock, verifiedEmail(identity), identity.name, config)
      return { member, returnTo: login.returnTo }
    },
    workspace: () => joiningWorkspace(db),
  }
}

function verifiedEmail(identity: OidcIdentity): string {
  if (identity.email === undefined || !identity.email.includes('@') || !isStorableString(identity.email)) {
    throw new OidcFailure('email_missing', 'the provider did not share an e-mail address', {
      subject: identity.subject,
    })
  }
  if (!identity.emailVerified) {
    // The address is not kept: nothing says it is this person's.
    throw new OidcFailure('email_unverified', 'the provider has not verified this e-mail address', {
      subject: identity.subject,
    })
  }
  return identity.email.toLowerCase()
}

/** The member with this address, or a new one with `role`; two first sign-ins at once make one. */
async function memberOf(
  db: Db,
  clock: Clock,
  email: string,
  name: string | undefined,
  config: Pick<OidcConfig, 'role' | 'allowedDomains'>,
): Promise<OidcMember> {
  const found = await memberByEmail(db, email)
  if (found) return { ...found, joined: false }
  const domain = email.slice(email.lastIndexOf('@') + 1)
  if (config.allowedDomains.length > 0 && !config.allowedDomains.includes(domain)) {
    throw new OidcFailure('domain_not_allowed', 'this address’s domain may not join by single sign-on', {
      domain,
    })
  }
  const { role } = config
  const workspaceId = await joiningWorkspace(db)
  if (workspaceId === undefined) {
    throw new OidcFailure('invalid_response', 'this deployment has no workspace to join yet')
  }
  const member = {
    id: newId('mem'),
    workspace_id: workspaceId,
    email,
    // At most 200 characters, never cut inside one, of whatever the provider sent.
    name: storableText([...(name ?? email)].slice(0, 200).join('')),
    role,
    password_hash: null,
    created_at: clock.nowMicros(),
    last_sign_in_at: null,
    password_changed_at: null,
  }
  try {
    await db.insertInto('members').values(member).execute()
  } catch (error) {
    const raced = isUniqueViolation(error) ? await memberByEmail(db, email) : undefined
    if (!raced) throw error
    return { ...raced, joined: false }
  }
  return { id: member.id, workspaceId, email, name: member.name, role, joined: true }
}

async function memberByEmail(db: Db, email: string): Promise<Omit<OidcMember, 'joined'> | undefined> {
  const row = await db
    .selectFrom('members')
    .select(['id', 'workspace_id', 'email', 'name', 'role'])
    .where('email', '=', email)
    .executeTakeFirst()
  return (
    row && { id: row.id, workspaceId: row.workspace_id, email: row.email, name: row.name, role: row.role }
  )
}

async function joiningWorkspace(db: Db): Promise<string | undefined> {
  const first = await db
    .selectFrom('members')
    .select('workspace_id')
    .orderBy('created_at')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst()
  if (first) return first.workspace_id
  const named = await db
    .selectFrom('workspaces')
    .select('id')
    .where('name', '=', 'default')
    .executeTakeFirst()
  if (named) return named.id
  const oldest = await db
    .selectFrom('workspaces')
    .select('id')
    .orderBy('created_at')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst()
  return oldest?.id
}
