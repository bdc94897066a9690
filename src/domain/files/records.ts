import { randomBytes } from 'node:crypto'
import type { Db, Transaction } from '../../db/database.js'
import type { FilesTable } from '../../db/tables/forms.js'
import type { Submission } from '../../shared/forms/answers.js'
import type { FormDefinition } from '../../shared/forms/definition.js'
import { fileIdOf, fileIdPattern, type UploadedFile } from '../../shared/forms/files.js'
import { validationFailed } from '../errors.js'

// The rows that name uploaded files: written once the bytes are stored, looked up when a
// submission names a file, claimed by the response that answers with it.

export type FileRow = FilesTable

export const newFileSecret = () => randomBytes(24).toString('base64url')

/** The listed answer of a stored file: `url` reads it with a token. */
export const uploadedFile = (
  row: Pick<FileRow, 'id' | 'name' | 'size' | 'type'>,
  base: string,
): UploadedFile => ({
  id: row.id,
  name: row.name,
  size: Number(row.size),
  type: row.type,
  url: `${base}/v1/files/${row.id}`,
})

export async function findFile(db: Db, id: string): Promise<FileRow | undefined> {
  const row = await db.selectFrom('files').selectAll().where('id', '=', id).executeTakeFirst()
  return row && { ...row, size: Number(row.size), created_at: Number(row.created_at) }
}

/** The form's file questions, by id; none for most forms, which then pay no query. */
const fileQuestions = (definition: FormDefinition) =>
  new Set(definition.questions.filter((question) => question.type === 'file_upload').map((q) => q.id))

export const hasFileQuestion = (definition: FormDefinition) =>
  definition.questions.some((question) => question.type === 'file_upload')

/**
 * The answers with every file question's answer put in its file's place, as stored: a file
 * uploaded to that question of this form and not yet claimed by another response. An answer that
 * names no such file becomes `{}`, which the answer's check refuses; so whatever name, size or type
 * a client writes into its answer, only the stored one counts.
 */
export async function resolveFileAnswers(
  db: Db,
  formId: string,
  definition: FormDefinition,
  answers: Record<string, unknown>,
  base: string,
): Promise<Record<string, unknown>> {
  const questions = fileQuestions(definition)
  const named = new Map<string, string>()
  for (const [questionId, value] of Object.entries(answers)) {
    if (!questions.has(questionId) || value === null || value === undefined) continue
    const id = fileIdOf(value)
    if (id) named.set(questionId, id)
  }
  const rows =
    named.size === 0
      ? []
      : await db
          .selectFrom('files')
          .select(['id', 'question_id', 'name', 'size', 'type'])
          .where('form_id', '=', formId)
          .where('response_id', 'is', null)
          .where('id', 'in', [...named.values()])
          .execute()
  const byId = new Map(rows.map((row) => [row.id, row]))
  const resolved = { ...answers }
  for (const questionId of questions) {
    const value = answers[questionId]
    if (value === null || value === undefined) continue
    const row = byId.get(named.get(questionId) ?? '')
    resolved[questionId] = row && row.question_id === questionId ? uploadedFile(row, base) : {}
  }
  return resolved
}

/**
 * A draft that holds these files was just saved: they count as uploaded now, so a file is not
 * deleted as unclaimed (tidy.ts) while a draft kept alive still holds it.
 */
export async function touchFiles(db: Db, ids: string[], now: number): Promise<void> {
  if (ids.length === 0) return
  await db
    .updateTable('files')
    .set({ created_at: now })
    .where('id', 'in', ids)
    .where('response_id', 'is', null)
    .execute()
}

/**
 * Files a form may take from outside the workspace (public pages and API) in a day that no
 * response has claimed yet; past it, such uploads wait (429) until submissions claim some or the
 * day moves on. What the addresses the rate limit lets through can write to disk is bounded (a
 * day's worth, kept until they expire: tidy.ts), and a flood blocks a form's uploads for a day at
 * most, not for as long as its files are kept.
 */
export const PENDING_FILES_MAX = 1000
const PENDING_WINDOW_MICROS = 86_400_000_000

/** Unclaimed files of the form uploaded in the day before `now` (microseconds). */
export async function pendingFiles(db: Db, formId: string, now: number): Promise<number> {
  const row = await db
    .selectFrom('files')
    .select((eb) => eb.fn.countAll<string | number>().as('count'))
    .where('form_id', '=', formId)
    .where('response_id', 'is', null)
    .where('created_at', '>', now - PENDING_WINDOW_MICROS)
    .executeTakeFirstOrThrow()
  return Number(row.count)
}

/** Deletes the form's files no response claimed (a refused request's uploads); answers the rows deleted. */
export async function deleteUnclaimed(db: Db, formId: string, ids: string[]) {
  const wanted = ids.filter((id) => fileIdPattern.test(id))
  if (wanted.length === 0) return []
  return db
    .deleteFrom('files')
    .where('id', 'in', wanted)
    .where('form_id', '=', formId)
    .where('response_id', 'is', null)
    .returning(['id', 'form_id'])
    .execute()
}

/** resolveFileAnswers for each submission whose form has file questions. */
export async function resolveSubmissions(
  db: Db,
  formId: string,
  definition: FormDefinition,
  submissions: readonly Submission[],
  base: string,
): Promise<Submission[]> {
  if (!hasFileQuestion(definition)) return [...submissions]
  return Promise.all(
    submissions.map(async (submission) => ({
      ...submission,
      answers: await resolveFileAnswers(db, formId, definition, submission.answers, base),
    })),
  )
}

/**
 * The files a stored response answers with become its own, and go with it. A file another
 * response claimed meanwhile refuses this one (the transaction keeps nothing).
 */
export async function claimFiles(
  trx: Transaction,
  claims: readonly { responseId: string; fileIds: string[] }[],
): Promise<void> {
  for (const { responseId, fileIds } of claims) {
    if (fileIds.length === 0) continue
    const claimed = await trx
      .updateTable('files')
      .set({ response_id: responseId })
      .where('id', 'in', fileIds)
      .where('response_id', 'is', null)
      .executeTakeFirst()
    if (Number(claimed.numUpdatedRows) !== fileIds.length)
      throw validationFailed([{ path: '/answers', message: 'names a file another response has claimed' }])
  }
}

/** The ids of the uploaded files a checked submission answers with. */
export function fileIdsIn(definition: FormDefinition, answers: Record<string, unknown>): string[] {
  const questions = fileQuestions(definition)
  return Object.entries(answers)
    .filter(([questionId]) => questions.has(questionId))
    .map(([, value]) => fileIdOf(value))
    .filter((id): id is string => id !== undefined)
}
