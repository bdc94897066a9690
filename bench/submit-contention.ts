import { loadavg } from 'node:os'
import { parseArgs } from 'node:util'
import Sqlite from 'better-sqlite3'
import { type CanvassServer, seedDemo, startCanvass } from './lib/canvass.js'
import { createThrowawayDatabase, type ThrowawayDatabase } from './lib/database.js'
import { load } from './lib/load.js'
import { cpuSeconds } from './lib/proc.js'
import { forkTs, stopChild } from './lib/processes.js'
import { median, round } from './lib/stats.js'
import { addWebhook, startReceiver } from './lib/webhooks.js'
import { copySqlite, eightAnswers } from './scenarios/submissions.js'

// `npx tsx bench/submit-contention.ts [--rounds 3] [--seconds 3] [--warmup-requests N]` (after `npm run build`): why the
// submit scenario's ratio falls on a busy machine while public-submit's holds
// (docs/performance.md#submit-on-a-busy-machine). Three sides on SQLite, alternating A B C, as the
// submit scenario drives them (16 connections): Canvass submitting to a form with one webhook,
// delivered meanwhile to a receiver process; Canvass submitting to a form without one; and the
// submit floor. Each round notes the CPU time per submission of every process (server, receiver,
// this load generator), how many submissions shared a transaction (from the stored responses: a
// batch's submitted_at are 1 µs apart), and the load average.

const { values } = parseArgs({
  options: {
    rounds: { type: 'string', default: '3' },
    seconds: { type: 'string', default: '3' },
    // Warm each side with this many submissions first (0: one untimed round instead, as the bench).
    'warmup-requests': { type: 'string', default: '0' },
  },
})
const rounds = Number(values.rounds)
const seconds = Number(values.seconds)
const warmupRequests = Number(values['warmup-requests'])
const CONNECTIONS = 16

interface Round {
  rps: number
  ok: number
  server_us: number
  receiver_us: number
  client_us: number
  /** Submissions per transaction (Canvass only). */
  batch: number
  load1: number
}

const micros = () => Math.round((performance.timeOrigin + performance.now()) * 1000)

/** Mean submissions per transaction among a form's responses stored between two times. */
function meanBatch(file: string, formId: string, from: number, to: number): number {
  const db = new Sqlite(file, { readonly: true })
  try {
    const times = db
      .prepare(
        'select submitted_at from responses where form_id = ? and submitted_at between ? and ? order by seq',
      )
      .pluck()
      .all(formId, from, to) as number[]
    const batches = times.filter((at, index) => index === 0 || at !== (times[index - 1] as number) + 1).length
    return times.length / Math.max(1, batches)
  } finally {
    db.close()
  }
}

interface Side {
  url: string
  headers: Record<string, string>
  pid: number
  receiverPid?: number
  stored?: { file: string; formId: string }
}

async function measure(side: Side): Promise<Round> {
  const before = { receiver: side.receiverPid ? cpuSeconds(side.receiverPid) : 0, self: process.cpuUsage() }
  const load1 = loadavg()[0] ?? Number.NaN
  const from = micros()
  const result = await load({
    url: side.url,
    method: 'POST',
    body: eightAnswers,
    headers: { 'content-type': 'application/json', ...side.headers },
    connections: CONNECTIONS,
    seconds,
    serverPid: side.pid,
  })
  const to = micros()
  const self = process.cpuUsage(before.self)
  const receiver = side.receiverPid ? cpuSeconds(side.receiverPid) - before.receiver : 0
  return {
    rps: result.rps,
    ok: result.ok,
    server_us: result.cpuUsPerRequest,
    receiver_us: (receiver * 1e6) / result.ok,
    client_us: (self.user + self.system) / result.ok,
    batch: side.stored ? meanBatch(side.stored.file, side.stored.formId, from, to) : Number.NaN,
    load1,
  }
}

/** CPU a server uses per second with nothing to answer (timers, the worker's poll, collection). */
async function idleCpuMsPerSecond(server: CanvassServer): Promise<number> {
  const before = cpuSeconds(server.pid)
  await new Promise((done) => setTimeout(done, seconds * 1000))
  return ((cpuSeconds(server.pid) - before) * 1000) / seconds
}

const created: ThrowawayDatabase[] = []
const fresh = async (label: string) => {
  const database = await createThrowawayDatabase('sqlite', label)
  created.push(database)
  return database
}

const results: Record<string, Round[]> = { webhook: [], 'no webhook': [], floor: [] }
// Everything started is stopped and every database dropped, whatever fails (a busy machine can
// take more than waitUntilUp's 30 s to start a server).
const cleanup: (() => Promise<void>)[] = []
let idle = ''
try {
  const withHook = await fresh('contention-hook')
  const withoutHook = await fresh('contention-plain')
  const floorDatabase = await fresh('contention-floor')
  const hookForm = await seedDemo(withHook, 1000)
  const plainForm = await seedDemo(withoutHook, 1000)
  const receiver = await startReceiver()
  cleanup.push(() => receiver.stop())
  const hooked = await startCanvass(withHook, { CANVASS_WEBHOOK_ALLOW_PRIVATE: '1' })
  cleanup.push(() => hooked.stop())
  const plain = await startCanvass(withoutHook)
  cleanup.push(() => plain.stop())
  await addWebhook(hooked, hookForm, receiver.url)
  copySqlite(withHook.filename, floorDatabase.filename)
  const floor = await forkTs('bench/floors/submit.ts', { BENCH_SQLITE_FILE: floorDatabase.filename })
  cleanup.push(() => stopChild(floor.child))
  const sides: Record<string, Side> = {
    webhook: {
      url: `${hooked.url}/v1/forms/${hookForm}/responses`,
      headers: { authorization: `Bearer ${hooked.token}` },
      pid: hooked.pid,
      receiverPid: receiver.pid,
      stored: { file: withHook.filename, formId: hookForm },
    },
    'no webhook': {
      url: `${plain.url}/v1/forms/${plainForm}/responses`,
      headers: { authorization: `Bearer ${plain.token}` },
      pid: plain.pid,
      stored: { file: withoutHook.filename, formId: plainForm },
    },
    floor: {
      url: `http://127.0.0.1:${floor.port}/v1/forms/${hookForm}/responses`,
      headers: {},
      pid: floor.child.pid ?? 0,
    },
  }
  if (warmupRequests > 0) {
    for (const side of Object.values(sides)) {
      const post = { method: 'POST' as const, body: eightAnswers, connections: CONNECTIONS }
      const headers = { 'content-type': 'application/json', ...side.headers }
      await load({ ...post, url: side.url, headers, amount: warmupRequests })
    }
    await receiver.waitFor(warmupRequests, 300_000)
  }
  idle = `idle server CPU, ms a second: ${round(await idleCpuMsPerSecond(hooked), 1)} with its worker and webhook`
  let submitted = warmupRequests
  const first = warmupRequests > 0 ? 1 : 0
  for (let index = first; index <= rounds; index++) {
    const row: Record<string, Round> = {}
    for (const [name, side] of Object.entries(sides)) {
      row[name] = await measure(side)
      if (side.receiverPid) {
        // The delivery backlog is sent between rounds, untimed, as in the submit scenario.
        submitted += row[name]?.ok ?? 0
        await receiver.waitFor(submitted, 120_000)
      }
    }
    if (index === 0) continue // warm-up
    for (const [name, measured] of Object.entries(row)) results[name]?.push(measured)
    console.log(JSON.stringify({ round: index, ...row }))
  }
} finally {
  for (const stop of cleanup.reverse()) await stop().catch(() => undefined)
  for (const database of created) await database.drop()
}

const floorRps = median((results['floor'] ?? []).map((r) => r.rps))
const header = ['side', 'req/s', 'of the floor', 'server µs/req', 'receiver µs/req', 'client µs/req']
console.log(`\n${idle}\n| ${[...header, 'submissions a transaction', 'load (1 min)'].join(' | ')} |`)
console.log(`|${'---|'.repeat(header.length + 2)}`)
for (const [name, measured] of Object.entries(results)) {
  const mid = (pick: (r: Round) => number) => median(measured.map(pick))
  const cells = [
    name,
    Math.round(mid((r) => r.rps)),
    round(mid((r) => r.rps) / floorRps),
    Math.round(mid((r) => r.server_us)),
    Math.round(mid((r) => r.receiver_us)),
    Math.round(mid((r) => r.client_us)),
    round(
      mid((r) => r.batch),
      1,
    ),
    round(
      mid((r) => r.load1),
      1,
    ),
  ]
  console.log(`| ${cells.join(' | ')} |`)
}
