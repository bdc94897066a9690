import { readFileSync } from 'node:fs'
import { InvalidArgumentError } from 'commander'

// Option values every command checks the same way, refused with a sentence rather than a crash.

export function parsePort(value: string): number {
  const port = Number(value)
  if (!/^\d{1,5}$/.test(value) || port > 65_535) {
    throw new InvalidArgumentError('must be a port number, 0 to 65535')
  }
  return port
}

export function parseHost(value: string): string {
  if (value.trim() === '' || /[\s/]/.test(value)) {
    throw new InvalidArgumentError('must be an address or host name to listen on, e.g. 127.0.0.1 or 0.0.0.0')
  }
  return value
}

/** A Canvass server's base URL: http(s), a host, nothing after the path. */
export function parseServerUrl(value: string): string {
  let url: URL
  try {
    url = new URL(value)
  } catch {
    throw new InvalidArgumentError(
      `"${value}" is not a URL; give the server's address, e.g. http://127.0.0.1:3000`,
    )
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new InvalidArgumentError(
      `"${value}" must start with http:// or https://, e.g. http://127.0.0.1:3000`,
    )
  }
  return value
}

/** The version in package.json, two levels above this file in src/ and in dist/ alike. */
export function canvassVersion(): string {
  const manifest = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'))
  return String((manifest as { version?: unknown }).version ?? 'unknown')
}
