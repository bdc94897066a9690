import { type DatabaseConfig, parseDatabaseUrl } from '../config.js'

// The mistakes a person makes when starting Canvass (a port taken, PostgreSQL down, a database
// not created yet, a SQLite path it cannot write) said in one line with what to do about it,
// instead of a stack trace. The stack is for LOG_LEVEL=debug.

type ErrorLike = { code?: unknown; message?: unknown; address?: unknown; port?: unknown; path?: unknown }

/** One line saying what went wrong and what to do, or undefined for a failure not recognised. */
export function describeFailure(error: unknown, databaseUrl: string | undefined): string | undefined {
  const code = codeOf(error)
  const e = (error ?? {}) as ErrorLike
  if (code === 'EADDRINUSE' || code === 'EACCES' || code === 'EADDRNOTAVAIL') {
    if (e.port !== undefined) return listenFailure(code, `${String(e.address)}:${String(e.port)}`)
  }
  let database: DatabaseConfig
  try {
    database = parseDatabaseUrl(databaseUrl)
  } catch {
    return undefined
  }
  return database.kind === 'postgres'
    ? postgresFailure(code, database.connectionString)
    : sqliteFailure(code, database.filename)
}

function listenFailure(code: string, where: string): string {
  if (code === 'EADDRINUSE') {
    return `cannot listen on ${where}: the port is already in use by another process; stop it, or choose another port with PORT or canvass serve --port`
  }
  if (code === 'EACCES') {
    return `cannot listen on ${where}: permission denied (ports below 1024 need privileges); choose a port above 1023 with PORT or canvass serve --port`
  }
  return `cannot listen on ${where}: this machine has no such address; set HOST or canvass serve --host to one of its addresses (127.0.0.1, or 0.0.0.0 for all)`
}

function postgresFailure(code: string | undefined, connectionString: string): string | undefined {
  const url = new URL(connectionString)
  const server = `PostgreSQL at ${url.host}`
  const name = decodeURIComponent(url.pathname.slice(1)) || url.username || 'postgres'
  switch (code) {
    case 'ECONNREFUSED':
      return `cannot reach ${server} (connection refused): is PostgreSQL running there? Check the host and port in DATABASE_URL`
    case 'ETIMEDOUT':
    case 'ENETUNREACH':
    case 'EHOSTUNREACH':
      return `cannot reach ${server} (${code}): check the host and port in DATABASE_URL and that the network allows it`
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return `cannot reach ${server}: the host name "${url.hostname}" is not known; check DATABASE_URL`
    case '3D000':
      return `the database "${name}" does not exist on ${server}; create it with: canvass migrate --create-database (or createdb ${name}), then start again`
    case '28P01':
    case '28000':
      return `${server} refused the login of user "${decodeURIComponent(url.username)}"; check the user and password in DATABASE_URL`
    case '42501':
      return `the user "${decodeURIComponent(url.username)}" may not create tables in the database "${name}" on ${server}; grant it the rights, or use another user in DATABASE_URL`
    default:
      return undefined
  }
}

const sqliteCodes: Record<string, string> = {
  EACCES: 'permission denied',
  EPERM: 'permission denied',
  EROFS: 'the file system is read-only',
  EEXIST: 'a file stands where its directory should be',
  ENOTDIR: 'a file stands where its directory should be',
  SQLITE_CANTOPEN: 'the file cannot be opened or created there',
  SQLITE_READONLY: 'the file is read-only',
  SQLITE_PERM: 'permission denied',
  SQLITE_NOTADB: 'the file is not a SQLite database',
}

function sqliteFailure(code: string | undefined, filename: string): string | undefined {
  const reason = code ? sqliteCodes[code] : undefined
  if (!reason) return undefined
  return `cannot open the SQLite database ${filename}: ${reason}; fix the path or its permissions, or choose another file with DATABASE_URL=sqlite:<path>`
}

function codeOf(error: unknown): string | undefined {
  const code = (error as ErrorLike | undefined)?.code
  if (typeof code === 'string') return code
  // Node reports a refused connection to every address of a name as one AggregateError.
  const inner = (error as { errors?: unknown[] } | undefined)?.errors?.[0]
  return inner === undefined ? undefined : codeOf(inner)
}
