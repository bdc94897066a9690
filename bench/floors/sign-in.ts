import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { hash, verify } from '@node-rs/argon2'
import { argon2Options } from '../../src/domain/team/passwords.js'

// Floor of sign-in: a bare node:http server that reads the JSON body and checks its password with
// Argon2id at Canvass's parameters against one stored hash, then answers 201. No framework, no
// database, no session: what a password sign-in costs at the least.
//
// Environment: BENCH_PASSWORD=<the password the stored hash is of>.

const stored = await hash(process.env['BENCH_PASSWORD'] ?? '', argon2Options)
const server = createServer((request, response) => {
  const chunks: Buffer[] = []
  request.on('data', (chunk: Buffer) => chunks.push(chunk))
  request.on('end', async () => {
    const { password } = JSON.parse(Buffer.concat(chunks).toString()) as { password: string }
    const ok = await verify(stored, password)
    response.writeHead(ok ? 201 : 401, { 'content-type': 'application/json' })
    response.end(ok ? '{"ok":true}' : '{"ok":false}')
  })
})
server.keepAliveTimeout = 10_000
server.listen(0, '127.0.0.1', () => {
  process.send?.({ port: (server.address() as AddressInfo).port })
})
process.on('SIGTERM', () => server.close(() => process.exit(0)))
