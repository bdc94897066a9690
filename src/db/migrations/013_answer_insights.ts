import { sql } from 'kysely'
import type { Migration } from './migration.js'

// Insights for every kind (issue 27): the text answers of each response, one row per text-like
// answer (short_text, long_text, email, url, phone_number), so that a question's latest answers
// are an index range on (form_id, question_id, submitted_at) rather than a walk through items.
// Filled here from the stored items as they are written today (answers `[{question: {id}, type,
// <type>: value}]`, a frozen wire format), with each engine's JSON functions. Date answers are
// now counted per day in the figures, which are the application's: the own figures of responses
// with a date answer are dropped and, as in 008, every form with responses is marked for a
// rebuild, which works them out again.
export const answerInsights: Migration = {
  async up(db, dialect) {
    await db.schema
      .createTable('text_answers')
      .addColumn('response_id', 'text', (c) => c.notNull().references('responses.id').onDelete('cascade'))
      .addColumn('question_id', 'text', (c) => c.notNull())
      .addColumn('form_id', 'text', (c) => c.notNull())
      .addColumn('submitted_at', 'bigint', (c) => c.notNull())
      .addColumn('value', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('text_answers_pk', ['response_id', 'question_id'])
      .execute()
    await db.schema
      .createIndex('text_answers_latest')
      .on('text_answers')
      .columns(['form_id', 'question_id', 'submitted_at', 'response_id'])
      .execute()
    const kinds = sql`('text', 'email', 'url', 'phone_number')`
    // Own figures kept before dates were counted lack them: dropped, so that the rebuild below
    // works them out again from the items.
    const dated =
      dialect === 'sqlite'
        ? sql`select r.id from responses r, json_each(r.item_json, '$.answers') a
            where json_extract(a.value, '$.type') = 'date'`
        : sql`select r.id from responses r,
            jsonb_array_elements(cast(r.item_json as jsonb) -> 'answers') as a(answer)
            where a.answer ->> 'type' = 'date'`
    await sql`delete from response_figures where response_id in (${dated})`.execute(db)
    if (dialect === 'sqlite') {
      await sql`insert into text_answers (response_id, question_id, form_id, submitted_at, value)
        select r.id, json_extract(a.value, '$.question.id'), r.form_id, r.submitted_at,
          json_extract(a.value, '$."' || json_extract(a.value, '$.type') || '"')
        from responses r, json_each(r.item_json, '$.answers') a
        where json_extract(a.value, '$.type') in ${kinds}`.execute(db)
    } else {
      await sql`insert into text_answers (response_id, question_id, form_id, submitted_at, value)
        select r.id, a.answer -> 'question' ->> 'id', r.form_id, r.submitted_at, a.answer ->> (a.answer ->> 'type')
        from responses r, jsonb_array_elements(cast(r.item_json as jsonb) -> 'answers') as a(answer)
        where a.answer ->> 'type' in ${kinds}`.execute(db)
    }
    await sql`insert into insight_rebuilds (form_id)
      select id from forms where last_seq > 0 and id not in (select form_id from insight_rebuilds)`.execute(
      db,
    )
  },
}
