// Pages as the domain hands them out. Items can be large (a form definition or a contact's data
// may be megabytes), so a page is planned first, as ids with their stored sizes, and loaded in
// batches by whoever writes it out, within its memory budget (src/http/memory.ts).

/** Which rows: `limit` is the page size plus one, the extra row only saying another page follows. */
export type Paging = { offset: number; limit: number }

export interface PlannedPage<T> {
  /** The page's rows in order, each with the bytes it takes in storage. */
  plan: { id: string; bytes: number }[]
  /** Loads some of the planned rows, in plan order. */
  load(ids: string[]): Promise<T[]>
}
