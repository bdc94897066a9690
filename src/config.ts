import { existsSync } from 'node:fs'

// Configuration in two steps: the environment is read into a flat record of strings,
// then validated and defaulted into a typed Config. A bad value stops start-up with a
// message naming the variable.

export type DatabaseConfig =
  | { kind: 'sqlite'; filename: string }
  | { kind: 'postgres'; connectionString: string; schema?: string }

export interface Config {
  database: DatabaseConfig
  port: number
  host: string
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent'
  rateLimit: number
  bodyLimit: number
  bulkMax: number
  webhookAllowPrivate: boolean
  webhookTimeoutMs: number
  webhookRetrySchedule: number[]
  worker: boolean
  /** Most response streams one token may hold open at once, per process. */
  streamsPerToken: number
  /** Seconds between keep-alive comments on a response stream. */
  streamHeartbeatSeconds: number
}

export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    message: string,
  ) {
    super(`${variable}: ${message}`)
  }
}

type Env = Record<string, string | undefined>

const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const

/** Loads `.env` from the working directory (if any) without overriding the real environment. */
export function loadDotEnv(path = '.env'): void {
  if (existsSync(path)) process.loadEnvFile(path)
}

export function parseDatabaseUrl(url: string | undefined): DatabaseConfig {
  if (url === undefined || url === '') return { kind: 'sqlite', filename: './data/canvass.sqlite' }
  if (url.startsWith('sqlite:')) {
    const filename = url.slice('sqlite:'.length)
    if (filename === '')
      throw new ConfigError('DATABASE_URL', 'sqlite: needs a path, e.g. sqlite:./data/canvass.sqlite')
    return { kind: 'sqlite', filename }
  }
  if (url.startsWith('postgres://') || url.startsWith('postgresql://')) {
    try {
      new URL(url)
    } catch {
      throw new ConfigError('DATABASE_URL', 'is not a valid postgres:// URL')
    }
    return { kind: 'postgres', connectionString: url }
  }
  throw new ConfigError('DATABASE_URL', 'must be unset, sqlite:<path>, sqlite::memory: or postgres://...')
}

function integer(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name]
  if (raw === undefined || raw === '') return fallback
  if (!/^-?\d+$/.test(raw.trim())) throw new ConfigError(name, `must be a whole number, got "${raw}"`)
  const value = Number(raw.trim())
  if (value < min || value > max)
    throw new ConfigError(name, `must be between ${min} and ${max}, got ${value}`)
  return value
}

function flag(env: Env, name: string, fallback: boolean): boolean {
  const raw = env[name]
  if (raw === undefined || raw === '') return fallback
  if (['1', 'true', 'yes'].includes(raw.toLowerCase())) return true
  if (['0', 'false', 'no'].includes(raw.toLowerCase())) return false
  throw new ConfigError(name, `must be 1 or 0, got "${raw}"`)
}

function retrySchedule(env: Env): number[] {
  const name = 'CANVASS_WEBHOOK_RETRY_SCHEDULE'
  const raw = env[name]
  if (raw === undefined || raw === '') return [5, 300, 1800, 7200, 18000, 36000, 36000]
  const parts = raw.split(',').map((part) => part.trim())
  if (parts.some((part) => !/^\d+(\.\d+)?$/.test(part))) {
    throw new ConfigError(name, `must be a comma-separated list of seconds, got "${raw}"`)
  }
  return parts.map(Number)
}

export function configFromEnv(env: Env = process.env): Config {
  const level = env['LOG_LEVEL'] ?? 'info'
  if (!(logLevels as readonly string[]).includes(level)) {
    throw new ConfigError('LOG_LEVEL', `must be one of ${logLevels.join(', ')}, got "${level}"`)
  }
  return {
    database: parseDatabaseUrl(env['DATABASE_URL']),
    port: integer(env, 'PORT', 3000, 0, 65535),
    host: env['HOST'] || '127.0.0.1',
    logLevel: level as Config['logLevel'],
    rateLimit: integer(env, 'CANVASS_RATE_LIMIT', 100, 0, 1_000_000),
    bodyLimit: integer(env, 'CANVASS_BODY_LIMIT', 4 * 1024 * 1024, 1024, 1024 * 1024 * 1024),
    bulkMax: integer(env, 'CANVASS_BULK_MAX', 1000, 1, 100_000),
    webhookAllowPrivate: flag(env, 'CANVASS_WEBHOOK_ALLOW_PRIVATE', false),
    webhookTimeoutMs: integer(env, 'CANVASS_WEBHOOK_TIMEOUT_MS', 10_000, 1, 600_000),
    webhookRetrySchedule: retrySchedule(env),
    worker: flag(env, 'CANVASS_WORKER', true),
    streamsPerToken: integer(env, 'CANVASS_STREAMS_PER_TOKEN', 5, 1, 10_000),
    streamHeartbeatSeconds: integer(env, 'CANVASS_STREAM_HEARTBEAT_SECONDS', 15, 1, 15),
  }
}
