import type { Clock } from '../../clock.js'
import { type Config, publicBaseUrl } from '../../config.js'
import type { Database } from '../../db/database.js'
import type { DeliverySignal } from '../webhooks/signal.js'
import {
  changeOwnPassword,
  checkSignIn,
  completeSetup,
  confirmPasswordReset,
  describeSetupCode,
  findMember,
  firstWorkspaceId,
  type MemberView,
  type PasswordSignIn,
  renameMember,
  type SetupRequest,
} from './accounts.js'
import { requestPasswordReset } from './password-reset.js'
import type { Role } from './roles.js'

// Members' own accounts as the routes call them (docs/api.md#team-sign-in-and-passwords).

export interface AccountsService {
  describeSetup(code: string): Promise<{ email: string | null; role: Role; expiresAt: number } | undefined>
  completeSetup(setup: SetupRequest): Promise<MemberView>
  checkSignIn(email: string, password: string): Promise<PasswordSignIn>
  /** Where a failed sign-in that names no workspace is recorded: the oldest workspace. */
  firstWorkspaceId(): Promise<string | undefined>
  /** Mails a reset link if the address is a member's; the member's id and workspace, if so. */
  requestReset(email: string): Promise<{ memberId: string; workspaceId: string } | undefined>
  confirmReset(reset: { code: string; password: string }): Promise<MemberView>
  find(memberId: string): Promise<MemberView | undefined>
  rename(memberId: string, name: string): Promise<MemberView | undefined>
  changePassword(memberId: string, change: { currentPassword: string; password: string }): Promise<void>
}

export function accountsService(
  database: Database,
  clock: Clock,
  signal: DeliverySignal,
  config: Config,
): AccountsService {
  const mailSettings = { smtpUrl: config.smtpUrl, mailFrom: config.mailFrom, linkBase: publicBaseUrl(config) }
  return {
    describeSetup: (code) => describeSetupCode(database.db, clock, code),
    completeSetup: (setup) => completeSetup(database, clock, setup),
    checkSignIn: (email, password) => checkSignIn(database.db, email, password),
    firstWorkspaceId: () => firstWorkspaceId(database.db),
    requestReset: (email) => requestPasswordReset(database, clock, signal, mailSettings, email),
    confirmReset: (reset) => confirmPasswordReset(database, clock, reset),
    find: (memberId) => findMember(database.db, memberId),
    rename: (memberId, name) => renameMember(database.db, memberId, name),
    changePassword: (memberId, change) => changeOwnPassword(database, clock, memberId, change),
  }
}
