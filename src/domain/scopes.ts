export const allScopes = [
  'forms:read',
  'forms:write',
  'responses:read',
  'responses:write',
  'contacts:read',
  'contacts:write',
  'webhooks:read',
  'webhooks:write',
  'invitations:read',
  'invitations:write',
  'members:read',
  'members:write',
  'tokens:read',
  'tokens:write',
  'audit:read',
] as const

export type Scope = (typeof allScopes)[number]

export function isScope(value: string): value is Scope {
  return (allScopes as readonly string[]).includes(value)
}
