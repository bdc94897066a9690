// The roles of a workspace's members, most powerful first (docs/api.md#team); what each may do is
// in src/domain/team/roles.ts. Shared with the dashboard, which names them.

export const roles = ['owner', 'admin', 'editor', 'viewer'] as const
export type Role = (typeof roles)[number]

export function isRole(value: string): value is Role {
  return (roles as readonly string[]).includes(value)
}
