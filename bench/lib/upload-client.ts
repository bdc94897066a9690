import { Agent, request } from 'node:http'

// The upload scenario's HTTP client: node:http on keep-alive connections, each request's body a
// ready multipart body (one Buffer, built once) written in `chunk`-byte slices of it, no copies,
// honouring backpressure, so the client costs little beside the server it measures.

export interface Uploaded {
  status: number
  body: string
}

export interface UploadRound {
  ok: number
  failed: number
  seconds: number
  /** Wall time of each answered upload, in ms. */
  latenciesMs: number[]
  /** CPU seconds (user + system) of this process (the client) during the round. */
  clientCpuSeconds: number
  /** The first failure's status and body, to say why. */
  firstFailure?: string
}

export interface UploadTarget {
  url: string
  body: Buffer
  contentType: string
  chunk: number
}

/** One POST of the body; resolves with the answer's status and text. */
export function uploadOnce(target: UploadTarget, agent: Agent): Promise<Uploaded> {
  return new Promise((done, fail) => {
    const outgoing = request(
      target.url,
      {
        method: 'POST',
        agent,
        headers: { 'content-type': target.contentType, 'content-length': String(target.body.length) },
      },
      (response) => {
        let body = ''
        response.setEncoding('utf8')
        response.on('data', (text: string) => {
          body += text
        })
        response.on('end', () => done({ status: response.statusCode ?? 0, body }))
        response.on('error', fail)
      },
    )
    outgoing.on('error', fail)
    let at = 0
    const more = () => {
      while (at < target.body.length) {
        const slice = target.body.subarray(at, Math.min(at + target.chunk, target.body.length))
        at += slice.length
        if (!outgoing.write(slice)) {
          outgoing.once('drain', more)
          return
        }
      }
      outgoing.end()
    }
    more()
  })
}

/**
 * `connections` clients each uploading until `seconds` have passed (an upload begun is finished
 * and counted; the round lasts until the last answer), or `count` uploads in all. Each call has
 * connections of its own: one kept idle while other sides ran could be closed by its server just
 * as a body starts on it (EPIPE).
 */
export async function uploadFiles(
  target: UploadTarget,
  options: { connections: number; seconds?: number; count?: number },
): Promise<UploadRound> {
  const agent = new Agent({ keepAlive: true, maxSockets: options.connections })
  const cpuBefore = process.cpuUsage()
  const started = performance.now()
  const deadline = started + (options.seconds ?? Number.POSITIVE_INFINITY) * 1000
  const limit = options.count ?? Number.POSITIVE_INFINITY
  let begun = 0
  let ok = 0
  let failed = 0
  let firstFailure: string | undefined
  const latenciesMs: number[] = []
  const client = async () => {
    while (begun < limit && performance.now() < deadline) {
      begun++
      const at = performance.now()
      try {
        const answer = await uploadOnce(target, agent)
        if (answer.status === 201) {
          ok++
          latenciesMs.push(performance.now() - at)
        } else {
          failed++
          firstFailure ??= `${answer.status} ${answer.body.slice(0, 300)}`
        }
      } catch (error) {
        failed++
        firstFailure ??= error instanceof Error ? error.message : String(error)
      }
    }
  }
  await Promise.all(Array.from({ length: options.connections }, client))
  const seconds = (performance.now() - started) / 1000
  const cpu = process.cpuUsage(cpuBefore)
  agent.destroy()
  return {
    ok,
    failed,
    seconds,
    latenciesMs,
    clientCpuSeconds: (cpu.user + cpu.system) / 1e6,
    ...(firstFailure === undefined ? {} : { firstFailure }),
  }
}
