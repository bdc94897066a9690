import { readdir, rm, stat } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import type { Database } from '../../db/database.js'
import { DUTY_BATCH, type Duty } from '../duties.js'
import { formDirectory } from './upload.js'

// Bytes go when their row goes: a row goes with its response and its form (ON DELETE CASCADE), so
// after a deletion `tidyFiles` removes the bytes no row names, right away in the process that
// deleted, and the worker's duty does it for every form now and then (a deletion in another
// process, or one interrupted). Files no response claimed go once a draft holding them would have
// gone (CANVASS_DRAFT_DAYS, a day later).

const DAY_MICROS = 86_400_000_000
/** A form's id (ids.ts), the name of its directory. */
const formIdPattern = /^frm_[A-Za-z0-9_-]{22}$/
/** A temporary upload this old was abandoned (an upload in progress is never older than this). */
const PARTIAL_MAX_MS = 24 * 3600_000

async function entries(directory: string): Promise<string[]> {
  return readdir(directory).catch(() => [])
}

/** Removes the bytes of the form's files that no row names (all of them, when the form is gone). */
export async function tidyFiles(
  database: Database,
  root: string,
  formId: string,
  now: number,
): Promise<number> {
  const directory = formDirectory(root, formId)
  const form = await database.db.selectFrom('forms').select('id').where('id', '=', formId).executeTakeFirst()
  if (!form) {
    const names = await entries(directory)
    await rm(directory, { recursive: true, force: true })
    return names.length
  }
  const names = await entries(directory)
  const stored = names.filter((name) => !name.startsWith('.'))
  const kept = new Set<string>()
  for (let at = 0; at < stored.length; at += 500) {
    const rows = await database.db
      .selectFrom('files')
      .select('id')
      .where('id', 'in', stored.slice(at, at + 500))
      .execute()
    for (const row of rows) kept.add(row.id)
  }
  let removed = 0
  for (const name of names) {
    const path = join(directory, name)
    const abandoned =
      name.startsWith('.') &&
      now - (await stat(path).catch(() => ({ mtimeMs: now }))).mtimeMs > PARTIAL_MAX_MS
    if ((!name.startsWith('.') && !kept.has(name)) || abandoned) {
      await rm(path, { force: true })
      removed++
    }
  }
  return removed
}

/** Deletes up to DUTY_BATCH unclaimed files past the drafts' life, with their bytes. */
export const pruneUnclaimedFiles: Duty = async (database, clock, _signal, config) => {
  const before = clock.nowMicros() - (config.draftDays + 1) * DAY_MICROS
  const rows = await database.db
    .deleteFrom('files')
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('files')
        .select('id')
        .where('response_id', 'is', null)
        .where('created_at', '<', before)
        .limit(DUTY_BATCH),
    )
    // Again on the row deleted: on PostgreSQL a response may claim a file, or a draft keep it,
    // between the subquery's read and the delete, which must then leave it.
    .where('response_id', 'is', null)
    .where('created_at', '<', before)
    .returning(['id', 'form_id'])
    .execute()
  for (const row of rows) await rm(join(formDirectory(config.filesDir, row.form_id), row.id), { force: true })
  return rows.length
}

let nextSweepAt = 0
const SWEEP_EVERY_MS = 10 * 60_000

/** Every form directory tidied, at most once every ten minutes: bytes a deletion elsewhere left. */
export const sweepFileDirectories: Duty = async (database, clock, _signal, config) => {
  if (clock.now() < nextSweepAt) return 0
  nextSweepAt = clock.now() + SWEEP_EVERY_MS
  // Only what Canvass wrote: a form's directory has its id for name. Anything else found there
  // (a database, a user's own files, if CANVASS_FILES_DIR was set to a directory holding them) stays.
  for (const formId of await entries(resolve(config.filesDir))) {
    if (formIdPattern.test(formId)) await tidyFiles(database, config.filesDir, formId, clock.now())
  }
  return 0
}

export const fileDuties: Duty[] = [pruneUnclaimedFiles, sweepFileDirectories]
