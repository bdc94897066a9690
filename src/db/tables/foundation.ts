// Timestamps are integer microseconds since the epoch on both databases; booleans are 0/1.
export interface WorkspacesTable {
  id: string
  name: string
  created_at: number
}

export interface ApiTokensTable {
  id: string
  workspace_id: string
  name: string
  /** SHA-256 of the plain token, hex. The plain token is never stored. */
  digest: string
  /** Space-separated scopes. */
  scopes: string
  created_at: number
  revoked_at: number | null
  /** The member who made it: the token acts with at most that member's current scopes, and dies with it. */
  member_id: string | null
}

export interface SessionsTable {
  id: string
  /** SHA-256 of the session cookie's secret, hex. */
  digest: string
  token_id: string
  created_at: number
  expires_at: number
}

export interface FoundationTables {
  workspaces: WorkspacesTable
  api_tokens: ApiTokensTable
  sessions: SessionsTable
}
