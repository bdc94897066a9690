import { Socket } from 'node:net'
import { defineConfig, type ViteUserConfig } from 'vitest/config'

// One suite, two databases: every test file runs once on SQLite and once on PostgreSQL, but for
// what a browser shows (browserTests, below), which runs on SQLite.
// Without a reachable PostgreSQL the postgres project is skipped, loudly; under CI it must not be.
// `npm run test:fast` (CANVASS_TEST_SUITE=fast, on SQLite) leaves out the slow tests below, the ones that
// soak, crash, fuzz or run many processes: the suite to run on every change. `npm test` runs all.

/**
 * What a browser shows: these run on SQLite only. A page reaches the database only through the
 * routes of src/http, and every route is tested on both databases by the API tests (the same
 * requests, the same assertions on what is stored); what is left for a browser test to find (a
 * layout, a label, a script, axe) does not depend on the engine underneath. On PostgreSQL as well
 * they took ~1,000 s of a loaded 2-core machine's time for no failure the API tests would miss.
 */
export const browserTests = [
  'test/respondents/browser.test.ts',
  'test/respondents/inline-checks.test.ts',
  'test/respondents/flow-browser.test.ts',
  'test/respondents/new-kinds-browser.test.ts',
  'test/files/page-browser.test.ts',
  'test/i18n/languages-browser.test.ts',
  'test/i18n/accessibility-gate.test.ts',
  'test/respondents/rate-limited-page.test.ts',
  'test/mail/personal-links-browser.test.ts',
  'test/dashboard/browser.test.ts',
  'test/dashboard/insights.test.ts',
  'test/dashboard/funnel.test.ts',
  'test/dashboard/builder.test.ts',
  'test/dashboard/builder-kinds.test.ts',
  'test/dashboard/builder-new-kinds.test.ts',
  'test/dashboard/builder-files.test.ts',
  'test/dashboard/builder-languages.test.ts',
  'test/dashboard/builder-guide.test.ts',
  'test/dashboard/builder-flow.test.ts',
  'test/dashboard/contacts-edit.test.ts',
  'test/dashboard/forms-list.test.ts',
  'test/dashboard/page-titles.test.ts',
  'test/dashboard/response-detail.test.ts',
  'test/dashboard/responses-table.test.ts',
  'test/dashboard/responses-search.test.ts',
  'test/dashboard/webhook-signing.test.ts',
  'test/dashboard/webhook-targets.test.ts',
  'test/dashboard/share.test.ts',
  'test/dashboard/design.test.ts',
  'test/dashboard/invitations.test.ts',
  'test/dashboard/team.test.ts',
  'test/dashboard/sso.test.ts',
  'test/foundation/entry.test.ts',
  'test/docs/reference-page.test.ts',
  'test/docs/dashboard-guide.test.ts',
  'test/files/download-browser.test.ts',
]

export const slowTests = [
  // soak, crash loops, fuzzing
  'test/reliability/load.test.ts',
  'test/reliability/crash.test.ts',
  'test/mail/crash.test.ts',
  'test/reliability/hostile.test.ts',
  'test/reliability/memory.test.ts',
  'test/reliability/insights-memory.test.ts',
  'test/flow/hostile.test.ts',
  // many processes
  'test/reliability/many-processes.test.ts',
  'test/webhooks/processes.test.ts',
  'test/insights/concurrency.test.ts',
  'test/respondents/shared-limits.test.ts',
  'test/contacts/import.test.ts',
  'test/foundation/oversized-body.test.ts',
  'test/foundation/friendly-cli.test.ts',
  'test/team/first-run.test.ts',
  'test/team/brute-force.test.ts',
  'test/foundation/cli.test.ts',
  'test/reliability/wire.test.ts',
  'test/reliability/secrets.test.ts',
  'test/insights/stream.test.ts',
  'test/insights/stream-lifetime.test.ts',
  'test/insights/stream-hangups.test.ts',
  'test/insights/stream-stalls.test.ts',
  'test/reliability/stream-memory.test.ts',
  // a real browser
  ...browserTests,
  // every shell example of the README and docs/, against a fresh server
  'test/docs/examples.test.ts',
]

const pgUrl = new URL(process.env['CANVASS_TEST_PG_URL'] ?? 'postgres://postgres@127.0.0.1:5432/test')

function reachable(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = new Socket()
    const done = (ok: boolean) => {
      socket.destroy()
      resolve(ok)
    }
    socket.setTimeout(1500, () => done(false))
    socket.once('error', () => done(false))
    socket.connect(port, host, () => done(true))
  })
}

export default defineConfig(async (): Promise<ViteUserConfig> => {
  const only = process.env['CANVASS_TEST_DB']
  const wantPostgres = only !== 'sqlite'
  const havePostgres = wantPostgres && (await reachable(pgUrl.hostname, Number(pgUrl.port || 5432)))
  if (wantPostgres && !havePostgres) {
    const message = `PostgreSQL at ${pgUrl.host} cannot be reached: the postgres test project is SKIPPED.`
    if (process.env['CI']) throw new Error(`${message} CI must not skip it.`)
    console.warn(`\n*** ${message} ***\n`)
  }
  const backends = [...(only !== 'postgres' ? ['sqlite'] : []), ...(havePostgres ? ['postgres'] : [])]
  return {
    test: {
      // Sized for a loaded 2-core machine (CI beside two CPU-bound processes): a test that passes
      // takes what it takes; only one that hangs waits this long to fail.
      testTimeout: 60_000,
      hookTimeout: 120_000,
      // Vitest's default is one worker per core less one: a single file at a time on a 2-core
      // machine, though most files wait on databases, child processes and the browser. Two files
      // at a time take the suite from ~22 to ~10 minutes here (565 s, 2026-11-24).
      maxWorkers: 2,
      globalSetup: ['test/support/global-setup.ts'],
      projects: backends.map((backend) => ({
        extends: true,
        test: {
          name: backend,
          include: ['test/**/*.test.ts'],
          exclude: [
            ...(process.env['CANVASS_TEST_SUITE'] === 'fast' ? slowTests : []),
            ...(backend === 'postgres' ? browserTests : []),
          ],
          env: { CANVASS_TEST_DB: backend },
        },
      })),
    },
  }
})
