// The hottest writes, written by hand and prepared once per database (as hot-reads.ts does for
// reads): a page's post of a hosted multi-page form changes its draft's row and nothing else
// (src/domain/forms/drafts/service.ts), and building and compiling the query cost about as much
// as running it; the audit log adds a row for every page of responses listed
// (src/domain/audit/log.ts), where building a many-row INSERT in Kysely cost more garbage and time
// than the page itself. Run outside transactions only.

/** A draft's change, written only if the row is still `version` under this token and open. */
export interface DraftChange {
  id: string
  tokenDigest: string
  version: number
  answersJson: string
  hiddenJson: string
  lastPage: string | null
  updatedAt: number
}

/**
 * The columns of an audit event, in the order `addAuditEvents` takes them: each event is a JSON
 * array of these values (`at` a number, `details` a JSON text or null).
 */
export const AUDIT_EVENT_COLUMNS = [
  'id',
  'workspace_id',
  'at',
  'actor_type',
  'actor_id',
  'actor_name',
  'action',
  'target_type',
  'target_id',
  'address',
  'details',
] as const

export interface HotWrites {
  /** Writes the change (the row's version goes up by one); whether the row was as expected. */
  changeDraft(change: DraftChange): Promise<boolean>
  /**
   * Adds audit events, given as one JSON array of rows, each an array in AUDIT_EVENT_COLUMNS order:
   * one statement and one parameter however many there are.
   */
  addAuditEvents(rowsJson: string): Promise<number>
}

/** Runs a prepared write; how many rows it changed. */
export type PreparedWrite = (params: unknown[]) => Promise<number>

/** How one engine prepares a hand-written write. */
export interface HotWriteEngine {
  prepare(text: string): PreparedWrite
  /** The placeholder of the n-th parameter (from 1). */
  placeholder(n: number): string
  /** A FROM item of the elements of a JSON array parameter, each as the column `value`. */
  jsonElements(parameter: string): string
  /** The element `index` of a JSON array `value`, as text, or as a 64-bit integer. */
  jsonItem(index: number, type: 'text' | 'bigint'): string
}

type ChangeParameter = keyof DraftChange | 'nextVersion'

export function hotWrites(engine: HotWriteEngine): HotWrites {
  let change: { names: ChangeParameter[]; run: PreparedWrite } | undefined
  const statement = () => {
    const names: ChangeParameter[] = []
    const p = (name: ChangeParameter) => {
      names.push(name)
      return engine.placeholder(names.length)
    }
    const text =
      `update drafts set answers_json = ${p('answersJson')}, hidden_json = ${p('hiddenJson')}, ` +
      `last_page = ${p('lastPage')}, updated_at = ${p('updatedAt')}, version = ${p('nextVersion')} ` +
      `where id = ${p('id')} and token_digest = ${p('tokenDigest')} and version = ${p('version')} and ended_at is null`
    return { names, run: engine.prepare(text) }
  }
  let audit: PreparedWrite | undefined
  const auditStatement = () => {
    const values = AUDIT_EVENT_COLUMNS.map((column, index) =>
      engine.jsonItem(index, column === 'at' ? 'bigint' : 'text'),
    )
    return engine.prepare(
      `insert into audit_events (${AUDIT_EVENT_COLUMNS.join(', ')}) ` +
        `select ${values.join(', ')} from ${engine.jsonElements(engine.placeholder(1))}`,
    )
  }
  return {
    addAuditEvents(rowsJson) {
      audit ??= auditStatement()
      return audit([rowsJson])
    },
    async changeDraft(values) {
      change ??= statement()
      const all = { ...values, nextVersion: values.version + 1 }
      return (await change.run(change.names.map((name) => all[name]))) === 1
    },
  }
}
