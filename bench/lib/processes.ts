import { type ChildProcess, fork, type Serializable, spawn } from 'node:child_process'
import { createServer } from 'node:net'
import { resolve } from 'node:path'

// Child processes of the bench: Canvass itself (the compiled CLI) and the floors and the
// webhook receiver (TypeScript, run through tsx). Every address is on 127.0.0.1.

export const repoRoot = resolve(import.meta.dirname, '../..')
// BENCH_CANVASS_CLI measures another build (e.g. a patched copy of dist/, for a before/after).
export const cliPath = process.env['BENCH_CANVASS_CLI'] ?? resolve(repoRoot, 'dist/cli/main.js')

/** A free port on 127.0.0.1 (asked of the kernel, then released for the child to take). */
export function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer()
    server.once('error', fail)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() => done(typeof address === 'object' && address ? address.port : 0))
    })
  })
}

/** Runs a Canvass CLI command to completion and returns its stdout; throws with its output on failure. */
export function runCli(args: string[], env: Record<string, string>): Promise<string> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [cliPath, ...args], {
      env: { PATH: process.env['PATH'] ?? '', LOG_LEVEL: 'warn', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let out = ''
    let err = ''
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString()
    })
    child.stderr.on('data', (chunk: Buffer) => {
      err += chunk.toString()
    })
    child.once('exit', (code) =>
      code === 0 ? done(out) : fail(new Error(`canvass ${args.join(' ')} exited ${code}:\n${out}${err}`)),
    )
  })
}

export const lastLine = (text: string): string => text.trimEnd().split('\n').at(-1) ?? ''

export async function waitUntilUp(url: string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    try {
      const response = await fetch(url)
      await response.arrayBuffer()
      if (response.ok) return
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${url} did not answer within ${timeoutMs} ms`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

export async function stopChild(child: ChildProcess, timeoutMs = 10_000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return
  const exited = new Promise<void>((done) => child.once('exit', () => done()))
  child.kill('SIGTERM')
  const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs)
  await exited
  clearTimeout(timer)
}

const forkBench = (file: string, env: Record<string, string>): ChildProcess =>
  fork(resolve(repoRoot, file), [], {
    cwd: repoRoot,
    execArgv: ['--import', 'tsx'],
    env: { PATH: process.env['PATH'] ?? '', ...env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  })

/** The first IPC message of a forked program; fails if it exits before sending one. */
const firstMessage = <T>(child: ChildProcess, file: string): Promise<T> =>
  new Promise<T>((done, fail) => {
    child.once('message', (message) => done(message as T))
    child.once('exit', (code) => fail(new Error(`${file} exited ${code} before it was ready`)))
  })

/**
 * Forks one of the bench's own TypeScript programs (a floor server, the webhook receiver) and
 * waits for its first IPC message, `{ port }`.
 */
export async function forkTs(
  file: string,
  env: Record<string, string>,
): Promise<{ child: ChildProcess; port: number }> {
  const child = forkBench(file, env)
  const { port } = await firstMessage<{ port?: number }>(child, file)
  return { child, port: port ?? 0 }
}

/**
 * Forks one of the bench's own TypeScript programs that answers requests over IPC, one at a
 * time (a client that must not share the bench process's heap), once it says `{ ready }`.
 */
export async function forkWorker<Request extends Serializable, Result>(file: string) {
  const child = forkBench(file, {})
  await firstMessage(child, file)
  let busy = false
  return {
    call: (request: Request) =>
      new Promise<Result>((done, fail) => {
        if (busy) return fail(new Error(`${file} answers one request at a time`))
        if (!child.connected) return fail(new Error(`${file} is no longer running`))
        busy = true
        const settle = () => {
          busy = false
          child.off('exit', exited)
          child.off('message', answered)
        }
        const exited = (code: number | null, signal: string | null) => {
          settle()
          fail(new Error(`${file} exited (${signal ?? code}) before answering`))
        }
        const answered = (message: Result | { error: string }) => {
          settle()
          if (message !== null && typeof message === 'object' && 'error' in message)
            fail(new Error(message.error))
          else done(message as Result)
        }
        child.on('exit', exited)
        child.on('message', answered)
        child.send(request, (error) => {
          if (error) {
            settle()
            fail(error)
          }
        })
      }),
    stop: () => stopChild(child),
  }
}
