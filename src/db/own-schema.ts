import {
  type DatabaseIntrospector,
  type DatabaseMetadata,
  type Kysely,
  PostgresDialect,
  PostgresIntrospector,
  type SchemaMetadata,
  sql,
  type TableMetadata,
} from 'kysely'

// Kysely's PostgreSQL introspector reads the columns of every table of every schema in the
// database, calling pg_get_serial_sequence on each: a schema dropped by someone else meanwhile
// (another application, a test run next door) fails the read with "schema ... does not exist",
// and with it our migrations. The migrator only asks whether its own two tables exist, so it is
// shown the schemas of our search path alone, read from information_schema, which skips what
// is gone.
class OwnSchemaIntrospector implements DatabaseIntrospector {
  // biome-ignore lint/suspicious/noExplicitAny: the introspector sees any database, as Kysely's own
  constructor(private readonly db: Kysely<any>) {}

  getSchemas(): Promise<SchemaMetadata[]> {
    return new PostgresIntrospector(this.db).getSchemas()
  }

  async getTables(): Promise<TableMetadata[]> {
    const { rows } = await sql<{ schema: string; name: string; is_view: boolean }>`
      select table_schema as schema, table_name as name, table_type = 'VIEW' as is_view
      from information_schema.tables where table_schema = any (current_schemas(false))`.execute(this.db)
    return rows.map((row) => ({ name: row.name, schema: row.schema, isView: row.is_view, columns: [] }))
  }

  async getMetadata(): Promise<DatabaseMetadata> {
    return { tables: await this.getTables() }
  }
}

/** PostgreSQL as Kysely speaks it, its introspection kept to our own schemas. */
export class OwnSchemaPostgresDialect extends PostgresDialect {
  // biome-ignore lint/suspicious/noExplicitAny: as PostgresDialect's own signature
  override createIntrospector(db: Kysely<any>): DatabaseIntrospector {
    return new OwnSchemaIntrospector(db)
  }
}
