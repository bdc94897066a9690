import { isStorableString } from '../../shared/storable.js'
import { EMAIL_MAX, emailProblem, isLongerThan } from '../../shared/strings.js'
import type { FieldError } from '../errors.js'

// The rules for a contact, shared by the bulk add (server) and `contacts import` (CLI) so the
// two cannot drift. Every problem is collected, each named by a JSON pointer.

export const contactLimits = {
  emailMax: EMAIL_MAX,
  nameMax: 256,
  dataEntriesMax: 100,
  dataKeyMax: 64,
  dataValueMax: 2048,
} as const

export const listIdPattern = /^[A-Za-z0-9_-]{1,64}$/

export interface ValidContact {
  name: string
  /** Trimmed, as given. */
  email: string
  /** Lower-cased: the address's identity on a list. */
  emailKey: string
  data: Record<string, string>
}

export interface BulkRequest {
  list_id: string
  contacts: ValidContact[]
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

const knownContactFields = new Set(['name', 'email', 'data'])

/** Validates one contact at `path` (e.g. `/contacts/3`), adding every problem to errors. */
export function validateContact(
  value: unknown,
  path: string,
  errors: FieldError[],
): ValidContact | undefined {
  if (!isPlainObject(value)) {
    errors.push({ path, message: 'must be an object' })
    return undefined
  }
  const before = errors.length
  for (const key of Object.keys(value)) {
    if (!knownContactFields.has(key))
      errors.push({ path: `${path}/${pointerSegment(key)}`, message: 'is not a known property' })
  }
  let email = ''
  const rawEmail = value['email']
  if (rawEmail === undefined) errors.push({ path: `${path}/email`, message: 'is required' })
  else if (typeof rawEmail !== 'string') errors.push({ path: `${path}/email`, message: 'must be a string' })
  else {
    email = rawEmail.trim()
    const problem = emailProblem(email) ?? storableProblem(email)
    if (problem) errors.push({ path: `${path}/email`, message: problem })
  }
  let name = ''
  const rawName = value['name']
  if (rawName !== undefined) {
    if (typeof rawName !== 'string') errors.push({ path: `${path}/name`, message: 'must be a string' })
    else if (isLongerThan(rawName, contactLimits.nameMax)) {
      errors.push({ path: `${path}/name`, message: `must be at most ${contactLimits.nameMax} characters` })
    } else {
      const problem = storableProblem(rawName)
      if (problem) errors.push({ path: `${path}/name`, message: problem })
      name = rawName
    }
  }
  const data = validateData(value['data'], `${path}/data`, errors)
  if (errors.length > before || data === undefined) return undefined
  return { name, email, emailKey: email.toLowerCase(), data }
}

function validateData(
  value: unknown,
  path: string,
  errors: FieldError[],
): Record<string, string> | undefined {
  if (value === undefined) return {}
  if (!isPlainObject(value)) {
    errors.push({ path, message: 'must be an object of string values' })
    return undefined
  }
  const keys = Object.keys(value)
  let ok = true
  if (keys.length > contactLimits.dataEntriesMax) {
    errors.push({ path, message: `must have at most ${contactLimits.dataEntriesMax} entries` })
    ok = false
  }
  for (const key of keys) {
    const here = `${path}/${pointerSegment(key)}`
    const keyProblem = dataKeyProblem(key)
    if (keyProblem) {
      errors.push({ path: here, message: keyProblem })
      ok = false
    }
    const item = value[key]
    if (typeof item !== 'string') {
      errors.push({ path: here, message: 'must be a string' })
      ok = false
    } else if (isLongerThan(item, contactLimits.dataValueMax)) {
      errors.push({ path: here, message: `must be at most ${contactLimits.dataValueMax} characters` })
      ok = false
    } else if (!isStorableString(item)) {
      errors.push({ path: here, message: 'must not contain NUL or unpaired surrogates' })
      ok = false
    }
  }
  return ok ? (value as Record<string, string>) : undefined
}

function dataKeyProblem(key: string): string | undefined {
  if (key === '') return 'key must not be empty'
  if (isLongerThan(key, contactLimits.dataKeyMax)) {
    return `key must be at most ${contactLimits.dataKeyMax} characters`
  }
  // Refused so that data objects stay plain wherever they are parsed again.
  if (key === '__proto__') return 'key must not be __proto__'
  if (!isStorableString(key)) return 'key must not contain NUL or unpaired surrogates'
  return undefined
}

function storableProblem(text: string): string | undefined {
  return isStorableString(text) ? undefined : 'must not contain NUL or unpaired surrogates'
}

function pointerSegment(key: string): string {
  return key.replace(/~/g, '~0').replace(/\//g, '~1')
}

/**
 * Finds addresses given twice; both places are named. Returns the indexes of the later copies.
 * `pathOf(i)` names the e-mail of the i-th contact.
 */
export function findDuplicateEmails(
  contacts: readonly (ValidContact | undefined)[],
  pathOf: (index: number) => string,
  errors: FieldError[],
): void {
  const first = new Map<string, number>()
  contacts.forEach((contact, index) => {
    if (!contact) return
    const earlier = first.get(contact.emailKey)
    if (earlier === undefined) {
      first.set(contact.emailKey, index)
      return
    }
    errors.push({ path: pathOf(earlier), message: `is repeated at ${pathOf(index)}` })
    errors.push({ path: pathOf(index), message: `repeats the e-mail of ${pathOf(earlier)}` })
  })
}

const knownBulkFields = new Set(['list_id', 'contacts'])

/** Validates a whole bulk-add body: every problem at once, nothing partial. */
export function validateBulkRequest(
  body: unknown,
  bulkMax: number,
): { value: BulkRequest; errors: [] } | { value?: undefined; errors: FieldError[] } {
  const errors: FieldError[] = []
  if (!isPlainObject(body)) return { errors: [{ path: '', message: 'must be an object' }] }
  for (const key of Object.keys(body)) {
    if (!knownBulkFields.has(key))
      errors.push({ path: `/${pointerSegment(key)}`, message: 'is not a known property' })
  }
  const listId = body['list_id']
  if (listId === undefined) errors.push({ path: '/list_id', message: 'is required' })
  // Any string: one that names no list in the workspace is a 404 (docs/api.md#bulk-add), however odd.
  else if (typeof listId !== 'string') errors.push({ path: '/list_id', message: 'must be a string' })
  const given = body['contacts']
  const contacts: (ValidContact | undefined)[] = []
  if (given === undefined) errors.push({ path: '/contacts', message: 'is required' })
  else if (!Array.isArray(given)) errors.push({ path: '/contacts', message: 'must be an array' })
  else if (given.length === 0) errors.push({ path: '/contacts', message: 'must have at least 1 contact' })
  else if (given.length > bulkMax)
    errors.push({ path: '/contacts', message: `must have at most ${bulkMax} contacts` })
  else {
    for (let index = 0; index < given.length; index++) {
      contacts.push(validateContact(given[index], `/contacts/${index}`, errors))
    }
    findDuplicateEmails(contacts, (index) => `/contacts/${index}/email`, errors)
  }
  if (errors.length > 0) return { errors }
  return { value: { list_id: listId as string, contacts: contacts as ValidContact[] }, errors: [] }
}
