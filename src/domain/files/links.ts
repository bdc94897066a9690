import { createHmac, timingSafeEqual } from 'node:crypto'

// A signed link to a file (docs/api.md#file-uploads): /files/<id>?expires=<unix seconds>&signature=<base64url>,
// keyed by the file's own secret, so any process sharing the database can check it and no
// server-wide key has to be kept. It opens the file without a token until it expires.

const signatureOf = (secret: string, id: string, expires: number) =>
  createHmac('sha256', secret).update(`${id}.${expires}`).digest('base64url')

/** The path of a signed link to the file that works until `expires` (seconds since 1970). */
export function signedPath(file: { id: string; secret: string }, expires: number): string {
  return `/files/${file.id}?expires=${expires}&signature=${signatureOf(file.secret, file.id, expires)}`
}

/** Whether `signature` signs this file until `expires`, and that time has not passed (`now`, seconds). */
export function signatureHolds(
  file: { id: string; secret: string },
  expires: number,
  signature: string,
  now: number,
): boolean {
  if (!Number.isSafeInteger(expires) || expires < now) return false
  const expected = Buffer.from(signatureOf(file.secret, file.id, expires))
  const given = Buffer.from(signature)
  return given.length === expected.length && timingSafeEqual(given, expected)
}
