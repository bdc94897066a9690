// The hottest write, written by hand and prepared once per database (as hot-reads.ts does for
// reads): a page's post of a hosted multi-page form changes its draft's row and nothing else
// (src/domain/forms/drafts/service.ts), and building and compiling the query cost about as much
// as running it. Run outside transactions only.

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

export interface HotWrites {
  /** Writes the change (the row's version goes up by one); whether the row was as expected. */
  changeDraft(change: DraftChange): Promise<boolean>
}

/** Runs a prepared write; how many rows it changed. */
export type PreparedWrite = (params: unknown[]) => Promise<number>

/** How one engine prepares a hand-written write. */
export interface HotWriteEngine {
  prepare(text: string): PreparedWrite
  /** The placeholder of the n-th parameter (from 1). */
  placeholder(n: number): string
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
  return {
    async changeDraft(values) {
      change ??= statement()
      const all = { ...values, nextVersion: values.version + 1 }
      return (await change.run(change.names.map((name) => all[name]))) === 1
    },
  }
}
