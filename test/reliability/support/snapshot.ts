import { sql } from 'kysely'
import type { Database } from '../../../src/db/database.js'

// A cheap fingerprint of everything stored: per table, the row count and, per column, the
// sum of its lengths (text) or values (numbers). A rejected request must leave it unchanged.
// The audit log is left out of it: events of earlier, successful calls are written a moment after
// them (src/domain/audit/log.ts), and test/audit checks that a refused call records nothing.

interface Column {
  table: string
  name: string
  numeric: boolean
}

export interface Fingerprinter {
  tables: string[]
  take(): Promise<Record<string, string>>
  /** Every row of every table as text (for the scan that no plain secret is stored). */
  dump(): Promise<string>
}

export async function fingerprinter(database: Database): Promise<Fingerprinter> {
  const columns = await listColumns(database)
  const tables = [...new Set(columns.map((column) => column.table))].sort()
  const q = (name: string) => `"${name.replace(/"/g, '""')}"`
  // One scan per table: its row count and every column's sum, joined into one text.
  const parts = tables
    .filter((table) => table !== 'audit_events')
    .map((table) => {
      const sums = columns
        .filter((column) => column.table === table)
        .map(
          (column) =>
            `coalesce(sum(${column.numeric ? q(column.name) : `length(cast(${q(column.name)} as text))`}), 0)`,
        )
      const joined = ['count(*)', ...sums].map((part) => `cast(${part} as text)`).join(` || ',' || `)
      return `(select ${joined} from ${q(table)}) as ${q(table)}`
    })
  const query = `select ${parts.join(', ')}`
  return {
    tables,
    async take() {
      const result = await sql.raw<Record<string, unknown>>(query).execute(database.db)
      const row = result.rows[0] ?? {}
      return Object.fromEntries(Object.entries(row).map(([key, value]) => [key, String(value)]))
    },
    async dump() {
      const texts: string[] = []
      for (const table of tables) {
        const result = await sql.raw(`select * from ${q(table)}`).execute(database.db)
        texts.push(JSON.stringify(result.rows))
      }
      return texts.join('\n')
    },
  }
}

async function listColumns(database: Database): Promise<Column[]> {
  const skip = (table: string) => table.startsWith('kysely_') || table.startsWith('sqlite_')
  if (database.dialect === 'sqlite') {
    const tables = await sql<{ name: string }>`select name from sqlite_master where type = 'table'`.execute(
      database.db,
    )
    const columns: Column[] = []
    for (const { name: table } of tables.rows) {
      if (skip(table)) continue
      const info = await sql<{
        name: string
        type: string
      }>`select name, type from pragma_table_info(${table})`.execute(database.db)
      for (const column of info.rows) {
        columns.push({ table, name: column.name, numeric: /int|real|num/i.test(column.type) })
      }
    }
    return columns
  }
  const result = await sql<{ table_name: string; column_name: string; data_type: string }>`
    select table_name, column_name, data_type from information_schema.columns
    where table_schema = current_schema() order by table_name, ordinal_position`.execute(database.db)
  return result.rows
    .filter((row) => !skip(row.table_name))
    .map((row) => ({
      table: row.table_name,
      name: row.column_name,
      numeric: /int|numeric|double|real/i.test(row.data_type),
    }))
}
