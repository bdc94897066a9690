import { existsSync } from 'node:fs'
import { isIP } from 'node:net'
import { isRole, type Role, roles } from './shared/roles.js'

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
  /**
   * The address people reach this server at (CANVASS_PUBLIC_URL), without a trailing slash: the
   * base of every link to a form or the dashboard that Canvass writes. Undefined: the address it
   * listens on (publicBaseUrl).
   */
  publicUrl: string | undefined
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent'
  rateLimit: number
  /** Failed authentications a second per client address (bursts to twice that); 0: unlimited. */
  authFailureLimit: number
  bodyLimit: number
  bulkMax: number
  /** Bytes of stored items that all pages and exports of the process hold in memory at once. */
  listMemory: number
  /** Bytes of large request bodies (over 1 MiB each) that the process reads and handles at once. */
  bodyMemory: number
  webhookAllowPrivate: boolean
  webhookTimeoutMs: number
  webhookRetrySchedule: number[]
  /** Most webhooks on one form: each submission becomes one POST per enabled webhook. */
  webhooksPerForm: number
  /** Finished deliveries (and their attempts) older than this many days are deleted by the worker. */
  deliveryRetentionDays: number
  /** Drafts untouched for this many days are deleted by the worker (docs/api.md#drafts). */
  draftDays: number
  /** Uploads (docs/api.md#file-uploads): CANVASS_FILES_DIR, _UPLOAD_MAX (bytes), _UPLOAD_IDLE_SECONDS, _FILE_LINK_HOURS. */
  filesDir: string
  uploadMax: number
  uploadIdleSeconds: number
  fileLinkHours: number
  worker: boolean
  /** Public submissions a minute per client address and form (docs/api.md#respondent-limits). */
  publicRateLimit: number
  /** Requests to personal links (`/i/`) a minute per client address (docs/api.md#personal-links). */
  linkRateLimit: number
  /** How many proxies in front to trust for the client address; 0 trusts none. */
  trustProxy: number
  /** Most keys (tokens, client addresses and forms) each in-process rate limit counts at once. */
  rateLimitKeys: number
  /** When set, rate-limit counters live in this Redis, shared by every process. */
  redisUrl: string | undefined
  /** Prefix of the rate-limit keys in Redis, so deployments (or tests) sharing one Redis stay apart. */
  redisPrefix: string
  /** How long a request waits for Redis before counting in this process instead (milliseconds). */
  redisTimeoutMs: number
  /** When set, GET /metrics needs `Authorization: Bearer <this>`. */
  metricsToken: string | undefined
  /** How long a dashboard sign-in lasts. */
  sessionHours: number
  /** Dashboard sign-ins a minute with one token; 0: unlimited. */
  signInTokenLimit: number
  /** Dashboard sign-ins a minute from one client address (IPv6 by /64); 0: unlimited. */
  signInAddressLimit: number
  /** Password sign-in attempts (and reset requests) a minute for one e-mail address, known or not; 0: unlimited. */
  signInAccountLimit: number
  /** Most live dashboard sessions of one token: a new one past it ends the oldest. */
  sessionsPerToken: number
  /** Most response streams one token may hold open at once, per process. */
  streamsPerToken: number
  /** Seconds between keep-alive comments on a response stream. */
  streamHeartbeatSeconds: number
  /** Longest life of one response stream; the client then resumes with Last-Event-ID. */
  streamMaxSeconds: number
  /** How long a response stream's write may wait for its client to take it before the stream is cut. */
  streamStallSeconds: number
  /**
   * Where mail is sent (CANVASS_SMTP_URL: smtp://user:pass@host:587, STARTTLS when offered, or
   * smtps://...:465). Undefined: every mail is kept as `held`, never sent (docs/api.md#mail).
   */
  smtpUrl: string | undefined
  /** The From of every mail (CANVASS_MAIL_FROM), e.g. `Surveys <surveys@example.com>`. */
  mailFrom: string
  /** Mails a minute for the whole deployment, counted in the database (CANVASS_MAIL_RATE); 0: no limit. */
  mailRate: number
  /** Single sign-on with OpenID Connect (CANVASS_OIDC_*); undefined: members sign in with a password only. */
  oidc: OidcConfig | undefined
  /** Audit events older than this many days are deleted by the worker (CANVASS_AUDIT_DAYS). */
  auditDays: number
}

export interface OidcConfig {
  /** The provider's issuer URL; its discovery document is read from it. */
  issuer: string
  clientId: string
  clientSecret: string | undefined
  /** The role a person gets who signs in for the first time with a verified e-mail no member has. */
  role: Exclude<Role, 'owner'>
  /**
   * The e-mail domains whose people may join by signing in (CANVASS_OIDC_ALLOWED_DOMAINS, lower
   * case); empty: any verified address the provider vouches for. Members sign in whatever their domain.
   */
  allowedDomains: readonly string[]
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

const hostName =
  /^(?=.{1,253}$)[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*\.?$/

/** What is wrong with an address to listen on (an IP address or a host name), or undefined. */
export function hostProblem(value: string): string | undefined {
  if (isIP(value) !== 0 || hostName.test(value)) return undefined
  const hint = 'e.g. 127.0.0.1, or 0.0.0.0 for all; no scheme, port or path'
  return `must be an address or host name to listen on (${hint}), got "${value}"`
}

function host(env: Env): string {
  const raw = env['HOST']
  if (raw === undefined || raw === '') return '127.0.0.1'
  const problem = hostProblem(raw)
  if (problem) throw new ConfigError('HOST', problem)
  return raw
}

function publicUrl(env: Env): string | undefined {
  const raw = env['CANVASS_PUBLIC_URL']
  if (raw === undefined || raw === '') return undefined
  let url: URL | undefined
  try {
    url = new URL(raw)
  } catch {}
  if (
    !url ||
    (url.protocol !== 'http:' && url.protocol !== 'https:') ||
    url.search ||
    url.hash ||
    url.username
  ) {
    throw new ConfigError(
      'CANVASS_PUBLIC_URL',
      `must be the absolute http:// or https:// address people reach Canvass at, such as https://forms.example.com, got "${raw}"`,
    )
  }
  return `${url.origin}${url.pathname}`.replace(/\/+$/, '')
}

const loopbackHosts = /^(localhost|127(\.\d{1,3}){3}|::1|\[::1\])$/i

/** Whether an address to listen on (HOST) is reached only from this machine. */
export function isLoopbackHost(host: string): boolean {
  return loopbackHosts.test(host)
}

/**
 * The base of the links Canvass writes to itself: CANVASS_PUBLIC_URL, or else the address it
 * listens on (on every address: 127.0.0.1 of this machine).
 */
export function publicBaseUrl(config: Pick<Config, 'publicUrl' | 'host' | 'port'>): string {
  if (config.publicUrl) return config.publicUrl
  const host = ['0.0.0.0', '::', ''].includes(config.host) ? '127.0.0.1' : config.host
  return `http://${host.includes(':') ? `[${host}]` : host}:${config.port}`
}

function redisUrl(env: Env): string | undefined {
  const raw = env['CANVASS_REDIS_URL']
  if (raw === undefined || raw === '') return undefined
  try {
    const url = new URL(raw)
    if (url.protocol === 'redis:' || url.protocol === 'rediss:') return raw
  } catch {}
  throw new ConfigError('CANVASS_REDIS_URL', `must be a redis:// or rediss:// URL, got "${raw}"`)
}

function metricsToken(env: Env): string | undefined {
  const raw = env['CANVASS_METRICS_TOKEN']
  if (raw === undefined || raw === '') return undefined
  if (!/^[A-Za-z0-9._~+/=-]{16,256}$/.test(raw)) {
    throw new ConfigError(
      'CANVASS_METRICS_TOKEN',
      'must be 16 to 256 characters of A-Z a-z 0-9 . _ ~ + / = - (e.g. from: openssl rand -hex 32)',
    )
  }
  return raw
}

function oidcConfig(env: Env): OidcConfig | undefined {
  const issuer = env['CANVASS_OIDC_ISSUER'] || undefined
  const clientId = env['CANVASS_OIDC_CLIENT_ID'] || undefined
  if (issuer === undefined && clientId === undefined) return undefined
  if (issuer === undefined)
    throw new ConfigError('CANVASS_OIDC_ISSUER', 'must be set when CANVASS_OIDC_CLIENT_ID is')
  if (clientId === undefined)
    throw new ConfigError('CANVASS_OIDC_CLIENT_ID', 'must be set when CANVASS_OIDC_ISSUER is')
  let url: URL | undefined
  try {
    url = new URL(issuer)
  } catch {}
  if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:')) {
    throw new ConfigError(
      'CANVASS_OIDC_ISSUER',
      'must be the provider’s issuer URL, e.g. https://accounts.example.com',
    )
  }
  const role = env['CANVASS_OIDC_ROLE'] || 'viewer'
  const joinable = roles.filter((name) => name !== 'owner')
  if (!isRole(role)) throw new ConfigError('CANVASS_OIDC_ROLE', `must be one of ${joinable.join(', ')}`)
  if (role === 'owner') {
    throw new ConfigError(
      'CANVASS_OIDC_ROLE',
      `must not be owner: anyone the provider vouches for would own the workspace; one of ${joinable.join(', ')}`,
    )
  }
  return {
    issuer,
    clientId,
    clientSecret: env['CANVASS_OIDC_CLIENT_SECRET'] || undefined,
    role,
    allowedDomains: allowedDomains(env['CANVASS_OIDC_ALLOWED_DOMAINS'] ?? ''),
  }
}

function allowedDomains(raw: string): string[] {
  const domains = raw
    .split(',')
    .map((domain) => domain.trim().toLowerCase().replace(/^@/, ''))
    .filter((domain) => domain !== '')
  for (const domain of domains) {
    if (!/^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)+$/.test(domain)) {
      throw new ConfigError(
        'CANVASS_OIDC_ALLOWED_DOMAINS',
        `"${domain}" is not a domain: give a comma-separated list such as example.com,example.org`,
      )
    }
  }
  return domains
}

function smtpUrl(env: Env): string | undefined {
  const raw = env['CANVASS_SMTP_URL']
  if (raw === undefined || raw === '') return undefined
  let url: URL | undefined
  try {
    url = new URL(raw)
  } catch {}
  if (!url || (url.protocol !== 'smtp:' && url.protocol !== 'smtps:') || !url.hostname) {
    throw new ConfigError(
      'CANVASS_SMTP_URL',
      'must be smtp://user:password@host:587 (STARTTLS when offered) or smtps://user:password@host:465',
    )
  }
  return raw
}

// One address with an optional display name: `Name <local@domain>` or `local@domain`, no line breaks.
const mailbox =
  /^(?:[^\s<>@"]{1,64}@[A-Za-z0-9.-]{1,253}|[^<>\r\n]{0,200}<[^\s<>@"]{1,64}@[A-Za-z0-9.-]{1,253}>)$/

function mailFrom(env: Env, smtp: string | undefined): string {
  const raw = env['CANVASS_MAIL_FROM']
  if (raw === undefined || raw === '') {
    if (smtp !== undefined) {
      throw new ConfigError(
        'CANVASS_MAIL_FROM',
        'must be set when CANVASS_SMTP_URL is, e.g. Surveys <surveys@example.com>',
      )
    }
    return 'Canvass <canvass@localhost>'
  }
  const value = raw.trim()
  if (!mailbox.test(value)) {
    throw new ConfigError(
      'CANVASS_MAIL_FROM',
      `must be an address such as Surveys <surveys@example.com>, got "${raw}"`,
    )
  }
  return value
}

export function configFromEnv(env: Env = process.env): Config {
  const level = env['LOG_LEVEL'] ?? 'info'
  if (!(logLevels as readonly string[]).includes(level)) {
    throw new ConfigError('LOG_LEVEL', `must be one of ${logLevels.join(', ')}, got "${level}"`)
  }
  return {
    database: parseDatabaseUrl(env['DATABASE_URL']),
    port: integer(env, 'PORT', 3000, 0, 65535),
    host: host(env),
    publicUrl: publicUrl(env),
    logLevel: level as Config['logLevel'],
    rateLimit: integer(env, 'CANVASS_RATE_LIMIT', 100, 0, 1_000_000),
    authFailureLimit: integer(env, 'CANVASS_AUTH_FAILURE_LIMIT', 20, 0, 1_000_000),
    bodyLimit: integer(env, 'CANVASS_BODY_LIMIT', 4 * 1024 * 1024, 1024, 1024 * 1024 * 1024),
    bulkMax: integer(env, 'CANVASS_BULK_MAX', 1000, 1, 100_000),
    listMemory: integer(env, 'CANVASS_LIST_MEMORY', 48 * 1024 * 1024, 1024 * 1024, 64 * 1024 * 1024 * 1024),
    bodyMemory: integer(env, 'CANVASS_BODY_MEMORY', 4 * 1024 * 1024, 1024 * 1024, 64 * 1024 * 1024 * 1024),
    webhookAllowPrivate: flag(env, 'CANVASS_WEBHOOK_ALLOW_PRIVATE', false),
    webhookTimeoutMs: integer(env, 'CANVASS_WEBHOOK_TIMEOUT_MS', 10_000, 1, 600_000),
    webhookRetrySchedule: retrySchedule(env),
    webhooksPerForm: integer(env, 'CANVASS_WEBHOOKS_PER_FORM', 20, 1, 1000),
    deliveryRetentionDays: integer(env, 'CANVASS_DELIVERY_RETENTION_DAYS', 30, 1, 36_500),
    draftDays: integer(env, 'CANVASS_DRAFT_DAYS', 30, 1, 36_500),
    filesDir: env['CANVASS_FILES_DIR'] || './data/files',
    uploadMax: integer(env, 'CANVASS_UPLOAD_MAX', 10 * 1024 * 1024, 1, 1024 * 1024 * 1024 * 1024),
    uploadIdleSeconds: integer(env, 'CANVASS_UPLOAD_IDLE_SECONDS', 30, 1, 3600),
    fileLinkHours: integer(env, 'CANVASS_FILE_LINK_HOURS', 168, 1, 24 * 366),
    worker: flag(env, 'CANVASS_WORKER', true),
    publicRateLimit: integer(env, 'CANVASS_PUBLIC_RATE_LIMIT', 120, 0, 1_000_000),
    linkRateLimit: integer(env, 'CANVASS_LINK_RATE_LIMIT', 600, 0, 1_000_000),
    trustProxy: integer(env, 'CANVASS_TRUST_PROXY', 0, 0, 100),
    rateLimitKeys: integer(env, 'CANVASS_RATE_LIMIT_KEYS', 100_000, 100, 100_000_000),
    redisUrl: redisUrl(env),
    redisPrefix: env['CANVASS_REDIS_PREFIX'] || 'canvass:rate:',
    redisTimeoutMs: integer(env, 'CANVASS_REDIS_TIMEOUT_MS', 100, 10, 60_000),
    metricsToken: metricsToken(env),
    sessionHours: integer(env, 'CANVASS_SESSION_HOURS', 12, 1, 24 * 30),
    signInTokenLimit: integer(env, 'CANVASS_SIGN_IN_TOKEN_LIMIT', 10, 0, 1_000_000),
    signInAddressLimit: integer(env, 'CANVASS_SIGN_IN_ADDRESS_LIMIT', 30, 0, 1_000_000),
    signInAccountLimit: integer(env, 'CANVASS_SIGN_IN_ACCOUNT_LIMIT', 10, 0, 1_000_000),
    sessionsPerToken: integer(env, 'CANVASS_SESSIONS_PER_TOKEN', 50, 1, 100_000),
    streamsPerToken: integer(env, 'CANVASS_STREAMS_PER_TOKEN', 5, 1, 10_000),
    streamHeartbeatSeconds: integer(env, 'CANVASS_STREAM_HEARTBEAT_SECONDS', 15, 1, 15),
    streamMaxSeconds: integer(env, 'CANVASS_STREAM_MAX_SECONDS', 3600, 1, 7 * 24 * 3600),
    streamStallSeconds: integer(env, 'CANVASS_STREAM_STALL_SECONDS', 30, 1, 3600),
    smtpUrl: smtpUrl(env),
    mailFrom: mailFrom(env, smtpUrl(env)),
    mailRate: integer(env, 'CANVASS_MAIL_RATE', 60, 0, 1_000_000),
    oidc: oidcConfig(env),
    auditDays: integer(env, 'CANVASS_AUDIT_DAYS', 365, 1, 100_000),
  }
}
