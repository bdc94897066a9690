import { Agent, get, type IncomingHttpHeaders } from 'node:http'
import type { Readable } from 'node:stream'
import { createGunzip } from 'node:zlib'

// The lightest client node has (node:http, keep-alive, bodies left as bytes), for scenarios where
// one client reads a lot: the reader must not be what is measured.

const agent = new Agent({ keepAlive: true, maxSockets: 1 })

export interface Fetched {
  status: number
  headers: IncomingHttpHeaders
  bytes: number
  /** Newlines seen in the body (one per exported row). */
  lines: number
}

export function getAll(url: string, headers: Record<string, string>, via: Agent = agent): Promise<Fetched> {
  return new Promise((done, fail) => {
    get(url, { headers, agent: via }, (response) => {
      let bytes = 0
      let lines = 0
      // A gzip answer is decoded as a client would; bytes and lines count the decoded body.
      const body: Readable =
        response.headers['content-encoding'] === 'gzip' ? response.pipe(createGunzip()) : response
      body.on('data', (chunk: Buffer) => {
        bytes += chunk.length
        for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, at + 1)) lines++
      })
      body.on('end', () =>
        done({ status: response.statusCode ?? 0, headers: response.headers, bytes, lines }),
      )
      response.on('error', fail)
      body.on('error', fail)
    }).on('error', fail)
  })
}
