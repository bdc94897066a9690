import { createWriteStream } from 'node:fs'
import { join } from 'node:path'

// Floor of upload, in-process: the same file's bytes written to a directory on the same disk as
// CANVASS_FILES_DIR with fs.createWriteStream, in the chunks the HTTP client sends, honouring
// backpressure, by as many writers at once as the HTTP side has clients. No multipart, no socket,
// no sniffing, no row, no rename: what writing the bytes costs, and nothing else.

export interface WriteRound {
  files: number
  seconds: number
  /** CPU seconds (user + system) of this process during the round. */
  cpuSeconds: number
}

/** Writes `bytes` to `path` in `chunk`-byte slices (no copies); resolves once the file is closed. */
export function writeOne(path: string, bytes: Buffer, chunk: number): Promise<void> {
  return new Promise((done, fail) => {
    const out = createWriteStream(path, { flags: 'wx' })
    out.once('error', fail)
    out.once('close', () => done())
    let at = 0
    const more = () => {
      while (at < bytes.length) {
        const slice = bytes.subarray(at, Math.min(at + chunk, bytes.length))
        at += slice.length
        if (!out.write(slice)) {
          out.once('drain', more)
          return
        }
      }
      out.end()
    }
    more()
  })
}

/**
 * `concurrency` writers each writing files of `bytes` until `seconds` have passed (a file begun
 * is finished and counted; the round lasts until the last one is closed), or `count` files in all.
 */
export async function writeFiles(
  directory: string,
  bytes: Buffer,
  options: { concurrency: number; chunk: number; seconds?: number; count?: number; prefix: string },
): Promise<WriteRound> {
  const cpuBefore = process.cpuUsage()
  const started = performance.now()
  const deadline = started + (options.seconds ?? Number.POSITIVE_INFINITY) * 1000
  const limit = options.count ?? Number.POSITIVE_INFINITY
  let begun = 0
  let files = 0
  const writer = async () => {
    while (begun < limit && performance.now() < deadline) {
      const n = begun++
      await writeOne(join(directory, `${options.prefix}-${n}`), bytes, options.chunk)
      files++
    }
  }
  await Promise.all(Array.from({ length: options.concurrency }, writer))
  const seconds = (performance.now() - started) / 1000
  const cpu = process.cpuUsage(cpuBefore)
  return { files, seconds, cpuSeconds: (cpu.user + cpu.system) / 1e6 }
}
