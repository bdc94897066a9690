import { readFileSync } from 'node:fs'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'

// Floor of form-page: a bare node:http server answering every GET with the same HTML Canvass
// rendered for the form, pre-rendered, with the same content type. No framework, no database.
//
// Environment: BENCH_HTML_FILE=<file>.

const html = readFileSync(process.env['BENCH_HTML_FILE'] ?? '')
const server = createServer((_request, response) => {
  response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-length': html.length })
  response.end(html)
})
server.keepAliveTimeout = 10_000
server.listen(0, '127.0.0.1', () => {
  process.send?.({ port: (server.address() as AddressInfo).port })
})
process.on('SIGTERM', () => server.close(() => process.exit(0)))
