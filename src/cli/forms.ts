import { type Command, InvalidArgumentError } from 'commander'
import { processClock } from '../clock.js'
import { publicBaseUrl } from '../config.js'
import { seedDemo } from '../domain/forms/demo.js'
import { ensureWorkspace } from '../domain/tokens.js'
import { DeliverySignal } from '../domain/webhooks/signal.js'
import { config, withDatabase } from './setup.js'

function responseCount(value: string): number {
  if (!/^\d{1,9}$/.test(value)) throw new InvalidArgumentError('must be a whole number from 0 to 999999999')
  return Number(value)
}

export function registerFormCommands(program: Command): void {
  program
    .command('seed-demo')
    .description(
      'create a public demo form with every question kind and N responses; prints its link, its dashboard page, and the form id last',
    )
    .option('--responses <n>', 'number of responses', responseCount, 100)
    .option('--workspace <name>', 'workspace (created if new)', 'default')
    .action(async (options: { responses: number; workspace: string }) => {
      const started = Date.now()
      const formId = await withDatabase(async (database) => {
        const workspaceId = await ensureWorkspace(database.db, processClock, options.workspace)
        // No worker runs in this process: a running server finds the deliveries by polling.
        return seedDemo(
          database,
          processClock,
          new DeliverySignal(),
          workspaceId,
          options.responses,
          (stored) => {
            if (process.stderr.isTTY)
              process.stderr.write(`\rstored ${stored} of ${options.responses} responses`)
          },
        )
      })
      if (process.stderr.isTTY) process.stderr.write('\n')
      const seconds = ((Date.now() - started) / 1000).toFixed(1)
      // Where a running server answers: CANVASS_PUBLIC_URL, or HOST and PORT as `serve` reads them.
      const base = publicBaseUrl(config())
      const id = encodeURIComponent(formId)
      console.log(
        `demo form in workspace "${options.workspace}" with ${options.responses} responses (${seconds} s):`,
      )
      console.log(`  answer it:  ${base}/f/${id}`)
      console.log(`  dashboard:  ${base}/app/forms/${id}`)
      console.log(formId)
    })
}
