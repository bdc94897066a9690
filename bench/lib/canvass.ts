import { type ChildProcess, spawn } from 'node:child_process'
import type { ThrowawayDatabase } from './database.js'
import { readMemory } from './proc.js'
import { cliPath, freePort, lastLine, runCli, stopChild, waitUntilUp } from './processes.js'

// Canvass as its users run it: the compiled CLI (`dist/cli/main.js`) in a child process,
// rate limiting off and quiet logs, so the figures are Canvass's and not the log's.

export interface CanvassServer {
  url: string
  pid: number
  token: string
  child: ChildProcess
  /** Peak RSS of the server process so far (VmHWM), in MB. */
  peakRssMb(): number
  stop(): Promise<void>
}

function databaseEnv(
  database: ThrowawayDatabase,
  extra: Record<string, string> = {},
): Record<string, string> {
  return { DATABASE_URL: database.url, ...extra }
}

/** `canvass seed-demo --responses N`: returns the demo form's id (its last line of output). */
export async function seedDemo(database: ThrowawayDatabase, responses: number): Promise<string> {
  const out = await runCli(['seed-demo', '--responses', String(responses)], databaseEnv(database))
  return lastLine(out)
}

export async function createToken(database: ThrowawayDatabase): Promise<string> {
  return lastLine(await runCli(['token', 'create', '--name', 'bench'], databaseEnv(database)))
}

export async function startCanvass(
  database: ThrowawayDatabase,
  extraEnv: Record<string, string> = {},
): Promise<CanvassServer> {
  const token = await createToken(database)
  const port = await freePort()
  // BENCH_CPU_PROF=<dir>: the server writes a V8 CPU profile there when it stops.
  const profileDir = process.env['BENCH_CPU_PROF']
  const profile = profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : []
  // BENCH_NODE_FLAGS="--trace-gc ...": more V8 flags for the server, whose output then goes to
  // this process's stdout (to see where memory goes: `npm run bench -- --only large-pages`).
  const flags = process.env['BENCH_NODE_FLAGS']?.split(' ').filter(Boolean) ?? []
  const child = spawn(process.execPath, [...profile, ...flags, cliPath, 'serve'], {
    env: {
      PATH: process.env['PATH'] ?? '',
      ...databaseEnv(database),
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'warn',
      CANVASS_RATE_LIMIT: '0',
      // glibc malloc settings of the bench's environment, e.g. MALLOC_MMAP_THRESHOLD_ (docs/operating.md).
      ...Object.fromEntries(Object.entries(process.env).filter(([name]) => name.startsWith('MALLOC_'))),
      ...extraEnv,
    },
    stdio: ['ignore', flags.length > 0 ? 'inherit' : 'ignore', 'inherit'],
  })
  const url = `http://127.0.0.1:${port}`
  try {
    // A loaded machine can take tens of seconds to start a server.
    await waitUntilUp(`${url}/healthz`, 120_000)
  } catch (error) {
    await stopChild(child)
    throw error
  }
  const pid = child.pid ?? 0
  return {
    url,
    pid,
    token,
    child,
    peakRssMb: () => readMemory(pid)?.peakMb ?? Number.NaN,
    stop: () => stopChild(child),
  }
}

/** A JSON request to Canvass with the bench token; throws unless the status is the expected one. */
export async function api<T>(
  server: CanvassServer,
  method: string,
  path: string,
  body: unknown,
  expected: number,
): Promise<T> {
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${server.token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  })
  const text = await response.text()
  if (response.status !== expected) {
    throw new Error(
      `${method} ${path} answered ${response.status}, expected ${expected}: ${text.slice(0, 500)}`,
    )
  }
  return (text === '' ? undefined : JSON.parse(text)) as T
}
