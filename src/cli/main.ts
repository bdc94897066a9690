#!/usr/bin/env node
import { Command } from 'commander'
import { ConfigError } from '../config.js'
import { tuneHeap } from '../heap.js'
import { registerContactCommands } from './contacts.js'
import { describeFailure } from './failures.js'
import { registerFormCommands } from './forms.js'
import { registerInsightsCommands } from './insights.js'
import { registerMemberCommands } from './member-setup.js'
import { canvassVersion } from './options.js'
import { registerServerCommands } from './server-commands.js'
import { registerTokenCommands } from './tokens.js'
import { registerWebhookCommands } from './webhooks.js'

// `npx canvass <command>`: this entry module only parses; each command lives in a module of its
// own and reads the configuration and database through setup.ts.

tuneHeap()

const program = new Command('canvass')
  .description('Canvass, the self-hostable survey service')
  .version(canvassVersion(), '-V, --version', 'print the version of Canvass')
  // A mistake on the command line is one line, as a failure at start is, then how to call it.
  .configureOutput({ outputError: (text, write) => write(`canvass: ${text.replace(/^error: /, '')}`) })

registerServerCommands(program)
registerTokenCommands(program)
registerMemberCommands(program)
registerFormCommands(program)
registerInsightsCommands(program)
registerContactCommands(program)
registerWebhookCommands(program)
addUsageHints(program)

/** After a command's error, its usage in one line rather than its whole help. */
function addUsageHints(command: Command, path = command.name()): void {
  const more = command.commands.length > 0 ? 'for its commands' : 'for more'
  command.showHelpAfterError(`usage: ${path} ${command.usage()}  (${path} --help ${more})`)
  for (const sub of command.commands) addUsageHints(sub, `${path} ${sub.name()}`)
}

program.parseAsync(process.argv).catch((error: unknown) => {
  const debug = ['debug', 'trace'].includes(process.env['LOG_LEVEL'] ?? '')
  const line =
    error instanceof ConfigError
      ? `configuration error: ${error.message}`
      : (describeFailure(error, process.env['DATABASE_URL']) ??
        `${error instanceof Error ? error.message : String(error)}${debug ? '' : ' (LOG_LEVEL=debug shows the stack trace)'}`)
  console.error(`canvass: ${line}`)
  if (debug) console.error(error)
  process.exit(1)
})
