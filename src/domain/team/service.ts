import type { Clock } from '../../clock.js'
import type { Config } from '../../config.js'
import type { Database } from '../../db/database.js'
import type { Listing, MemoryBudget, Page } from '../listing.js'
import type { Principal } from '../principal.js'
import type { Scope } from '../scopes.js'
import type { DeliverySignal } from '../webhooks/signal.js'
import {
  acceptInvitation,
  type InvitationOffer,
  invitationOffer,
  inviteMember,
  listInvitations,
  type TeamInvitationView,
  withdrawInvitation,
} from './invitations.js'
import { changeRole, listMembers, type MemberView, removeMember } from './members.js'
import type { Role } from './roles.js'
import { listTokens, makeToken, type NewTokenView, revokeWorkspaceToken, type TokenView } from './tokens.js'

// The team's members, invitations and tokens, over one context's database, clock and mail.

export interface TeamService {
  members(principal: Principal, page: Page, budget: MemoryBudget): Promise<Listing<MemberView>>
  changeRole(principal: Principal, memberId: string, role: Role): Promise<MemberView>
  remove(principal: Principal, memberId: string): Promise<MemberView>
  invite(principal: Principal, input: { email: string; role: Role }): Promise<TeamInvitationView>
  invitations(principal: Principal, page: Page, budget: MemoryBudget): Promise<Listing<TeamInvitationView>>
  withdraw(principal: Principal, invitationId: string): Promise<void>
  offer(code: string): Promise<InvitationOffer>
  accept(input: {
    code: string
    name: string
    password: string
  }): Promise<{ member: MemberView; workspaceId: string }>
  tokens(principal: Principal, page: Page, budget: MemoryBudget): Promise<Listing<TokenView>>
  makeToken(principal: Principal, input: { name: string; scopes: readonly Scope[] }): Promise<NewTokenView>
  revokeToken(principal: Principal, tokenId: string): Promise<void>
}

export function teamService(ctx: {
  database: Database
  clock: Clock
  deliverySignal: DeliverySignal
  config: Config
}): TeamService {
  const { database, clock } = ctx
  const deps = { database, clock, signal: ctx.deliverySignal, config: ctx.config }
  return {
    members: (principal, page, budget) => listMembers(database.db, budget, principal.workspaceId, page),
    changeRole: (principal, memberId, role) => changeRole(database, principal, memberId, role),
    remove: (principal, memberId) => removeMember(database, principal, memberId),
    invite: (principal, input) => inviteMember(deps, principal, input),
    invitations: (principal, page, budget) =>
      listInvitations(database.db, clock, budget, principal.workspaceId, page),
    withdraw: (principal, invitationId) => withdrawInvitation(database, clock, principal, invitationId),
    offer: (code) => invitationOffer(database.db, clock, code),
    accept: (input) => acceptInvitation(database, clock, input),
    tokens: (principal, page, budget) => listTokens(database.db, budget, principal, page),
    makeToken: (principal, input) => makeToken(database.db, clock, principal, input),
    revokeToken: (principal, tokenId) => revokeWorkspaceToken(database, clock, principal, tokenId),
  }
}
