import type { IncomingMessage, ServerResponse } from 'node:http'
import type { FastifyBaseLogger } from 'fastify'
import { chunksOf } from '../../../chunks.js'
import type { Clock } from '../../../clock.js'
import type { LiveFeed, PlannedResponse } from '../../../domain/insights/live.js'
import type { MemoryBudget, StoredJson } from '../../../domain/listing.js'
import { pieces } from '../../../pieces.js'
import { clientGone } from '../../client-gone.js'

// One client's response stream (docs/api.md#response-stream). It keeps a cursor, the submission
// time of the last response it sent (unique and increasing within a form, and unchanged by
// deletions), and on every wake-up (live.ts) or heartbeat sends what was stored after it, oldest
// first: each response once, in order, whichever process stored it. The texts are read in batches
// under the process's budget for stored items (CANVASS_LIST_MEMORY, as pages are) and written a
// piece at a time as the client takes them, so a client that does not read holds one batch at
// most. It ends when its caller's token or session stops being valid, when its form is deleted
// and when it reaches its longest life (CANVASS_STREAM_MAX_SECONDS).

/** Responses read at a time: with their texts when the form's are small, else planned and loaded in batches. */
export const PLAN_ROWS = 100
/** With the 2 s the credential caches keep an answer, a revocation ends a stream within 5 s (SECURITY.md). */
const CALLER_CHECK_MS = 2000
/** How long an ended stream's client has to take what is still buffered before the connection is cut. */
const GRACE_MS = 5000

export const endNotes = {
  caller: 'the token or session of this stream is no longer valid',
  form: 'the form of this stream has been deleted',
  lifetime: 'this stream reached its longest life (CANVASS_STREAM_MAX_SECONDS): resume with Last-Event-ID',
  stopping: 'the server is stopping: resume with Last-Event-ID',
}

/**
 * What a stream holds (its slot, timers, follower), let go of once: when the client has gone
 * (client-gone.ts: also an answer queued on a pipelined connection, which never closes) or the
 * stream ends. Made before the handler's first await, so a hang-up at any point frees everything.
 */
export class Holdings {
  /** Aborted once the client has gone. */
  readonly clientGone: AbortSignal
  private readonly releases: (() => void)[] = []
  private readonly ended = new AbortController()

  constructor(request: IncomingMessage, response: ServerResponse) {
    this.clientGone = clientGone(request, response)
    // The client may have gone before the handler ran (while its credentials were looked up).
    if (this.clientGone.aborted) this.release()
    else this.clientGone.addEventListener('abort', () => this.release(), { once: true })
  }

  /** Aborted once the stream is over: the client has gone, or the stream has ended. */
  get signal(): AbortSignal {
    return this.ended.signal
  }

  get over(): boolean {
    return this.ended.signal.aborted
  }

  /** How to let go of what was just taken; run at once when the stream is already over. */
  hold(release: () => void): void {
    if (this.over) release()
    else this.releases.push(release)
  }

  release(): void {
    if (this.over) return
    this.ended.abort()
    for (const release of this.releases.splice(0).reverse()) release()
  }
}

/** How a read or a batch went: written, the stream is over, or a deletion calls for a new plan. */
type Sent = 'sent' | 'over' | 'replan'

export interface LiveStreamOptions {
  raw: ServerResponse
  holdings: Holdings
  live: LiveFeed
  budget: MemoryBudget
  /** Bytes an item of `bytes` stored bytes holds once loaded (counted as pages count it). */
  loadedBytes(bytes: number): number
  /** The listing's small-item bound for PLAN_ROWS items: a form whose items are all this small is read in one query. */
  smallItemBytes: number
  /** Whether the caller's token or session is still valid (through the request caches). */
  callerStillValid(): Promise<boolean>
  workspaceId: string
  formId: string
  /** Send what was stored after this submission time. */
  cursor: number
  /** Times the heartbeat, the caller checks, the lifetime and stalls (the context's clock). */
  clock: Clock
  heartbeatMs: number
  lifetimeMs: number
  /** How long a write may wait for the client to take it before the stream is cut. */
  stallMs: number
  log: FastifyBaseLogger
}

export class LiveStream {
  private cursor: number
  private pumping = false
  private again = false
  private formCheckDue = false
  private inEvent = false
  /** A caller check is waiting for the database: the next tick starts none of its own. */
  private checking = false
  /** The largest item a read may bring with its plan (reserved for before it): the form's, as last seen. */
  private itemBound: number
  /** Why the stream ends once the event being written is out (its longest life). */
  private endAfterEvent: string | undefined

  constructor(private readonly options: LiveStreamOptions) {
    this.cursor = options.cursor
    this.itemBound = options.smallItemBytes
  }

  /** Sends the headers and starts following the form; everything it starts is held by `holdings`. */
  start(headers: Record<string, string>): void {
    const { raw, holdings, live, formId, clock, heartbeatMs, lifetimeMs } = this.options
    raw.writeHead(200, headers)
    raw.write(': stream open\n\n')
    holdings.hold(live.follow(formId, () => void this.pump()))
    holdings.hold(
      clock.every(heartbeatMs, () => {
        // Also while a read waits for the database or for room in the budget; never inside an event.
        if (!this.inEvent && !this.isOver()) raw.write(': keep-alive\n\n')
        this.formCheckDue = true
        void this.pump()
      }),
    )
    holdings.hold(clock.every(CALLER_CHECK_MS, () => void this.checkCaller()))
    holdings.hold(clock.after(lifetimeMs, () => this.endBetweenEvents(endNotes.lifetime)))
    void this.pump()
  }

  /**
   * Ends the stream and lets go of what it holds. Between events the client reads why, in a comment;
   * an event being written is cut, and a client discards it (it resumes after the last whole one).
   */
  end(note: string): void {
    const { raw, holdings } = this.options
    if (holdings.over) return
    holdings.release()
    if (raw.destroyed) return
    if (!this.inEvent) raw.write(`: ${note}\n\n`)
    raw.end()
    // A client that does not read would otherwise keep the connection, and what is buffered for it.
    const cut = setTimeout(() => raw.destroy(), GRACE_MS)
    holdings.clientGone.addEventListener('abort', () => clearTimeout(cut), { once: true })
  }

  /** Ends the stream once the event being written is out; cut after a grace if the client does not take it. */
  private endBetweenEvents(note: string): void {
    if (!this.inEvent) {
      this.end(note)
      return
    }
    this.endAfterEvent = note
    const cut = setTimeout(() => this.end(note), GRACE_MS)
    this.options.holdings.hold(() => clearTimeout(cut))
  }

  private async checkCaller(): Promise<void> {
    if (this.checking) return
    this.checking = true
    try {
      if (!(await this.options.callerStillValid())) this.end(endNotes.caller)
    } finally {
      this.checking = false
    }
  }

  /** One reader at a time; a wake-up during a read makes it read again. */
  private async pump(): Promise<void> {
    if (this.pumping) {
      this.again = true
      return
    }
    this.pumping = true
    try {
      do {
        this.again = false
        await this.sendNew()
      } while (this.again && !this.isOver())
    } catch (error) {
      if (!this.isOver()) {
        this.options.log.warn({ err: error }, 'response stream: read failed; retrying at the next wake-up')
      }
    } finally {
      this.pumping = false
    }
  }

  private async sendNew(): Promise<void> {
    const { live, workspaceId, formId } = this.options
    if (this.formCheckDue) {
      this.formCheckDue = false
      // A deletion wakes no stream: the heartbeat looks for the form.
      if ((await live.newest(workspaceId, formId)) === undefined) return this.end(endNotes.form)
    }
    for (;;) {
      const { rows, held } = await this.readNext()
      const sent = rows.every((row) => row.json !== undefined)
        ? await this.sendRead(rows, held)
        : await this.sendPlanned(rows)
      if (sent === 'over' || (sent === 'sent' && rows.length < PLAN_ROWS)) return
    }
  }

  /**
   * What was stored after the cursor, in one query: with the texts when the form's items are all
   * small (the listing's shortcut), their share of the budget taken before the read and `held`
   * after it; otherwise only their plan.
   */
  private async readNext(): Promise<{ rows: PlannedResponse[]; held: number }> {
    const { live, formId, loadedBytes, budget, smallItemBytes } = this.options
    const bound = this.itemBound
    const reserved = Math.min(budget.limit, PLAN_ROWS * loadedBytes(bound))
    // A plan alone holds next to nothing: it does not queue behind pages for room.
    if (reserved > 0) await budget.take(reserved)
    const read = await live.after(formId, this.cursor, PLAN_ROWS, bound).catch(giveBack(budget, reserved))
    const { rows } = read
    // The next read reserves for the form's largest item as now stored; nothing when it is not small.
    if (read.maxItemBytes !== undefined) {
      this.itemBound = read.maxItemBytes <= smallItemBytes ? read.maxItemBytes : 0
    }
    const bytes = rows.reduce((sum, row) => sum + loadedBytes(row.bytes), 0)
    const held = rows.every((row) => row.json !== undefined) ? Math.min(reserved, bytes) : 0
    budget.give(reserved - held)
    return { rows, held }
  }

  /** Sends responses read with their texts, `held` of the budget with them. */
  private async sendRead(rows: PlannedResponse[], held: number): Promise<Sent> {
    // Nothing more goes to a caller that is no longer valid, even before the next check.
    if (rows.length > 0 && !(await this.options.callerStillValid())) {
      this.options.budget.give(held)
      this.end(endNotes.caller)
      return 'over'
    }
    const texts = rows.map((row) => row.json as string)
    for (const row of rows) row.json = undefined
    return (await this.sendItems(rows, texts, held)) ? 'sent' : 'over'
  }

  /** Sends planned responses, loading them in batches within the budget. */
  private async sendPlanned(rows: PlannedResponse[]): Promise<Sent> {
    const { live, formId, loadedBytes, budget } = this.options
    const cost = (row: PlannedResponse) => loadedBytes(row.bytes)
    for (const batch of chunksOf(rows, { bytes: budget.batchBytes, size: cost })) {
      if (!(await this.options.callerStillValid())) {
        this.end(endNotes.caller)
        return 'over'
      }
      // An item larger than the whole budget goes out alone, holding all of it (a stream cannot answer 409).
      const bytes = batch.reduce((sum, row) => sum + cost(row), 0)
      const held = Math.min(budget.limit, bytes)
      await budget.take(held)
      const seqs = batch.map((row) => row.seq)
      const texts = this.isOver() ? [] : await live.load(formId, seqs).catch(giveBack(budget, held))
      if (texts.length < batch.length) {
        budget.give(held)
        // Over, or a response was deleted since the plan: the texts no longer match it, so plan again.
        return this.isOver() ? 'over' : 'replan'
      }
      if (!(await this.sendItems(batch, texts, held))) return 'over'
    }
    return 'sent'
  }

  /** Writes items in order, giving back each one's share of `held` once it is written, the rest at the end. */
  private async sendItems(rows: PlannedResponse[], texts: StoredJson[], held: number): Promise<boolean> {
    const { budget, loadedBytes } = this.options
    try {
      for (const row of rows) {
        // Taken off the list as it is sent, so a written item's text can be collected.
        const text = texts.shift()
        if (text === undefined || !(await this.writeEvent(row.id, text))) return false
        this.cursor = row.at
        const share = Math.min(held, loadedBytes(row.bytes))
        budget.give(share)
        held -= share
      }
      return true
    } finally {
      budget.give(held)
    }
  }

  private async writeEvent(id: string, json: StoredJson): Promise<boolean> {
    this.inEvent = true
    try {
      if (!(await this.write(`event: response\nid: ${id}\ndata: `))) return false
      for (const piece of pieces(json)) if (!(await this.write(piece))) return false
      return await this.write('\n\n')
    } finally {
      this.inEvent = false
      if (this.endAfterEvent !== undefined) this.end(this.endAfterEvent)
    }
  }

  /** Writes with backpressure; false once the stream is over (nothing is written after its end). */
  private async write(chunk: string | Buffer): Promise<boolean> {
    const { raw, holdings, clock, stallMs } = this.options
    if (this.isOver()) return false
    if (!raw.write(chunk) && !(await drained(raw, holdings.signal, clock, stallMs))) this.cut()
    return !this.isOver()
  }

  /**
   * Cuts a stream whose client has taken nothing for `stallMs`: what the event being written holds
   * goes back to the budget at once, and the client, if it reads again, resumes after the last
   * whole event. A note would wait behind what it has not taken.
   */
  private cut(): void {
    const { raw, holdings, stallMs, log } = this.options
    log.info({ stallSeconds: stallMs / 1000 }, 'response stream cut: its client took nothing meanwhile')
    holdings.release()
    raw.destroy()
  }

  private isOver(): boolean {
    return this.options.holdings.over
  }
}

/** Gives `bytes` back to the budget when a read fails, and fails. */
function giveBack(budget: MemoryBudget, bytes: number): (error: unknown) => never {
  return (error) => {
    budget.give(bytes)
    throw error
  }
}

/**
 * Whether the response could take more (or the stream is over) within `stallMs`: false when the
 * client took nothing meanwhile. Leaves no listener or timer behind.
 */
function drained(raw: ServerResponse, over: AbortSignal, clock: Clock, stallMs: number): Promise<boolean> {
  return new Promise((done) => {
    if (over.aborted) return done(true)
    const settle = (taken: boolean) => {
      cancelStall()
      raw.off('drain', onDrain)
      over.removeEventListener('abort', onDrain)
      done(taken)
    }
    const onDrain = () => settle(true)
    const cancelStall = clock.after(stallMs, () => settle(false))
    raw.on('drain', onDrain)
    over.addEventListener('abort', onDrain)
  })
}
