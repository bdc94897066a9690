import { existsSync } from 'node:fs'
import { cpus, loadavg } from 'node:os'
import { parseArgs } from 'node:util'
import type { BenchDb } from './lib/database.js'
import { cliPath } from './lib/processes.js'
import { formatTable, type ScenarioReport, writeResults } from './lib/report.js'
import { bulkContacts } from './scenarios/bulk-contacts.js'
import { dashboardInsights } from './scenarios/dashboard-insights.js'
import { deepPage } from './scenarios/deep-page.js'
import { exportScenario } from './scenarios/export.js'
import { flowPage, flowPageTranslated } from './scenarios/flow-page.js'
import { flowSubmit } from './scenarios/flow-submit.js'
import { insightsScenario } from './scenarios/insights.js'
import { invite10k } from './scenarios/invite-10k.js'
import { largePages } from './scenarios/large-pages.js'
import { listPage } from './scenarios/list-page.js'
import { mailSend } from './scenarios/mail-send.js'
import { pageWalk } from './scenarios/page-walk.js'
import { formPage, formPageTranslated, publicSubmit } from './scenarios/respondents.js'
import { type BenchContext, Databases, type Scenario } from './scenarios/scenario.js'
import { signIn } from './scenarios/sign-in.js'
import { submit } from './scenarios/submit.js'
import { upload } from './scenarios/upload.js'
import { webhookE2e } from './scenarios/webhook-e2e.js'

// `npm run bench [-- --db sqlite|postgres] [--only <name>] [--quick]`
//
// Each scenario measures Canvass (the compiled CLI in a child process) against a floor in the
// same run, A B A B, and reports the ratio: absolute figures are not comparable between runs on
// a shared machine, ratios are. The bench never fails on a figure: it reports and exits 0.

const scenarios: Scenario[] = [
  listPage,
  deepPage,
  pageWalk,
  bulkContacts,
  submit,
  webhookE2e,
  mailSend,
  exportScenario,
  formPage,
  formPageTranslated,
  publicSubmit,
  largePages,
  insightsScenario,
  dashboardInsights,
  flowSubmit,
  flowPage,
  flowPageTranslated,
  invite10k,
  signIn,
  upload,
]

const { values } = parseArgs({
  options: {
    db: { type: 'string', default: 'sqlite' },
    only: { type: 'string' },
    quick: { type: 'boolean', default: false },
  },
})

const db = values.db as BenchDb
if (db !== 'sqlite' && db !== 'postgres') {
  console.error(`--db must be sqlite or postgres, got ${values.db}`)
  process.exit(2)
}
const names = scenarios.map((s) => s.name)
const only = values.only?.split(',').map((name) => name.trim())
const unknown = only?.filter((name) => !names.includes(name)) ?? []
if (unknown.length > 0) {
  console.error(`unknown scenario ${unknown.join(', ')}; known: ${names.join(', ')}`)
  process.exit(2)
}
if (!existsSync(cliPath)) {
  console.error(`${cliPath} is missing: run npm run build first (npm run bench does)`)
  process.exit(2)
}

const quick = values.quick ?? false
const selected = scenarios.filter(
  (scenario) => scenario.databases.includes(db) && (only === undefined || only.includes(scenario.name)),
)
const log = (line: string) => console.log(line)
const databases = new Databases(db, log)
const context: BenchContext = {
  db,
  quick,
  rounds: quick ? 2 : 5,
  roundSeconds: quick ? 1.5 : 5,
  warmupRequests: quick ? 500 : 3000,
  dataset: (responses) => databases.dataset(responses),
  freshDatabase: (label) => databases.fresh(label),
  log,
}

// Interrupted: still drop the throwaway databases (children die with their parent's SIGINT).
process.once('SIGINT', () => {
  void databases.dropAll().finally(() => process.exit(130))
})

const startedAt = new Date()
// A figure measured while other processes ran is not comparable with a quiet run's (performance.md).
const loadAtStart = loadavg()
const reports: ScenarioReport[] = []
try {
  for (const scenario of selected) {
    log(`${scenario.name} (${db}): against ${scenario.floor}`)
    const started = performance.now()
    try {
      const report = await scenario.run(context)
      reports.push({ scenario: scenario.name, db, floor: scenario.floor, ...report })
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error)
      log(`  not measured: ${message}`)
      reports.push({
        scenario: scenario.name,
        db,
        floor: scenario.floor,
        checks: [],
        peakRssMb: Number.NaN,
        details: {},
        error: message,
      })
    }
    log(`  done in ${((performance.now() - started) / 1000).toFixed(1)} s`)
  }
} finally {
  await databases.dropAll()
}

const seconds = (Date.now() - startedAt.getTime()) / 1000
console.log()
console.log(formatTable(reports))
const label = `${quick ? '-quick' : ''}${only ? `-${only.join('+')}` : ''}`
const file = writeResults(
  db,
  label,
  {
    started_at: startedAt.toISOString(),
    seconds: Math.round(seconds),
    db,
    quick,
    rounds: context.rounds,
    round_seconds: context.roundSeconds,
    warmup_requests: context.warmupRequests,
    machine: { cpus: cpus().length, cpu: cpus()[0]?.model ?? 'unknown', node: process.version },
    load_average: {
      start: loadAtStart.map((n) => Number(n.toFixed(2))),
      end: loadavg().map((n) => Number(n.toFixed(2))),
    },
  },
  reports,
)
console.log(`\n${reports.length} scenario(s) in ${seconds.toFixed(0)} s; results in ${file}`)
