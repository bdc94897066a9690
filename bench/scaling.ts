import { execFileSync } from 'node:child_process'
import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { cpus, loadavg } from 'node:os'
import { resolve } from 'node:path'
import { parseArgs } from 'node:util'
import pg from 'pg'
import { type CanvassServer, seedDemo, startCanvass } from './lib/canvass.js'
import { createThrowawayDatabase, type ThrowawayDatabase } from './lib/database.js'
import { type LoadResult, load } from './lib/load.js'
import { cpuSeconds } from './lib/proc.js'
import { repoRoot } from './lib/processes.js'
import { median, round } from './lib/stats.js'
import { eightAnswers } from './scenarios/submissions.js'

// `npx tsx bench/scaling.ts [--processes 1,2,4] [--forms 1] [--seconds 10] [--rounds 3] [--quick]`
// (after `npm run build`): docs/scaling.md's table. Starts N `canvass serve` processes from
// dist/ on one throwaway PostgreSQL database (CANVASS_BENCH_PG_URL, as `npm run bench`), only the
// first with a delivery worker, and drives list-page (page 1 of 25) and submit (8 answers, token,
// spread over --forms forms) with autocannon spread evenly over the N ports. No floor: this
// measures how throughput grows with processes and what saturates first, so beside req/s it
// reports the CPU used (in cores) by the servers, by PostgreSQL, by this load generator, and the
// machine's idle share. Writes bench/results/<date>-postgres-scaling.json.

const { values } = parseArgs({
  options: {
    processes: { type: 'string', default: '1,2,4' },
    forms: { type: 'string', default: '1' },
    responses: { type: 'string', default: '10000' },
    connections: { type: 'string', default: '32' },
    seconds: { type: 'string', default: '10' },
    rounds: { type: 'string', default: '3' },
    quick: { type: 'boolean', default: false },
  },
})

const quick = values.quick ?? false
const counts = (values.processes ?? '1').split(',').map(Number)
const forms = Number(values.forms)
const connections = Number(values.connections)
const seconds = quick ? 3 : Number(values.seconds)
const rounds = quick ? 1 : Number(values.rounds)
// Warm-up by count, not time: on a busy machine a few seconds serve too few requests for the JIT
// to have optimised Canvass's paths (docs/performance.md#submit-on-a-busy-machine).
const warmupRequests = quick ? 1000 : 5000
if ([...counts, forms, connections, seconds, rounds].some((n) => !Number.isInteger(n) || n < 1)) {
  console.error('--processes, --forms, --connections, --seconds and --rounds take whole numbers >= 1')
  process.exit(2)
}

/** CPU seconds used so far by each process whose command is `postgres` (server and backends). */
function postgresCpu(): Map<number, number> {
  const used = new Map<number, number>()
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      if (readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'postgres')
        used.set(Number(pid), cpuSeconds(Number(pid)))
    } catch {
      // gone meanwhile
    }
  }
  return used
}

/** PostgreSQL's CPU seconds since `before`; a backend that exited meanwhile is not counted. */
function postgresCpuSince(before: Map<number, number>): number {
  let total = 0
  for (const [pid, seconds] of postgresCpu()) total += seconds - (before.get(pid) ?? 0)
  return total
}

/** The machine's idle and total CPU time so far, in clock ticks (first line of /proc/stat). */
function machineTicks(): { idle: number; total: number } {
  const fields = (readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '')
    .trim()
    .split(/\s+/)
    .slice(1)
    .map(Number)
  return { idle: (fields[3] ?? 0) + (fields[4] ?? 0), total: fields.reduce((sum, n) => sum + n, 0) }
}

interface Sample {
  rps: number
  p99Ms: number
  failed: number
  canvassCores: number
  postgresCores: number
  loadGeneratorCores: number
  idleShare: number
}

type Target = { url: string; body?: string }

const headersOf = (server: CanvassServer | undefined) => ({
  authorization: `Bearer ${server?.token}`,
  'content-type': 'application/json',
})

async function warmUp(servers: CanvassServer[], targets: Target[]): Promise<void> {
  const each = Math.max(1, Math.round(connections / targets.length))
  await Promise.all(
    targets.map((target) =>
      load({
        url: target.url,
        connections: each,
        amount: Math.ceil(warmupRequests / targets.length),
        headers: headersOf(servers[0]),
        ...(target.body === undefined ? {} : { method: 'POST' as const, body: target.body }),
      }),
    ),
  )
}

/** One round: autocannon on every target at once, connections shared evenly; CPU taken around it. */
async function oneRound(servers: CanvassServer[], targets: Target[], duration: number): Promise<Sample> {
  const serverCpu = () => servers.reduce((sum, server) => sum + cpuSeconds(server.pid), 0)
  const before = {
    canvass: serverCpu(),
    pg: postgresCpu(),
    self: process.cpuUsage(),
    ticks: machineTicks(),
  }
  const started = performance.now()
  const each = Math.max(1, Math.round(connections / targets.length))
  const results: LoadResult[] = await Promise.all(
    targets.map((target) =>
      load({
        url: target.url,
        connections: each,
        seconds: duration,
        headers: headersOf(servers[0]),
        ...(target.body === undefined ? {} : { method: 'POST' as const, body: target.body }),
      }),
    ),
  )
  const wall = (performance.now() - started) / 1000
  const self = process.cpuUsage(before.self)
  const ticks = machineTicks()
  return {
    rps: results.reduce((sum, r) => sum + r.rps, 0),
    p99Ms: Math.max(...results.map((r) => r.p99Ms)),
    failed: results.reduce((sum, r) => sum + r.failed, 0),
    canvassCores: (serverCpu() - before.canvass) / wall,
    postgresCores: postgresCpuSince(before.pg) / wall,
    loadGeneratorCores: (self.user + self.system) / 1e6 / wall,
    idleShare: (ticks.idle - before.ticks.idle) / (ticks.total - before.ticks.total),
  }
}

interface Row {
  processes: number
  workload: string
  rps: number
  p99_ms: number
  failed: number
  canvass_cores: number
  postgres_cores: number
  load_generator_cores: number
  idle_share: number
  load_average: string
}

async function measure(workload: string, servers: CanvassServer[], targets: Target[]): Promise<Row> {
  await warmUp(servers, targets)
  const samples: Sample[] = []
  for (let index = 0; index < rounds; index++) samples.push(await oneRound(servers, targets, seconds))
  const mid = (pick: (sample: Sample) => number, digits = 2) => round(median(samples.map(pick)), digits)
  return {
    processes: servers.length,
    workload,
    rps: mid((s) => s.rps, 0),
    p99_ms: mid((s) => s.p99Ms, 1),
    failed: samples.reduce((sum, s) => sum + s.failed, 0),
    canvass_cores: mid((s) => s.canvassCores),
    postgres_cores: mid((s) => s.postgresCores),
    load_generator_cores: mid((s) => s.loadGeneratorCores),
    idle_share: mid((s) => s.idleShare),
    load_average: loadavg()
      .map((n) => n.toFixed(1))
      .join(' '),
  }
}

let storedBytes = 0

/** What a stored response takes on disk: its row, its figures and their indexes, averaged. */
async function bytesPerResponse(database: ThrowawayDatabase, responses: number): Promise<number> {
  const client = new pg.Client({ connectionString: database.connectionString })
  await client.connect()
  try {
    await client.query('vacuum analyze responses, response_figures')
    const { rows } = await client.query<{ bytes: string }>(
      `select pg_total_relation_size('responses') + pg_total_relation_size('response_figures') as bytes`,
    )
    return Math.round(Number(rows[0]?.bytes) / Math.max(1, responses))
  } finally {
    await client.end()
  }
}

async function run(database: ThrowawayDatabase): Promise<Row[]> {
  const started = performance.now()
  const listed = await seedDemo(database, Number(values.responses))
  const submitted = [listed]
  for (let index = 1; index < forms; index++) submitted.push(await seedDemo(database, 0))
  console.log(
    `seeded ${values.responses} responses in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  )
  storedBytes = await bytesPerResponse(database, Number(values.responses))
  console.log(`${storedBytes} bytes a response (responses and response_figures, with their indexes)`)
  const rows: Row[] = []
  for (const count of counts) {
    const servers: CanvassServer[] = []
    try {
      for (let index = 0; index < count; index++)
        servers.push(await startCanvass(database, index === 0 ? {} : { CANVASS_WORKER: '0' }))
      const pages = servers.map((server) => ({
        url: `${server.url}/v1/forms/${listed}/responses?page=1&page_size=25`,
      }))
      const posts = servers.flatMap((server) =>
        submitted.map((form) => ({ url: `${server.url}/v1/forms/${form}/responses`, body: eightAnswers })),
      )
      for (const [workload, targets] of [
        ['list-page', pages],
        [forms === 1 ? 'submit' : `submit (${forms} forms)`, posts],
      ] as const) {
        const row = await measure(workload, servers, targets)
        rows.push(row)
        console.log(JSON.stringify(row))
      }
    } finally {
      for (const server of servers) await server.stop()
    }
  }
  return rows
}

function table(rows: Row[]): string {
  const lines = [
    '| processes | workload | req/s | p99 ms | Canvass cores | PostgreSQL cores | load generator cores | idle | load average |',
    '|---|---|---|---|---|---|---|---|---|',
  ]
  for (const r of rows)
    lines.push(
      `| ${r.processes} | ${r.workload} | ${r.rps.toLocaleString('en-US')} | ${r.p99_ms} | ${r.canvass_cores} | ${r.postgres_cores} | ${r.load_generator_cores} | ${Math.round(r.idle_share * 100)} % | ${r.load_average} |`,
    )
  return lines.join('\n')
}

// The commit measured, for the results file (a build of uncommitted changes says so).
const git = (...args: string[]) => execFileSync('git', args, { cwd: repoRoot, encoding: 'utf8' }).trim()
const commit = `${git('rev-parse', '--short', 'HEAD')}${git('status', '--porcelain', '--', 'src') ? '+changes' : ''}`
const database = await createThrowawayDatabase('postgres', 'scaling')
process.once('SIGINT', () => void database.drop().finally(() => process.exit(130)))
const startedAt = new Date()
let rows: Row[] = []
try {
  rows = await run(database)
} finally {
  await database.drop()
}
console.log(`\n${table(rows)}`)
const file = resolve(
  repoRoot,
  `bench/results/${startedAt.toISOString().slice(0, 10)}-postgres-scaling${quick ? '-quick' : ''}.json`,
)
const runInfo = {
  started_at: startedAt.toISOString(),
  commit,
  quick,
  seconds,
  rounds,
  warmup_requests: warmupRequests,
  connections,
  forms,
  bytes_per_response: storedBytes,
}
const machine = { cpus: cpus().length, cpu: cpus()[0]?.model ?? 'unknown', node: process.version }
writeFileSync(file, `${JSON.stringify({ ...runInfo, machine, rows }, null, 2)}\n`)
console.log(`results in ${file}`)
