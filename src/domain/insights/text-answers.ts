import { sql } from 'kysely'
import { formatTimestamp } from '../../clock.js'
import type { Db } from '../../db/database.js'
import { insertChunks } from '../../db/insert-limits.js'
import type { ResponseItem } from '../../shared/forms/answers.js'
import type { QuestionKind } from '../../shared/forms/definition.js'
import { type Listing, loadedBytes, type MemoryBudget, type Page, pageRows, plannedPage } from '../listing.js'

// The latest answers of a text question (docs/api.md#insights). Text cannot be summed up as
// counts, so each text-like answer is kept in a row of its own (text_answers), written in the
// transaction that stores its response and deleted with it (a foreign key): a question's answers,
// newest first, are then an index range on (form_id, question_id, submitted_at), never a walk
// through the stored items.

/** The question kinds whose insights are their latest answers. */
export const textKinds: readonly QuestionKind[] = ['short_text', 'long_text', 'email', 'url', 'phone_number']

/** The answer types those kinds produce (src/shared/forms/answers.ts). */
const textAnswerTypes = new Set(['text', 'email', 'url', 'phone_number'])

export const isTextKind = (type: string): boolean => (textKinds as readonly string[]).includes(type)

export interface TextAnswer {
  response_id: string
  submitted_at: string
  value: string
}

/** Keeps the text-like answers of newly stored responses (called by recordInsights, in its transaction). */
export async function keepTextAnswers(
  trx: Db,
  formId: string,
  stored: readonly { item: ResponseItem; submittedAt: number }[],
): Promise<void> {
  const rows = stored.flatMap(({ item, submittedAt }) =>
    item.answers
      .filter((answer) => textAnswerTypes.has(answer.type))
      .map((answer) => ({
        response_id: item.id,
        question_id: answer.question.id,
        form_id: formId,
        submitted_at: submittedAt,
        value: answer[answer.type] as string,
      })),
  )
  for (const chunk of insertChunks(rows, (row) => row.value.length)) {
    // A rebuild may meet a response whose answers migration 013 kept already. Raw SQL, as the
    // responses' own insert: on a submission's path, building the query cost more than running it.
    const values = chunk.map(
      (row) =>
        sql`(${row.response_id}, ${row.question_id}, ${row.form_id}, ${row.submitted_at}, ${row.value})`,
    )
    await sql`insert into text_answers (response_id, question_id, form_id, submitted_at, value)
      values ${sql.join(values)} on conflict (response_id, question_id) do nothing`.execute(trx)
  }
}

/** Inclusive bounds on submission time, in microseconds. */
export interface AnswerWindow {
  since?: number | undefined
  until?: number | undefined
}

/**
 * One page of a question's answers, newest first, within the window: planned on the index with
 * each value's stored size, then read in batches within `budget` (src/domain/listing.ts), so a page
 * of 1000 long answers holds no more than the budget allows.
 */
export async function latestTextAnswers(
  db: Db,
  budget: MemoryBudget,
  formId: string,
  questionId: string,
  window: AnswerWindow,
  page: Page,
): Promise<Listing<TextAnswer>> {
  let query = db
    .selectFrom('text_answers')
    .select(['response_id', 'submitted_at', sql<number>`octet_length(value)`.as('bytes')])
    .where('form_id', '=', formId)
    .where('question_id', '=', questionId)
  if (window.since !== undefined) query = query.where('submitted_at', '>=', window.since)
  if (window.until !== undefined) query = query.where('submitted_at', '<=', window.until)
  const plan = await query
    .orderBy('submitted_at', 'desc')
    .orderBy('response_id', 'desc')
    .$call((q) => pageRows(q, page))
    .execute()
  return plannedPage(
    budget,
    page,
    plan,
    loadedBytes.object,
    async (rows) => {
      // An answer deleted (with its response) since the plan was made is left out.
      const found = await db
        .selectFrom('text_answers')
        .select(['response_id', 'submitted_at', 'value'])
        .where('question_id', '=', questionId)
        .where(
          'response_id',
          'in',
          rows.map((row) => row.response_id),
        )
        .orderBy('submitted_at', 'desc')
        .orderBy('response_id', 'desc')
        .execute()
      return found.map((row) => ({
        response_id: row.response_id,
        submitted_at: formatTimestamp(Number(row.submitted_at)),
        value: row.value,
      }))
    },
    (row) => `the answer of response ${row.response_id}`,
  )
}
