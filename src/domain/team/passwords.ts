import { hash, verify } from '@node-rs/argon2'
import { dictionary } from '@zxcvbn-ts/language-common'
import { validationFailed } from '../errors.js'

// Members' passwords (docs/api.md#passwords): Argon2id with OWASP's recommended minimum of
// 2026 (19 MiB of memory, 2 iterations, 1 lane), at least 12 characters, and none of the most
// common passwords (zxcvbn-ts's list of about 30,000, shipped with the package, compared
// without case). Only the PHC string is stored.

export const MIN_PASSWORD_LENGTH = 12
/** Long enough for any passphrase; bounds the work one request can ask of Argon2. */
export const MAX_PASSWORD_LENGTH = 256

export const argon2Options = {
  // Algorithm.Argon2id (a const enum, which this build cannot import by name).
  algorithm: 2,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const

let common: ReadonlySet<string> | undefined
function commonPasswords(): ReadonlySet<string> {
  common ??= new Set(dictionary['passwords-common'].map((password) => password.toLowerCase()))
  return common
}

/** Why a new password is refused, or undefined when it may be used. */
export function passwordProblem(password: string): string | undefined {
  const length = [...password].length
  if (length < MIN_PASSWORD_LENGTH) return `a password needs at least ${MIN_PASSWORD_LENGTH} characters`
  if (length > MAX_PASSWORD_LENGTH) return `a password has at most ${MAX_PASSWORD_LENGTH} characters`
  if (commonPasswords().has(password.toLowerCase())) {
    return 'this password is among the most common ones, which are tried first: choose another'
  }
  return undefined
}

/** Throws `validation_failed` naming the `password` field when the password may not be used. */
export function checkNewPassword(password: string): void {
  const problem = passwordProblem(password)
  if (problem) throw validationFailed([{ path: '/password', message: problem }])
}

export function hashPassword(password: string): Promise<string> {
  return hash(password, argon2Options)
}

// A hash of a password nobody has: checked when the e-mail is unknown, so that answering takes as
// long as for a known one.
let decoy: Promise<string> | undefined

/** Whether the password matches; with no stored hash (unknown e-mail, single sign-on only), false in the same time. */
export async function checkPassword(stored: string | null | undefined, password: string): Promise<boolean> {
  decoy ??= hashPassword('canvass decoy password, never a member’s')
  const target = stored ?? (await decoy)
  const matches = await verify(target, password).catch(() => false)
  return matches && stored !== null && stored !== undefined
}
