import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import Sqlite from 'better-sqlite3'
import pg from 'pg'

// Floor of list-page and deep-page: a bare node:http server answering
// GET /v1/forms/<form_id>/responses?page=&page_size= from the rows Canvass wrote, with one
// hand-written prepared query (the same index range on (form_id, seq) Canvass uses) and a string
// join of the stored items. No framework, no auth, no validation, no Link header.
//
// Environment: BENCH_SQLITE_FILE=<file> or BENCH_PG_URL=<url>.

type PageReader = (formId: string, skip: number, limit: number) => Promise<string[]>

const pageSql = (form: string, skip: string, limit: string) =>
  `select item_json from responses
   where form_id = ${form} and seq <= (select last_seq from forms where id = ${form}) - ${skip}
   order by seq desc limit ${limit}`

function sqliteReader(file: string): PageReader {
  const db = new Sqlite(file, { readonly: true })
  db.pragma('busy_timeout = 5000')
  const page = db.prepare(pageSql('@form', '@skip', '@limit')).pluck()
  return async (form, skip, limit) => page.all({ form, skip, limit }) as string[]
}

function postgresReader(connectionString: string): PageReader {
  const pool = new pg.Pool({ connectionString, max: 10 })
  const text = pageSql('$1', '$2', '$3')
  return async (formId, skip, limit) => {
    const result = await pool.query<{ item_json: string }>({
      name: 'page',
      text,
      values: [formId, skip, limit],
    })
    return result.rows.map((row) => row.item_json)
  }
}

const sqliteFile = process.env['BENCH_SQLITE_FILE']
const read = sqliteFile ? sqliteReader(sqliteFile) : postgresReader(process.env['BENCH_PG_URL'] ?? '')

let reported = false
const server = createServer((request, response) => {
  const url = new URL(request.url ?? '/', 'http://floor')
  const formId = url.pathname.split('/')[3] ?? ''
  const page = Number(url.searchParams.get('page') ?? 1)
  const pageSize = Number(url.searchParams.get('page_size') ?? 25)
  read(formId, (page - 1) * pageSize, pageSize).then(
    (items) => {
      const body = `{"page":${JSON.stringify(String(page))},"page_size":${JSON.stringify(String(pageSize))},"items":[${items.join(',')}]}`
      response.writeHead(200, { 'content-type': 'application/json; charset=utf-8' })
      response.end(body)
    },
    (error: unknown) => {
      if (!reported) console.error('list-page floor:', error)
      reported = true
      response.writeHead(500)
      response.end()
    },
  )
})

server.listen(0, '127.0.0.1', () => {
  process.send?.({ port: (server.address() as AddressInfo).port })
})
process.on('SIGTERM', () => process.exit(0))
