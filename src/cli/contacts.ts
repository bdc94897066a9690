import { statSync } from 'node:fs'
import cliProgress from 'cli-progress'
import type { Command } from 'commander'
import { loadDotEnv } from '../config.js'
import { type ImportSummary, importContacts } from './contacts-import.js'
import { parseServerUrl } from './options.js'

// `canvass contacts import <file.csv> --list <list_id>`: a client of a running server.

export function registerContactCommands(program: Command): void {
  const contacts = program.command('contacts').description('manage contacts through a running server')
  contacts
    .command('import <file>')
    .description(
      'import a CSV (header row; columns name, email, any others become data) into a contact list, ' +
        'in batches of 1000 through POST /v1/contacts/bulk',
    )
    .requiredOption('--list <list_id>', 'the contact list to add to')
    .option('--url <url>', 'the server (env CANVASS_URL, default http://127.0.0.1:3000)', parseServerUrl)
    .option('--token <token>', 'an API token with contacts:write (env CANVASS_TOKEN)')
    .action(async (file: string, options: { list: string; url?: string; token?: string }) => {
      loadDotEnv()
      let baseUrl: string
      try {
        baseUrl = parseServerUrl(options.url ?? process.env['CANVASS_URL'] ?? 'http://127.0.0.1:3000')
      } catch (error) {
        console.error(`CANVASS_URL: ${(error as Error).message}`)
        process.exitCode = 2
        return
      }
      const token = options.token ?? process.env['CANVASS_TOKEN']
      if (!token) {
        console.error('a token is needed: --token <token> or CANVASS_TOKEN')
        process.exitCode = 2
        return
      }
      const bar = progressBar(file)
      const summary = await importContacts({
        file,
        listId: options.list,
        baseUrl,
        token,
        ...(bar ? { onProgress: (bytes: number) => bar.update(bytes) } : {}),
      })
      if (bar && !summary.fatal) bar.update(bar.getTotal())
      bar?.stop()
      printSummary(file, options.list, summary)
      if (summary.fatal || summary.rejected.length > 0) process.exitCode = 1
    })
}

function progressBar(file: string): cliProgress.SingleBar | undefined {
  if (!process.stdout.isTTY) return undefined
  let size: number
  try {
    size = statSync(file).size
  } catch {
    return undefined
  }
  const bar = new cliProgress.SingleBar(
    {
      stream: process.stdout,
      format: 'importing [{bar}] {percentage}% | {value}/{total} bytes',
      hideCursor: true,
    },
    cliProgress.Presets.shades_classic,
  )
  bar.start(size, 0)
  return bar
}

function printSummary(file: string, listId: string, summary: ImportSummary): void {
  const out = console.log
  out(`${file} -> ${listId}: ${summary.rows} rows read`)
  out(`  added: ${summary.added}`)
  out(`  skipped, already on the list: ${summary.alreadyPresent}`)
  out(`  skipped, repeating an earlier row of the file: ${summary.duplicates.length}`)
  out(`  rejected: ${summary.rejected.length}`)
  for (const duplicate of summary.duplicates) {
    out(`  line ${duplicate.line}: skipped, ${duplicate.email} repeats line ${duplicate.firstLine}`)
  }
  for (const row of summary.rejected) out(`  line ${row.line}: rejected, ${row.reason}`)
  if (summary.fatal) console.error(`import stopped: ${summary.fatal}`)
}
