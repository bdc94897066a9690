// Contact lists, their contacts and the stored answers of idempotent bulk adds.
// Timestamps are integer microseconds; JSON is text.

export interface ContactListsTable {
  id: string
  workspace_id: string
  name: string
  /** Kept in the same transactions that add or remove contacts. */
  contact_count: number
  created_at: number
  updated_at: number
}

export interface ContactsTable {
  id: string
  list_id: string
  /** The address as given, trimmed. */
  email: string
  /** The lower-cased address: unique per list, so an address is on a list at most once. */
  email_key: string
  name: string
  /** The data object as JSON text, as returned. */
  data: string
  created_at: number
  updated_at: number
}

export interface ContactIdempotencyKeysTable {
  workspace_id: string
  key: string
  list_id: string
  /** SHA-256 (hex) of the canonical JSON of the request body. */
  request_digest: string
  status_code: number
  /** The first answer's body, replayed as is. */
  response_body: string
  created_at: number
}

export interface ContactsTables {
  contact_lists: ContactListsTable
  contacts: ContactsTable
  contact_idempotency_keys: ContactIdempotencyKeysTable
}
