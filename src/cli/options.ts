import { readFileSync } from 'node:fs'
import { InvalidArgumentError } from 'commander'
import { parseTimestamp, timestampSpanMicros } from '../clock.js'
import { hostProblem } from '../config.js'

// Option values every command checks the same way, refused with a sentence rather than a crash.

export function parsePort(value: string): number {
  const port = Number(value)
  if (!/^\d{1,5}$/.test(value) || port > 65_535) {
    throw new InvalidArgumentError('must be a port number, 0 to 65535')
  }
  return port
}

export function parseHost(value: string): string {
  const problem = hostProblem(value)
  if (problem) throw new InvalidArgumentError(problem)
  return value
}

/** A moment as given on the command line: the first and last microsecond it stands for. */
export interface TimeSpan {
  first: number
  last: number
}

const DAY_MICROS = 86_400_000_000

/**
 * A time on the command line: a date (`2026-11-25`, the whole day in UTC), an ISO 8601 time
 * (`2026-11-25T09:00:00Z`, with its offset) or Unix seconds.
 */
export function parseTimeSpan(value: string): TimeSpan {
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) {
    const first = parseTimestamp(`${value}T00:00:00Z`)
    if (first !== undefined) return { first, last: first + DAY_MICROS - 1 }
  } else {
    const first = parseTimestamp(value)
    if (first !== undefined) return { first, last: first + timestampSpanMicros(value) - 1 }
  }
  throw new InvalidArgumentError(
    `must be a date (2026-11-25, the whole day in UTC), an ISO 8601 time (2026-11-25T09:00:00Z) or Unix seconds`,
  )
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
