import type { Scope } from './scopes.js'
import type { Role } from './team/roles.js'

// Who a request acts as: a token (a machine, or a member's own token) or a signed-in member.
// Authorisation reads only `scopes`; limits and streams count per `callerId`; the audit log
// names `actor`.

export interface Actor {
  type: 'member' | 'token'
  id: string
  name: string
}

export interface MemberOfPrincipal {
  id: string
  email: string
  name: string
  role: Role
}

export interface Principal {
  /** The token's id, or the member's id for a member's session: what limits and streams count by. */
  callerId: string
  workspaceId: string
  scopes: ReadonlySet<Scope>
  actor: Actor
  /** The token used, when the caller used one (directly or through a token's dashboard session). */
  tokenId?: string
  /** The member behind the call: signed in, or the member who made the token used. */
  member?: MemberOfPrincipal
  /** When the caller is a dashboard session: when it ends. */
  expiresAt?: number
}
