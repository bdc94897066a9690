import { argon2Options } from '../../src/domain/team/passwords.js'
import { startCanvass } from '../lib/canvass.js'
import { alternate, cpuPerRequest, type LoadResult, load, type Span } from '../lib/load.js'
import { forkTs, lastLine, runCli, stopChild } from '../lib/processes.js'
import { bound, check } from '../lib/report.js'
import { median } from '../lib/stats.js'
import type { Scenario } from './scenario.js'

// sign-in: POST /v1/session with e-mail and password (Argon2id at m=19 MiB, t=2, p=1, OWASP's
// recommended minimum), each a new member session, from a few people at once; against a bare
// node:http server that only checks the same password with the same parameters. The target is
// an absolute p99 under 250 ms; the sign-in limits are off, or they would answer 429 instead.

const CONNECTIONS = 4
const TARGET_P99_MS = 250
const EMAIL = 'bench-sign-in@example.com'
const PASSWORD = 'bench sign-in passphrase 2026'

export const signIn: Scenario = {
  name: 'sign-in',
  databases: ['sqlite', 'postgres'],
  floor: 'bare node:http + one Argon2id verify at the same parameters',
  async run(context) {
    const database = await context.freshDatabase('sign-in')
    const canvass = await startCanvass(database, {
      CANVASS_SIGN_IN_ACCOUNT_LIMIT: '0',
      CANVASS_SIGN_IN_ADDRESS_LIMIT: '0',
      CANVASS_AUTH_FAILURE_LIMIT: '0',
    })
    const floor = await forkTs('bench/floors/sign-in.ts', { BENCH_PASSWORD: PASSWORD })
    try {
      const env = { DATABASE_URL: database.url, CANVASS_PUBLIC_URL: canvass.url }
      const link = lastLine(await runCli(['member', 'create', '--email', EMAIL, '--role', 'editor'], env))
      const code = new URL(link).searchParams.get('code')
      const browser = { 'content-type': 'application/json', origin: canvass.url, 'x-canvass-csrf': '1' }
      const setup = await fetch(`${canvass.url}/v1/setup`, {
        method: 'POST',
        headers: browser,
        body: JSON.stringify({ code, email: EMAIL, name: 'Bench', password: PASSWORD }),
      })
      if (setup.status !== 201) throw new Error(`setup answered ${setup.status}: ${await setup.text()}`)
      const body = JSON.stringify({ email: EMAIL, password: PASSWORD })
      const post = { method: 'POST' as const, body, connections: CONNECTIONS }
      const canvassRun = (span: Span) =>
        load({ ...post, url: `${canvass.url}/v1/session`, headers: browser, serverPid: canvass.pid, ...span })
      const floorRun = (span: Span) =>
        load({
          ...post,
          url: `http://127.0.0.1:${floor.port}/`,
          headers: { 'content-type': 'application/json' },
          serverPid: floor.child.pid ?? 0,
          ...span,
        })
      await canvassRun({ amount: Math.min(context.warmupRequests, 50) })
      await floorRun({ amount: Math.min(context.warmupRequests, 50) })
      const runs = await alternate(
        context.rounds,
        () => canvassRun({ seconds: context.roundSeconds }),
        () => floorRun({ seconds: context.roundSeconds }),
      )
      const p99 = (results: LoadResult[]) => median(results.map((r) => r.p99Ms))
      const rps = (results: LoadResult[]) => median(results.map((r) => r.rps))
      return {
        checks: [
          bound('p99 ms', p99(runs.a), '<=', TARGET_P99_MS),
          check('req/s', rps(runs.a), rps(runs.b), { op: '>=', value: 0.6 }),
        ],
        peakRssMb: canvass.peakRssMb(),
        details: {
          argon2id: `m=${argon2Options.memoryCost} KiB, t=${argon2Options.timeCost}, p=${argon2Options.parallelism}`,
          connections: CONNECTIONS,
          canvass_p50_ms: median(runs.a.map((r) => r.p50Ms)),
          canvass_p99_ms: p99(runs.a),
          floor_p99_ms: p99(runs.b),
          canvass_cpu_us_per_request: cpuPerRequest(runs.a),
          floor_cpu_us_per_request: cpuPerRequest(runs.b),
          failed_requests: [...runs.a, ...runs.b].reduce((sum, r) => sum + r.failed, 0),
        },
      }
    } finally {
      await stopChild(floor.child)
      await canvass.stop()
    }
  },
}
