import { type Role, roles } from '../../../../src/shared/roles'

// Roles as the dashboard names them, and why a role cannot do something (the reason a disabled
// control shows: "Viewers can't create forms").

export { type Role, roles }

const labels: Record<Role, string> = { owner: 'Owner', admin: 'Admin', editor: 'Editor', viewer: 'Viewer' }

export function roleLabel(role: Role): string {
  return labels[role] ?? role
}

/** "an owner", "a viewer": the role in a sentence. */
export function withArticle(role: Role): string {
  return `${role === 'viewer' ? 'a' : 'an'} ${role}`
}

/** What each role may do, in a line, for the role select's hint. */
export const roleSummary: Record<Role, string> = {
  owner: 'everything, and owners',
  admin: 'everything but owners',
  editor: 'forms, responses, contacts, invitations, webhooks',
  viewer: 'reads everything but the audit log',
}

/**
 * Why the caller cannot `action` ("create forms"): its role ("Viewers can't create forms"), or
 * its token when it signed in with one.
 */
export function reasonFor(role: Role | undefined, action: string): string {
  if (!role) return `This token can't ${action}`
  return `${labels[role]}s can't ${action}`
}
