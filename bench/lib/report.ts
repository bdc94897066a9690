import { mkdirSync, writeFileSync } from 'node:fs'
import { resolve } from 'node:path'
import type { BenchDb } from './database.js'
import { repoRoot } from './processes.js'
import { round } from './stats.js'

// What a scenario reports: one or more checks (a Canvass figure against its floor and target)
// and the peak RSS of the server process.

export interface Check {
  /** What is compared, e.g. "req/s" or "p99 ms". */
  measure: string
  canvass: number
  floor: number
  /** canvass / floor. */
  ratio: number
  /** The target on the ratio: at least (>=) or at most (<=) this value. */
  target: { op: '>=' | '<='; value: number }
  pass: boolean
}

export interface ScenarioReport {
  scenario: string
  db: BenchDb
  floor: string
  checks: Check[]
  peakRssMb: number
  /** Other figures worth keeping (latencies, counts, RSS growth, data sizes). */
  details: Record<string, number | string>
  error?: string
}

export function check(
  measure: string,
  canvass: number,
  floor: number,
  target: { op: '>=' | '<='; value: number },
): Check {
  const ratio = canvass / floor
  const pass = target.op === '>=' ? ratio >= target.value : ratio <= target.value
  return { measure, canvass: round(canvass, 1), floor: round(floor, 1), ratio: round(ratio, 3), target, pass }
}

/** A check against an absolute bound (the floor column shows the bound, the ratio is figure / bound). */
export function bound(measure: string, value: number, op: '>=' | '<=', limit: number): Check {
  const pass = op === '>=' ? value >= limit : value <= limit
  return {
    measure,
    canvass: round(value, 1),
    floor: limit,
    ratio: round(value / limit, 3),
    target: { op, value: 1 },
    pass,
  }
}

const fmt = (value: number): string =>
  Number.isNaN(value)
    ? '-'
    : value >= 100
      ? Math.round(value).toLocaleString('en-US')
      : String(round(value, 2))

export function formatTable(reports: ScenarioReport[]): string {
  const header = ['scenario', 'db', 'measure', 'Canvass', 'floor', 'ratio', 'target', 'result', 'peak RSS MB']
  const rows: string[][] = []
  for (const report of reports) {
    if (report.error !== undefined) {
      rows.push([report.scenario, report.db, 'not measured', '-', '-', '-', '-', 'error', '-'])
      continue
    }
    report.checks.forEach((c, index) => {
      rows.push([
        index === 0 ? report.scenario : '',
        index === 0 ? report.db : '',
        c.measure,
        fmt(c.canvass),
        fmt(c.floor),
        fmt(c.ratio),
        `${c.target.op} ${c.target.value}`,
        c.pass ? 'pass' : 'SHORT',
        index === 0 ? fmt(report.peakRssMb) : '',
      ])
    })
  }
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => (row[i] ?? '').length)))
  const line = (cells: string[]) => `| ${cells.map((cell, i) => cell.padEnd(widths[i] ?? 0)).join(' | ')} |`
  return [line(header), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...rows.map(line)].join('\n')
}

export function writeResults(
  db: BenchDb,
  label: string,
  run: Record<string, unknown>,
  reports: ScenarioReport[],
): string {
  const directory = resolve(repoRoot, 'bench/results')
  mkdirSync(directory, { recursive: true })
  const date = new Date().toISOString().slice(0, 10)
  const file = resolve(directory, `${date}-${db}${label}.json`)
  writeFileSync(file, `${JSON.stringify({ ...run, scenarios: reports }, null, 2)}\n`)
  return file
}
