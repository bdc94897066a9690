// The hottest reads, written by hand and prepared once per database: building, compiling and
// preparing these queries cost about as much as running them, so each is only bound and run
// (on SQLite a statement on the read-only connection, on PostgreSQL a named statement, parsed
// and planned once per pooled connection). Each statement names its parameters; the order in
// which its text binds them is recorded as the text is written.

/**
 * A stored text as read for sending: on SQLite the bytes of its UTF-8 text, read as a blob
 * (Buffers are written to the socket as they are: no decoding, joining or encoding again, and
 * they live outside V8's heap, where a few-MB string would wait for a full collection); on
 * PostgreSQL the text.
 */
export type StoredText = string | Buffer

/** A page read whole: its items joined by commas, as one value, and whether another page follows. */
export interface JoinedPage {
  items: StoredText
  more: boolean
}

/** One page of a form's responses, newest or oldest first, by their gap-free positions. */
export interface ResponsePageQuery {
  workspaceId: string
  formId: string
  order: 'asc' | 'desc'
  /** The page (from 1) and its size, as asked for: the statement computes the range. */
  page: number
  page_size: number
  /** The page is read only when no item of the form is larger than this. */
  hotItemBytes: number
}

export interface HotReads {
  /**
   * The items of one index range of positions (`item_json`, see docs/architecture.md#storage):
   * joined into one value where the engine joins them cheaply, else as rows, one more than the
   * page size when another page follows. Undefined when this read does not apply (the form is
   * not the workspace's, holds an item over `hotItemBytes`, or the page is empty) or the joined
   * items came out of order: the caller reads the page the general way then.
   */
  responsePage(query: ResponsePageQuery): Promise<JoinedPage | StoredText[] | undefined>
  /** A form's version and count of positions as `<updated_at>:<last_seq>`; undefined if none. */
  formHead(formId: string): Promise<string | undefined>
}

/** Runs a read-only statement, each row as the array of its columns. */
export type PreparedRead = (params: unknown[]) => unknown[][] | Promise<unknown[][]>

/** How one engine prepares and binds a hand-written statement, and how it reads a page best. */
export interface HotReadEngine {
  prepare(text: string): PreparedRead
  /** The placeholder of the n-th parameter (from 1). */
  placeholder(n: number): string
  /**
   * Whether a page is read as one value joined by the database. On SQLite that halves the read of
   * 1,000 rows and leaves one object to collect instead of a thousand; on PostgreSQL the same
   * aggregate cost the server more than sending the rows (its CPU is shared with Canvass's;
   * docs/performance.md, page-walk).
   */
  joinedPages: boolean
}

interface NamedStatement<N extends string> {
  text: string
  /** The parameters in the order the text binds them. */
  names: readonly N[]
}

/** A statement written by `write`, each parameter by name through `p`. */
function named<N extends string>(
  engine: HotReadEngine,
  write: (p: (name: N) => string) => string,
): NamedStatement<N> {
  const names: N[] = []
  const text = write((name) => {
    names.push(name)
    return engine.placeholder(names.length)
  })
  return { text, names }
}

type PageParameter = 'workspaceId' | 'formId' | 'page' | 'page_size' | 'hotItemBytes'

/**
 * The page's statement. Its form's row is checked in it (the workspace, and that every item is
 * small enough for the page to be read in one go). Joined, the aggregate has no ORDER BY of its
 * own: SQLite would sort the items again (slower than reading them as rows), and it aggregates a
 * sorted subquery in its order without promising it. So the positions are aggregated in the same
 * pass, and checked (pageEnd): a page out of order is read again as rows by the caller.
 *
 * Joined, the page is the range of its positions (they are gap-free, and pageEnd checks it), not a
 * LIMIT: SQLite plans with the value bound to a LIMIT parameter, so a statement with one is parsed
 * and planned again at every run (3.53; list-page spent a third of its database time on it).
 */
function pageStatement(engine: HotReadEngine, order: 'asc' | 'desc'): NamedStatement<PageParameter> {
  return named<PageParameter>(engine, (p) => {
    const form = () =>
      `select last_seq from forms where id = ${p('formId')} and workspace_id = ${p('workspaceId')} and max_item_bytes <= ${p('hotItemBytes')}`
    // The positions before the page, in its order.
    const skip = () => `(cast(${p('page')} as bigint) - 1) * ${p('page_size')}`
    if (!engine.joinedPages) {
      // As rows, one more than the page: whether another follows.
      const range = () =>
        order === 'desc'
          ? `"form_id" = ${p('formId')} and "seq" <= (${form()}) - ${skip()} order by "seq" desc`
          : `"form_id" = ${p('formId')} and "seq" > ${skip()} and exists (${form()}) order by "seq" asc`
      return `select item_json as "item_json" from "responses" where ${range()} limit ${p('page_size')} + 1`
    }
    // Joined, the page is its own items (whether more follow is read off last_seq). Placeholders
    // are numbered as written, so each part is written where it stands in the text.
    const range = () =>
      order === 'desc'
        ? `"form_id" = ${p('formId')} and "seq" <= (${form()}) - ${skip()} and "seq" > (${form()}) - ${skip()} - ${p('page_size')} order by "seq" desc`
        : `"form_id" = ${p('formId')} and "seq" > ${skip()} and "seq" <= ${skip()} + ${p('page_size')} and exists (${form()}) order by "seq" asc`
    return (
      `select cast(group_concat(item_json, ',') as blob) as "items", group_concat(seq, ',') as "positions", ` +
      `(${form()}) as "last_seq" from (select "seq", "item_json" from "responses" where ${range()}) as "page"`
    )
  })
}

/** The hot reads of one database, each statement prepared on first use and kept. */
export function hotReads(engine: HotReadEngine): HotReads {
  const pages: Partial<Record<'asc' | 'desc', { names: readonly PageParameter[]; run: PreparedRead }>> = {}
  let head: PreparedRead | undefined
  return {
    async responsePage(query) {
      let page = pages[query.order]
      if (!page) {
        const statement = pageStatement(engine, query.order)
        page = { names: statement.names, run: engine.prepare(statement.text) }
        pages[query.order] = page
      }
      const rows = await page.run(page.names.map((name) => query[name]))
      if (!engine.joinedPages) return rows.length > 0 ? rows.map((row) => row[0] as StoredText) : undefined
      const [items, positions, lastSeq] = rows[0] ?? []
      if (items === null || items === undefined || typeof positions !== 'string') return undefined
      const last = Number(lastSeq)
      const skip = (query.page - 1) * query.page_size
      const first = query.order === 'desc' ? last - skip : skip + 1
      const end = pageEnd(positions, first, query.order === 'desc' ? -1 : 1)
      if (end === undefined) return undefined
      return { items: items as StoredText, more: query.order === 'desc' ? end > 1 : end < last }
    },
    async formHead(formId) {
      head ??= engine.prepare(
        `select updated_at || ':' || last_seq from forms where id = ${engine.placeholder(1)}`,
      )
      const [row] = await head([formId])
      return typeof row?.[0] === 'string' ? row[0] : undefined
    },
  }
}

/**
 * The last position of a page whose aggregated `positions` ("7,6,5") are `first` and the ones
 * after it, one `step` at a time (positions are gap-free); undefined when they are not.
 */
export function pageEnd(positions: string, first: number, step: 1 | -1): number | undefined {
  const seqs = positions.split(',')
  for (const [index, seq] of seqs.entries()) if (Number(seq) !== first + index * step) return undefined
  return first + (seqs.length - 1) * step
}
