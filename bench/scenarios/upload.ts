import { mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileBody, pngOf } from '../../test/files/support.js'
import { type WriteRound, writeFiles } from '../floors/upload.js'
import { api, startCanvass } from '../lib/canvass.js'
import { cpuSeconds, RssWatch } from '../lib/proc.js'
import { forkTs, stopChild } from '../lib/processes.js'
import { check } from '../lib/report.js'
import { median, percentile, round } from '../lib/stats.js'
import { type UploadRound, uploadFiles } from '../lib/upload-client.js'
import type { Scenario } from './scenario.js'

// upload (issue 31): files of 10,000,000 bytes uploaded to a public form's file_upload question
// (`POST /v1/public/forms/{id}/files`, multipart, no token; per-address limit off), by 4 clients
// on keep-alive connections to 127.0.0.1, each body written in 64 KiB slices of one ready Buffer;
// against the same bytes written with fs.createWriteStream in the same 64 KiB chunks by as many
// writers, in-process, to a directory beside CANVASS_FILES_DIR on the same disk. The target is
// uploads a second >= 0.7 x files written a second. A third side, not a target, tells HTTP's share
// from Canvass's: a bare node:http server taking the same uploads with busboy into
// fs.createWriteStream (bench/floors/upload-server.ts). Rounds of 100 files a side, A B C A B C;
// the files of each round are removed after it (outside the timing), everything at the end.

const FILE_BYTES = 10_000_000
const CHUNK = 64 * 1024
const CONNECTIONS = 4
const TARGET = 0.7
/** Files a round, each side: 1 GB, well under the page cache's dirty limits of a machine of a few GB. */
const PER_ROUND = 100

const form = {
  title: 'bench: upload',
  // No types limit, max_size left to its default (CANVASS_UPLOAD_MAX, 10 MiB).
  questions: [{ id: 'file', title: 'A file', type: 'file_upload' }],
  hidden: [],
  settings: { public: true },
}

/** Empties a directory, keeping it. */
const empty = (directory: string) => {
  for (const name of readdirSync(directory)) rmSync(join(directory, name), { recursive: true, force: true })
}

type Span = { seconds: number } | { count: number }
type HttpRound = UploadRound & { serverCpuSeconds: number }

const rate = (round: HttpRound) => round.ok / round.seconds
/** Median CPU µs a file over rounds, from each round's CPU seconds and count. */
const perFile = (rounds: { cpu: number; files: number }[]) =>
  Math.round(median(rounds.map((r) => (r.cpu * 1e6) / r.files)))

export const upload: Scenario = {
  name: 'upload',
  databases: ['sqlite', 'postgres'],
  floor: 'fs.createWriteStream of the same bytes in the same chunks, as many writers, same disk, same run',
  async run(context) {
    const root = mkdtempSync(join(tmpdir(), 'canvass-bench-upload-'))
    const filesDir = join(root, 'files')
    const floorDir = join(root, 'floor')
    const bareDir = join(root, 'bare')
    for (const directory of [filesDir, floorDir, bareDir]) mkdirSync(directory)
    const warmup = context.quick ? 8 : 24
    const database = await context.freshDatabase('upload')
    let bareChild: Awaited<ReturnType<typeof forkTs>>['child'] | undefined
    try {
      const canvass = await startCanvass(database, {
        CANVASS_FILES_DIR: filesDir,
        CANVASS_PUBLIC_RATE_LIMIT: '0',
      })
      try {
        const bare = await forkTs('bench/floors/upload-server.ts', { BENCH_UPLOAD_DIR: bareDir })
        bareChild = bare.child
        const barePid = bare.child.pid ?? 0
        const { id: formId } = await api<{ id: string }>(canvass, 'POST', '/v1/forms', form, 201)
        const bytes = pngOf(FILE_BYTES)
        const { body, contentType } = fileBody('bench.png', 'image/png', bytes)
        const canvassTarget = {
          url: `${canvass.url}/v1/public/forms/${formId}/files?question=file`,
          body,
          contentType,
          chunk: CHUNK,
        }
        const bareTarget = { ...canvassTarget, url: `http://127.0.0.1:${bare.port}/upload` }
        const first = await uploadFiles(canvassTarget, { connections: 1, count: 1 })
        if (first.ok !== 1) throw new Error(`the first upload failed: ${first.firstFailure}`)
        const formDir = join(filesDir, formId)
        const stored = readdirSync(formDir)
        if (stored.length !== 1) throw new Error(`expected one stored file, found ${stored.join(', ')}`)

        const httpSide = async (
          target: typeof canvassTarget,
          pid: number,
          directory: string,
          span: Span,
        ): Promise<HttpRound> => {
          const cpuBefore = cpuSeconds(pid)
          const result = await uploadFiles(target, { connections: CONNECTIONS, ...span })
          const serverCpu = cpuSeconds(pid) - cpuBefore
          empty(directory)
          if (result.failed > 0) throw new Error(`${result.failed} uploads failed: ${result.firstFailure}`)
          return { ...result, serverCpuSeconds: serverCpu }
        }
        const canvassSide = (span: Span) => httpSide(canvassTarget, canvass.pid, formDir, span)
        const bareSide = (span: Span) => httpSide(bareTarget, barePid, bareDir, span)
        let floorRound = 0
        const floorSide = async (span: Span) => {
          const result = await writeFiles(floorDir, bytes, {
            concurrency: CONNECTIONS,
            chunk: CHUNK,
            prefix: `r${floorRound++}`,
            ...span,
          })
          empty(floorDir)
          return result
        }
        await canvassSide({ count: warmup })
        await floorSide({ count: warmup })
        await bareSide({ count: warmup })

        const memory = new RssWatch(canvass.pid)
        const canvassRuns: HttpRound[] = []
        const floorRuns: WriteRound[] = []
        const bareRuns: HttpRound[] = []
        // A count, not a time: each side writes the same bytes a round, so the page cache and its
        // writeback treat them alike (timed rounds let the fastest side alone pass the dirty limits).
        const span = { count: context.quick ? 30 : PER_ROUND }
        for (let index = 0; index < context.rounds; index++) {
          const a = await canvassSide(span)
          const b = await floorSide(span)
          const c = await bareSide(span)
          canvassRuns.push(a)
          floorRuns.push(b)
          bareRuns.push(c)
          context.log(
            `  round ${index + 1}: Canvass ${rate(a).toFixed(1)} uploads/s, createWriteStream ${(b.files / b.seconds).toFixed(1)} files/s, bare node:http ${rate(c).toFixed(1)} uploads/s`,
          )
        }
        const rss = memory.stop()

        const canvassRates = canvassRuns.map(rate)
        const floorRates = floorRuns.map((r) => r.files / r.seconds)
        const bareRates = bareRuns.map(rate)
        const canvassRate = median(canvassRates)
        const floorRate = median(floorRates)
        const bareRate = median(bareRates)
        const latencies = canvassRuns.flatMap((r) => r.latenciesMs)
        const result = check('uploads/s', canvassRate, floorRate, { op: '>=', value: TARGET })
        context.log(
          `  upload: ${canvassRate.toFixed(1)} uploads/s against ${floorRate.toFixed(1)} files/s written: ${result.ratio} (${result.pass ? 'pass' : 'SHORT'} against ${TARGET}); bare node:http ${bareRate.toFixed(1)} uploads/s (${round(bareRate / floorRate, 3)} of the write, Canvass ${round(canvassRate / bareRate, 3)} of it)`,
        )
        const serverCpu = (rounds: HttpRound[]) =>
          perFile(rounds.map((r) => ({ cpu: r.serverCpuSeconds, files: r.ok })))
        const clientCpu = (rounds: HttpRound[]) =>
          perFile(rounds.map((r) => ({ cpu: r.clientCpuSeconds, files: r.ok })))
        return {
          checks: [result],
          peakRssMb: canvass.peakRssMb(),
          details: {
            file_bytes: FILE_BYTES,
            body_bytes: body.length,
            chunk_bytes: CHUNK,
            connections: CONNECTIONS,
            canvass_mb_per_s: round((canvassRate * FILE_BYTES) / 1e6, 1),
            floor_mb_per_s: round((floorRate * FILE_BYTES) / 1e6, 1),
            canvass_uploads_per_s: canvassRates.map((r) => r.toFixed(1)).join(' '),
            floor_files_per_s: floorRates.map((r) => r.toFixed(1)).join(' '),
            // The bare node:http side: HTTP's and multipart's own share, not a target.
            bare_http_uploads_per_s: bareRates.map((r) => r.toFixed(1)).join(' '),
            bare_http_of_floor: round(bareRate / floorRate, 3),
            canvass_of_bare_http: round(canvassRate / bareRate, 3),
            canvass_p50_ms: Math.round(percentile(latencies, 50)),
            canvass_p99_ms: Math.round(percentile(latencies, 99)),
            // CPU µs a file: each server's, the client's (this process), the floor's writers (this process).
            canvass_cpu_us_per_upload: serverCpu(canvassRuns),
            bare_http_cpu_us_per_upload: serverCpu(bareRuns),
            client_cpu_us_per_upload: clientCpu(canvassRuns),
            floor_cpu_us_per_file: perFile(floorRuns.map((r) => ({ cpu: r.cpuSeconds, files: r.files }))),
            uploads: canvassRuns.reduce((sum, r) => sum + r.ok, 0),
            floor_files: floorRuns.reduce((sum, r) => sum + r.files, 0),
            files_per_round: span.count,
            warmup_uploads: warmup,
            rss_start_mb: round(memory.startMb, 1),
            rss_growth_mb: round(rss.growthMb, 1),
          },
        }
      } finally {
        if (bareChild) await stopChild(bareChild)
        await canvass.stop()
      }
    } finally {
      rmSync(root, { recursive: true, force: true })
    }
  },
}
