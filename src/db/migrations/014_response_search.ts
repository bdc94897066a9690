import { sql } from 'kysely'
import type { Migration } from './migration.js'

// Each response's searchable text, folded (src/domain/forms/responses/search.ts), for `query` on
// the listing, the export and insights. A table of its own, not a column of responses, for the
// reason 010 gives (on SQLite a column added last sits after item_json). Responses stored before
// are filled in here, a batch at a time, with the fold of that time, frozen below.
const BATCH = 100
/** Most bytes of text in one insert. */
const INSERT_BYTES = 1 << 20

function fold(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .replaceAll('ß', 'ss')
    .replaceAll('\u0000', '')
}

interface StoredItem {
  answers: ({ type: string } & Record<string, unknown>)[]
  hidden: { value: string }[]
}

function searchText(json: string): string {
  const item = JSON.parse(json) as StoredItem
  const texts: string[] = []
  for (const answer of item.answers) {
    const value = answer[answer.type]
    if (['text', 'email', 'url', 'phone_number'].includes(answer.type) && typeof value === 'string')
      texts.push(value)
    else if (answer.type === 'choice') texts.push((value as { label: string }).label)
    else if (answer.type === 'choices') texts.push(...(value as { labels: string[] }).labels)
  }
  for (const field of item.hidden) texts.push(field.value)
  return fold(texts.filter((text) => text !== '').join('\n'))
}

export const responseSearch: Migration = {
  async up(db) {
    await db.schema
      .createTable('response_search')
      .addColumn('response_id', 'text', (c) => c.primaryKey().references('responses.id').onDelete('cascade'))
      .addColumn('form_id', 'text', (c) => c.notNull())
      .addColumn('search_text', 'text', (c) => c.notNull())
      .execute()
    await db.schema.createIndex('response_search_form').on('response_search').column('form_id').execute()
    let after = ''
    for (;;) {
      const rows: { id: string; form_id: string; item_json: string | Uint8Array }[] = await db
        .selectFrom('responses')
        .select(['id', 'form_id', sql<string>`item_json`.as('item_json')])
        .where('id', '>', after)
        .orderBy('id')
        .limit(BATCH)
        .execute()
      if (rows.length === 0) return
      const values = rows
        .map((row) => ({
          response_id: row.id,
          form_id: row.form_id,
          search_text: searchText(
            typeof row.item_json === 'string' ? row.item_json : Buffer.from(row.item_json).toString(),
          ),
        }))
        .filter((row) => row.search_text !== '')
      let chunk: typeof values = []
      let bytes = 0
      for (const value of [...values, undefined]) {
        if (chunk.length > 0 && (value === undefined || bytes + value.search_text.length > INSERT_BYTES)) {
          await db.insertInto('response_search').values(chunk).execute()
          chunk = []
          bytes = 0
        }
        if (value === undefined) break
        chunk.push(value)
        bytes += value.search_text.length
      }
      after = rows[rows.length - 1]?.id as string
    }
  },
}
