import { createWriteStream } from 'node:fs'
import { createServer } from 'node:http'
import { join } from 'node:path'
import { pipeline } from 'node:stream/promises'
import busboy from 'busboy'

// A second reference for upload, in its own process: the least an HTTP server does to take a
// multipart file: bare node:http, busboy with its defaults, the file part piped to
// fs.createWriteStream under BENCH_UPLOAD_DIR, 201 once it is written. No framework, no limits,
// no sniffing, no row, no rename. Against the in-process write it shows what HTTP and multipart
// themselves cost on this machine (a socket copy on each side, the client's CPU); against
// Canvass, what Canvass adds.

const directory = process.env['BENCH_UPLOAD_DIR'] ?? ''
let count = 0

const server = createServer((request, response) => {
  const fail = (error: unknown) => {
    if (response.headersSent) return
    response.writeHead(500, { connection: 'close' }).end(String(error))
  }
  let parser: busboy.Busboy
  try {
    parser = busboy({ headers: request.headers })
  } catch (error) {
    fail(error)
    return
  }
  const writes: Promise<void>[] = []
  parser.on('file', (_field, stream) => {
    writes.push(pipeline(stream, createWriteStream(join(directory, `bare-${count++}`), { flags: 'wx' })))
  })
  parser.on('error', fail)
  parser.on('close', () => {
    Promise.all(writes).then(() => {
      response.writeHead(201, { 'content-type': 'application/json' }).end('{"stored":true}')
    }, fail)
  })
  request.pipe(parser)
})

server.listen(0, '127.0.0.1', () => {
  const address = server.address()
  process.send?.({ port: typeof address === 'object' && address ? address.port : 0 })
})
