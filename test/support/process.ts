import { type ChildProcess, spawn } from 'node:child_process'
import { resolve } from 'node:path'

// Runs the built CLI (`dist/cli/main.js`, built by `npm test`'s pretest) as a real child process.

export const cliPath = resolve(import.meta.dirname, '../../dist/cli/main.js')

export interface CanvassProcess {
  child: ChildProcess
  output(): string
  /** Resolves with the first match of pattern in stdout+stderr, waiting up to timeoutMs. */
  waitFor(pattern: RegExp, timeoutMs?: number): Promise<RegExpMatchArray>
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>
}

export function spawnCanvass(args: string[], env: Record<string, string>): CanvassProcess {
  const child = spawn(process.execPath, [cliPath, ...args], {
    env: {
      PATH: process.env['PATH'] ?? '',
      LOG_LEVEL: 'info',
      CANVASS_RATE_LIMIT: '0',
      CANVASS_AUTH_FAILURE_LIMIT: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let text = ''
  const listeners = new Set<() => void>()
  const append = (chunk: Buffer) => {
    text += chunk.toString()
    for (const listener of listeners) listener()
  }
  child.stdout?.on('data', append)
  child.stderr?.on('data', append)
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((done) =>
    child.once('exit', (code, signal) => done({ code, signal })),
  )
  return {
    child,
    output: () => text,
    exited,
    waitFor(pattern, timeoutMs = 60_000) {
      return new Promise((done, fail) => {
        const check = () => {
          const match = text.match(pattern)
          if (match) {
            cleanup()
            done(match)
          }
        }
        const timer = setTimeout(() => {
          cleanup()
          fail(new Error(`timed out waiting for ${pattern}; output so far:\n${text}`))
        }, timeoutMs)
        const onExit = () => {
          check()
          cleanup()
          fail(new Error(`process exited before ${pattern}; output:\n${text}`))
        }
        const cleanup = () => {
          clearTimeout(timer)
          listeners.delete(check)
          child.off('exit', onExit)
        }
        listeners.add(check)
        child.once('exit', onExit)
        check()
      })
    },
  }
}

/** Runs a CLI command to completion. */
export async function runCanvass(
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number | null; output: string }> {
  const run = spawnCanvass(args, env)
  const { code } = await run.exited
  return { code, output: run.output() }
}

/** Starts `canvass serve` on a free port and waits until it listens. */
export async function startServe(
  env: Record<string, string>,
  args: string[] = [],
): Promise<CanvassProcess & { baseUrl: string; stop(): Promise<void> }> {
  const server = spawnCanvass(['serve', ...args], { PORT: '0', HOST: '127.0.0.1', ...env })
  // With CANVASS_PUBLIC_URL set the line names that address; the log says where it listens.
  const listening = env['CANVASS_PUBLIC_URL']
    ? /"Server listening at (http:\/\/127\.0\.0\.1:\d+)"/m
    : /^Canvass is running: dashboard (http:\/\/127\.0\.0\.1:\d+)\/app, API /m
  const [, baseUrl] = await server.waitFor(listening).catch(async (error: unknown) => {
    await kill(server) // a server that never listened must not outlive the failed test
    throw error
  })
  return {
    ...server,
    baseUrl: baseUrl as string,
    async stop() {
      if (server.child.exitCode === null && server.child.signalCode === null) {
        server.child.kill('SIGTERM')
        await server.exited
      }
    },
  }
}

/** SIGTERM, then SIGKILL if the child has not exited after graceMs. */
async function kill(run: CanvassProcess, graceMs = 2_000): Promise<void> {
  const { child } = run
  if (child.exitCode !== null || child.signalCode !== null) return
  child.kill('SIGTERM')
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs)
  await run.exited
  clearTimeout(timer)
}

export function lastLine(text: string): string {
  return text.trimEnd().split('\n').at(-1) ?? ''
}
