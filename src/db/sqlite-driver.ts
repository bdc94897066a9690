import { createRequire } from 'node:module'
import type BetterSqlite3 from 'better-sqlite3'

// Which better-sqlite3 opens SQLite files. No release of it runs on both Node 20 and the current
// LTS, Node 24:
// - 12.x wraps its objects in Node's own `node::ObjectWrap`, whose destructor in Node 24's headers
//   (24.21) removes an environment cleanup hook and aborts the process when a statement is
//   collected with no environment current: "Assertion failed: (env) != nullptr" in
//   `Statement::~Statement()`, at exit and in worker teardown (WiseLibs/better-sqlite3#1515,
//   closed without a fix).
// - 13.x is built on Node-API 10 (prebuilt binaries inside the npm package, no compiler needed),
//   which no Node 20 has: it crashes there in `new Database()` (WiseLibs/better-sqlite3#1514).
// So package.json has both: `better-sqlite3` (12.x) and the optional dependency
// `better-sqlite3-napi` (13.x under another name), which npm installs only where its engines
// (Node >= 22) hold. A Node with Node-API 10 uses 13.x when it is installed, any other 12.x.
// The API Canvass uses is the same in both. When Node 20 support ends, depend on 13.x alone and
// delete this file.

export type SqliteConnection = BetterSqlite3.Database
export type SqliteStatement = BetterSqlite3.Statement

const require = createRequire(import.meta.url)

function load(): typeof BetterSqlite3 {
  if (Number(process.versions.napi) >= 10) {
    try {
      return require('better-sqlite3-napi')
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'MODULE_NOT_FOUND') throw error
    }
  }
  return require('better-sqlite3')
}

const Driver = load()

/** Opens a SQLite file (or `:memory:`) with the driver this Node can run. */
export function openSqliteConnection(filename: string, options?: BetterSqlite3.Options): SqliteConnection {
  return new Driver(filename, options)
}
