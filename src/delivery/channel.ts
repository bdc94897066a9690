// What the delivery worker drives (worker.ts): one loop, the same steps, for each channel it
// delivers through: webhook deliveries (webhook-channel.ts) and mails (mail-channel.ts). A channel
// knows its jobs, its far end and how an outcome is written; the worker decides when to claim,
// how many to start, and when to claim again.

/**
 * One channel of the worker. A job is claimed (step 1), prepared and sent (step 2), its outcome
 * recorded (step 3); the worker then schedules its next claim (step 4).
 */
export interface Channel<Job, Ready, Outcome> {
  /** For logs: what its jobs are ('webhook deliveries', 'mails'). */
  readonly name: string
  /** Jobs this channel has in flight at most. */
  readonly concurrency: number
  /** Claims are made once this many of its slots are free (or nothing is in flight). */
  readonly claimBatch: number
  /**
   * A job's slot is free once its far end has answered, not once its outcome is recorded: for a
   * channel whose recording waits (batched) while its far end could take the next job.
   */
  readonly releasesSlotWhenAnswered?: boolean
  /** Voids every lease of its jobs: where this process alone delivers, those left are a crashed run's. */
  voidLeases(): Promise<void>
  /** Step 1: leases up to `free` due jobs. */
  claim(free: number): Promise<Job[]>
  /** A job that needs no claim and may start now (webhook deliveries handed over), if any. */
  next?(): Job | undefined
  /** The job starts, and its far end has answered: for the channel's own shares. */
  started?(job: Job): void
  answered?(job: Job): void
  /** The room the job's far end has for more (webhook: its share); unbounded when not given. */
  room?(job: Job): number
  /** Step 2a: what sending needs; undefined when the job ended without an attempt (recorded already). */
  prepare(job: Job): Promise<Ready | undefined>
  /** Step 2b: the attempt. Never throws: a failure is an outcome. */
  send(ready: Ready): Promise<Outcome>
  /** Step 3: writes the outcome and its attempt, while the worker still holds the job's lease. */
  record(job: Job, ready: Ready, outcome: Outcome): Promise<void>
  /** The worker stops: give back what waits without a slot (handed-over jobs). */
  stop?(): Promise<void>
  /** Once nothing is in flight: closes connections. */
  close(): Promise<void>
}

/** A channel whose types the worker need not know. */
// biome-ignore lint/suspicious/noExplicitAny: the worker passes each channel only what it gave
export type AnyChannel = Channel<any, any, any>
