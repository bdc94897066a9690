import type { Generated } from 'kysely'

// Forms and their responses. Timestamps are integer microseconds; JSON is text.

export interface FormsTable {
  id: string
  workspace_id: string
  title: string
  /** `{questions, hidden, variables}` as JSON text. */
  definition: string
  /** The position of the newest response; positions are gap-free, so this is also the count. */
  last_seq: number
  /** submitted_at of the newest response ever stored (0 before the first). */
  last_submitted_at: number
  /** submitted_at of the newest response the form still has (0 when it has none). */
  last_response_at: number
  /** Byte length (UTF-8) of the largest response item ever stored for the form; 0 before the first. */
  max_item_bytes: Generated<number>
  created_at: number
  updated_at: number
}

export interface ResponsesTable {
  id: string
  form_id: string
  /** Position in the form's submission order: 1, 2, 3, ... without gaps. */
  seq: number
  submitted_at: number
  /** The response exactly as listed (`{id, submitted_at, answers, hidden, variables}`), computed once. */
  item_json: string
}

/** A response's searchable text, folded (src/domain/forms/responses/search.ts); none when it has no text. */
export interface ResponseSearchTable {
  response_id: string
  form_id: string
  search_text: string
}

/** A respondent's answers so far (docs/api.md#drafts); answers and hidden as given, by id and name. */
export interface DraftsTable {
  id: string
  form_id: string
  /** SHA-256 of the resume token, base64url: the token itself is never stored. */
  token_digest: string
  /** `{"<question_id>": value}` as JSON text, every answer kept, on the path or not. */
  answers_json: string
  /** `{"<name>": "value"}` as JSON text. */
  hidden_json: string
  /** The last page of the draft's path so far (docs/api.md#drafts); null for a form without questions. */
  last_page: string | null
  started_at: number
  updated_at: number
  /** 0 when started, one more at each change: a change holds only on the version it read. */
  version: number
  /** When it was completed; an ended draft is found by no token and listed nowhere. */
  ended_at: number | null
  /** The response its completion stored. */
  response_id: string | null
  /**
   * The recipient whose personal link started it (docs/api.md#personal-links); null for a draft
   * of /f, and once completed on an anonymous form.
   */
  recipient_id: string | null
}

export interface FormsTables {
  forms: FormsTable
  responses: ResponsesTable
  response_search: ResponseSearchTable
  drafts: DraftsTable
  files: FilesTable
}

/** An uploaded file (docs/api.md#file-uploads); its bytes at CANVASS_FILES_DIR/<form_id>/<id>. */
export interface FilesTable {
  id: string
  form_id: string
  question_id: string
  /** The response whose answer claimed it; null until one does. */
  response_id: string | null
  /** The name the respondent's device gave, made safe to show (src/domain/files/names.ts). */
  name: string
  size: number
  /** The type its bytes show (sniffed), not the one the client claimed. */
  type: string
  /** Keys its signed links (src/domain/files/links.ts). */
  secret: string
  created_at: number
}
