import type { Role } from '../../shared/roles.js'
import { allScopes, type Scope } from '../scopes.js'

export { isRole, type Role, roles } from '../../shared/roles.js'

// Members act with the scopes of their role (CONTRACT.md section 13), so one authorisation check
// serves tokens and people alike. A viewer reads everything but the audit log; an editor does
// everything but manage the team, its tokens and the audit log; an admin has every scope; an
// owner has every scope and ownership: only an owner makes or unmakes another owner.

const teamScopes: readonly Scope[] = [
  'members:read',
  'members:write',
  'tokens:read',
  'tokens:write',
  'audit:read',
]

const scopesByRole: Record<Role, ReadonlySet<Scope>> = {
  owner: new Set(allScopes),
  admin: new Set(allScopes),
  editor: new Set(allScopes.filter((scope) => !teamScopes.includes(scope))),
  viewer: new Set(allScopes.filter((scope) => scope.endsWith(':read') && scope !== 'audit:read')),
}

export function scopesOfRole(role: Role): ReadonlySet<Scope> {
  return scopesByRole[role]
}
