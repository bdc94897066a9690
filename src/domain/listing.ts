import type { SelectQueryBuilder } from 'kysely'
import { chunksOf } from '../chunks.js'
import type { Db } from '../db/database.js'
import { loadedStringBytes, loadedTextBytes } from '../db/fragments.js'
import type { StoredText } from '../db/hot-reads.js'
import { conflict } from './errors.js'

// The one listing pipeline (docs/architecture.md#listings). Whatever lists stored items (a page of
// responses, forms or contacts; a responses export) is handed out by the domain as a Listing:
// batches of items in order, each read only once its bytes fit in the process's memory budget
// (CANVASS_LIST_MEMORY) and held until the one writer, src/http/listings.ts, has written it. Items
// may be large (a 4 MiB response or form definition, a contact with ~200 KB of data): a page of
// 1000 responses of 4 MB each is 4 GB, so concurrent large answers wait for room instead of
// exhausting the heap (issue 11). What an item holds once read is counted here, by `loadedBytes`.

/** A page as asked for: validated once, by the route's schema, and passed as it is down to SQL. */
export interface Page {
  /** From 1. */
  page: number
  /** 1..1000. */
  page_size: number
}

/** A stored JSON text, as read to be sent as it is (SQLite's bytes, PostgreSQL's text). */
export type StoredJson = StoredText

/** Items read; `held` bytes of the budget stay taken until the writer gives them back. */
export interface Batch<T> {
  items: T[]
  held: number
}

export interface Listing<T> {
  /** Another page follows (an export: never). */
  more: boolean
  /**
   * The items, in order: one batch read already (a page read in one query, which the writer may
   * send as one value), or batches read one at a time as the writer asks for the next; none is
   * read once `gone` has fired (the client went away while the batch waited for room).
   */
  batches: [Batch<T>] | ((gone: AbortSignal) => AsyncIterable<Batch<T>>)
}

/** What reading an item of `bytes` stored bytes holds in memory, by how it is read: the one cost model. */
export const loadedBytes = {
  /**
   * A stored JSON text read to be sent as it is: twice its bytes on SQLite, three times on
   * PostgreSQL (`loadedTextBytes`, src/db/fragments.ts, says why).
   */
  text: (db: Db, bytes: number): number => loadedTextBytes(db, bytes),
  /** A stored JSON text read as a string, to be copied into the writer's pool (`loadedStringBytes`). */
  string: (db: Db, bytes: number): number => loadedStringBytes(db, bytes),
  /**
   * A row read into an object to be serialised by the route: the row, the object and its
   * serialised text, which escaping can make up to twice as long; 512 bytes for the rest of it.
   */
  object: (bytes: number): number => 3 * bytes + 512,
}

// A form whose stored items are all at most this size has a page read in one query into one value
// (the common case: ~1.7 KB items): a page of 1000 then holds at most 16 MB as stored, counted at
// what loading it holds. The live stream reads such items with their rows too.
const HOT_ITEM_BYTES = 16 * 1024

/**
 * The largest item that `rows` rows read in one query may each be: at most HOT_ITEM_BYTES, and no
 * more than lets them all fit in the budget once loaded (`rowBytes`). With a budget under ~32 MB
 * (~48 MB on PostgreSQL; CANVASS_LIST_MEMORY may be 1 MiB) a full page of 16 KB items would not
 * fit: larger items are then read in batches.
 */
export function smallItemBytes(
  budget: MemoryBudget,
  rows: number,
  rowBytes: (bytes: number) => number,
): number {
  return Math.min(HOT_ITEM_BYTES, Math.floor(budget.limit / rowBytes(rows)))
}

/** The process's budget of bytes for stored items being read and written (CANVASS_LIST_MEMORY). */
export class MemoryBudget {
  #used = 0
  readonly #waiting: { bytes: number; grant: () => void }[] = []

  /** `limit`: bytes held at once; `batchBytes`: the most one answer takes at a time. */
  constructor(
    readonly limit: number,
    readonly batchBytes = Math.floor(limit / 4),
  ) {}

  /** Waits until `bytes` fit (first come, first served). Callers never ask for more than `limit`. */
  take(bytes: number): Promise<void> | undefined {
    if (this.#waiting.length === 0 && this.#used + bytes <= this.limit) {
      this.#used += bytes
      return undefined
    }
    return new Promise((grant) => {
      this.#waiting.push({ bytes, grant })
    })
  }

  give(bytes: number): void {
    this.#used -= bytes
    for (
      let next = this.#waiting[0];
      next && this.#used + next.bytes <= this.limit;
      next = this.#waiting[0]
    ) {
      this.#waiting.shift()
      this.#used += next.bytes
      next.grant()
    }
  }

  /** A conflict when one item would hold more than the whole budget: no answer could ever hold it. */
  refuseLarger(bytes: number, what: string): void {
    if (bytes > this.limit) {
      throw conflict(
        `${what} is ${bytes} bytes, more than this server holds in memory for answers at once ` +
          `(CANVASS_LIST_MEMORY=${this.limit}); an operator can raise it`,
      )
    }
  }

  /** Runs `read` holding `bytes`; given back if it fails, else the caller's to give back. */
  async holding<T>(bytes: number, read: () => Promise<T>): Promise<T> {
    await this.take(bytes)
    return readHolding(this, bytes, read)
  }
}

/** The rows a page reads: its own, and one more, which only says that another page follows. */
export const rowsRead = (page: Page): number => page.page_size + 1

/** The rows before the page, in its order. */
export const rowsBefore = (page: Page): number => (page.page - 1) * page.page_size

/** The query's rows on `page` (rowsRead of them, after rowsBefore). */
export function pageRows<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  page: Page,
): SelectQueryBuilder<DB, TB, O> {
  return query.limit(rowsRead(page)).offset(rowsBefore(page))
}

/** A page read whole, `held` bytes with it: one batch, `rows` holding one more when another page follows. */
export function readPage<T>(page: Page, rows: T[], held: number): Listing<T> {
  const more = rows.length > page.page_size
  return { more, batches: [{ items: more ? rows.slice(0, page.page_size) : rows, held }] }
}

/** Takes `bytes` once they fit; false, holding nothing, when the client has gone meanwhile. */
async function taken(budget: MemoryBudget, bytes: number, gone: AbortSignal): Promise<boolean> {
  await budget.take(bytes)
  if (!gone.aborted) return true
  budget.give(bytes)
  return false
}

/** `read`'s batch, its `held` bytes given back if it fails. */
async function readHolding<T>(budget: MemoryBudget, held: number, read: () => Promise<T>): Promise<T> {
  try {
    return await read()
  } catch (error) {
    budget.give(held)
    throw error
  }
}

/**
 * A page planned as rows with their stored sizes (`pageRows`: one more when another page follows),
 * read in batches of at most the budget's batch size. A conflict naming the row (`what`), before
 * anything is read, when one row alone would hold more than the whole budget; so a batch, which
 * holds one such row alone (chunksOf) or rows of at most batchBytes together, never asks for more.
 */
export function plannedPage<R extends { bytes: number }, T>(
  budget: MemoryBudget,
  page: Page,
  plan: R[],
  cost: (bytes: number) => number,
  load: (rows: R[]) => Promise<T[]>,
  what: (row: R) => string,
): Listing<T> {
  const rows = plan.slice(0, page.page_size)
  const size = (row: R) => cost(Number(row.bytes))
  for (const row of rows) budget.refuseLarger(size(row), what(row))
  return {
    more: plan.length > page.page_size,
    batches: async function* (gone) {
      for (const batch of chunksOf(rows, { bytes: budget.batchBytes, size })) {
        const held = batch.reduce((sum, row) => sum + size(row), 0)
        if (!(await taken(budget, held, gone))) return
        yield { items: await readHolding(budget, held, () => load(batch)), held }
      }
    },
  }
}

/** A page of objects planned by id with their stored sizes (plannedPage), each object serialised by the route. */
export function plannedObjects<T>(
  budget: MemoryBudget,
  page: Page,
  plan: { id: string; bytes: number }[],
  load: (ids: string[]) => Promise<T[]>,
): Listing<T> {
  return plannedPage(
    budget,
    page,
    plan,
    loadedBytes.object,
    (rows) => load(rows.map((row) => row.id)),
    (row) => `item ${row.id}`,
  )
}

/** Batches read one after another, each holding `held` (`read` answers undefined when there are no more). */
export function readBatches<T>(
  budget: MemoryBudget,
  held: number,
  read: () => Promise<T[] | undefined>,
): Listing<T> {
  return {
    more: false,
    batches: async function* (gone) {
      for (;;) {
        if (!(await taken(budget, held, gone))) return
        const items = await readHolding(budget, held, read)
        if (items === undefined) return budget.give(held)
        yield { items, held }
      }
    },
  }
}
