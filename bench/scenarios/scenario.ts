import { type CanvassServer, seedDemo } from '../lib/canvass.js'
import { type BenchDb, createThrowawayDatabase, type ThrowawayDatabase } from '../lib/database.js'
import type { ScenarioReport } from '../lib/report.js'

// What every scenario gets from the runner, and what it must give back.

export interface Scenario {
  name: string
  /** Databases the scenario runs on (issue 6: SQLite for all; list-page and bulk-contacts also PostgreSQL). */
  databases: BenchDb[]
  /** One line: what the floor is. */
  floor: string
  run(context: BenchContext): Promise<Omit<ScenarioReport, 'scenario' | 'db' | 'floor'>>
}

export interface BenchContext {
  db: BenchDb
  quick: boolean
  /** A B A B rounds, and the length of each timed round. */
  rounds: number
  roundSeconds: number
  /** Requests before the measured rounds (JIT, caches), per side: a count, so a busy machine warms as much. */
  warmupRequests: number
  /** A seeded demo form with this many responses, shared by the read-only scenarios of one run. */
  dataset(responses: number): Promise<Dataset>
  /** A throwaway database for a scenario that writes; dropped at the end of the run. */
  freshDatabase(label: string): Promise<ThrowawayDatabase>
  log(line: string): void
}

export interface Dataset {
  database: ThrowawayDatabase
  formId: string
  responses: number
}

export const bearer = (server: CanvassServer): Record<string, string> => ({
  authorization: `Bearer ${server.token}`,
})

/** Owns the run's throwaway databases: seeds each dataset once, drops everything at the end. */
export class Databases {
  private readonly created: ThrowawayDatabase[] = []
  private readonly datasets = new Map<number, Promise<Dataset>>()

  constructor(
    private readonly db: BenchDb,
    private readonly log: (line: string) => void,
  ) {}

  async fresh(label: string): Promise<ThrowawayDatabase> {
    const database = await createThrowawayDatabase(this.db, label)
    this.created.push(database)
    return database
  }

  dataset(responses: number): Promise<Dataset> {
    let dataset = this.datasets.get(responses)
    if (!dataset) {
      dataset = (async () => {
        const database = await this.fresh(`r${responses}`)
        const started = performance.now()
        const formId = await seedDemo(database, responses)
        this.log(
          `  seeded ${responses.toLocaleString('en-US')} responses in ${((performance.now() - started) / 1000).toFixed(1)} s`,
        )
        return { database, formId, responses }
      })()
      this.datasets.set(responses, dataset)
    }
    return dataset
  }

  async dropAll(): Promise<void> {
    for (const database of this.created.splice(0)) await database.drop().catch(() => undefined)
  }
}
