import { createHmac } from 'node:crypto'

// Standard Webhooks signing: v1,<base64 HMAC-SHA256(key, "<id>.<timestamp>.<body>")>, where the
// key is the base64-decoded rest of a `whsec_` secret, or else the secret's UTF-8 bytes.

const WHSEC = 'whsec_'

export function signingKey(secret: string): Buffer {
  return secret.startsWith(WHSEC)
    ? Buffer.from(secret.slice(WHSEC.length), 'base64')
    : Buffer.from(secret, 'utf8')
}

/** A problem with a secret, or undefined when it can sign. */
export function secretProblem(secret: string): string | undefined {
  if (!secret.startsWith(WHSEC)) return undefined
  const rest = secret.slice(WHSEC.length)
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(rest) || rest.length % 4 !== 0) {
    return 'a whsec_ secret must be followed by base64'
  }
  return Buffer.from(rest, 'base64').length < 16 ? 'a whsec_ secret must carry at least 16 bytes' : undefined
}

export function signature(secret: string, id: string, timestamp: number, body: string): string {
  const mac = createHmac('sha256', signingKey(secret)).update(`${id}.${timestamp}.${body}`).digest('base64')
  return `v1,${mac}`
}
