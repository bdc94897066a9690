import { sql } from 'kysely'
import { expect } from 'vitest'
import type { TestContext } from '../support/context.js'

// What the erasure tests share: the erasure call, and a scan of every text column of every table
// of the database, read from the database's own catalogue, so a table added later is covered too.

export function erase(ctx: TestContext, email: unknown, token?: string) {
  return ctx.request({
    method: 'POST',
    url: '/v1/erasure',
    payload: email === undefined ? {} : { email },
    ...(token ? { token } : {}),
  })
}

export async function erased(ctx: TestContext, email: string) {
  const response = await erase(ctx, email)
  expect(response.statusCode, response.body).toBe(200)
  return response.json() as { contacts: number; responses: number; drafts: number; mails: number }
}

interface TextColumn {
  table: string
  column: string
}

/** Every text-like column of every table of the test database. */
async function textColumns(ctx: TestContext): Promise<TextColumn[]> {
  const { db } = ctx.database
  if (ctx.database.dialect === 'postgres') {
    const { rows } = await sql<{ table_name: string; column_name: string }>`
      select c.table_name, c.column_name from information_schema.columns c
      join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
      where c.table_schema = current_schema() and t.table_type = 'BASE TABLE'
        and c.data_type in ('text', 'character varying', 'character', 'json', 'jsonb')`.execute(db)
    return rows.map((row) => ({ table: row.table_name, column: row.column_name }))
  }
  const { rows: tables } = await sql<{ name: string }>`
    select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`.execute(db)
  const columns: TextColumn[] = []
  for (const { name } of tables) {
    const { rows } = await sql<{ name: string; type: string }>`
      select name, type from pragma_table_info(${name})`.execute(db)
    for (const column of rows) {
      // SQLite keeps any value in a column without a type, and text in one of a text affinity.
      if (column.type === '' || /char|clob|text|json/i.test(column.type)) {
        columns.push({ table: name, column: column.name })
      }
    }
  }
  return columns
}

/** Where the address (without case) is found, as `table.column: rows`, sorted. */
export async function placesHolding(ctx: TestContext, address: string): Promise<string[]> {
  const columns = await textColumns(ctx)
  expect(columns.length).toBeGreaterThan(30)
  const found: string[] = []
  const pattern = `%${address.toLowerCase()}%`
  for (const { table, column } of columns) {
    const { rows } = await sql<{ count: number | string }>`
      select count(*) as count from ${sql.table(table)}
      where lower(cast(${sql.ref(column)} as text)) like ${pattern}`.execute(ctx.database.db)
    const count = Number(rows[0]?.count ?? 0)
    if (count > 0) found.push(`${table}.${column}: ${count}`)
  }
  return found.sort()
}

/** A form through the API; its id. */
export async function createForm(ctx: TestContext, form: object, token?: string): Promise<string> {
  const response = await ctx.request({
    method: 'POST',
    url: '/v1/forms',
    payload: form,
    ...(token ? { token } : {}),
  })
  expect(response.statusCode, response.body).toBe(201)
  return response.json().id as string
}

/** A response through the API; its id. */
export async function submit(ctx: TestContext, formId: string, body: object): Promise<string> {
  const response = await ctx.request({ method: 'POST', url: `/v1/forms/${formId}/responses`, payload: body })
  expect(response.statusCode, response.body).toBe(201)
  return response.json().id as string
}
