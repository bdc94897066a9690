import { type Command, InvalidArgumentError } from 'commander'
import { formatTimestamp, processClock } from '../clock.js'
import { publicBaseUrl } from '../config.js'
import { createSetupCode, normalEmail, setupLink } from '../domain/team/accounts.js'
import { isRole, type Role, roles } from '../domain/team/roles.js'
import { ensureWorkspace } from '../domain/tokens.js'
import { emailProblem } from '../shared/strings.js'
import { config, withDatabase } from './setup.js'

// `canvass member create`: a one-time setup link for one person (docs/api.md#team-sign-in-and-passwords),
// for an owner who cannot sign in any more, or a team without mail. The link is printed alone on
// the last line; whoever opens it chooses a name and password, with this e-mail address only.

function parseRole(value: string): Role {
  if (!isRole(value)) throw new InvalidArgumentError(`unknown role ${value}; known: ${roles.join(', ')}`)
  return value
}

export function registerMemberCommands(program: Command): void {
  const member = program.command('member').description('members of the team')

  member
    .command('create')
    .description('print a one-time link (valid 24 hours) that makes this person a member')
    .requiredOption('--email <address>', 'the e-mail address the member signs in with')
    .requiredOption('--role <role>', `one of ${roles.join(', ')}`, parseRole)
    .option('--workspace <name>', 'workspace (created if new)', 'default')
    .action(async (options: { email: string; role: Role; workspace: string }) => {
      const problem = emailProblem(normalEmail(options.email))
      if (problem) throw new InvalidArgumentError(`--email ${options.email}: ${problem}`)
      const settings = config()
      const created = await withDatabase(async ({ db }) => {
        const workspaceId = await ensureWorkspace(db, processClock, options.workspace)
        return createSetupCode(db, processClock, { workspaceId, role: options.role, email: options.email })
      })
      console.log(
        `a ${options.role} of workspace "${options.workspace}" for ${normalEmail(options.email)}; ` +
          `the link works once, until ${formatTimestamp(created.expiresAt)}:`,
      )
      console.log(setupLink(publicBaseUrl(settings), created.code))
    })
}
