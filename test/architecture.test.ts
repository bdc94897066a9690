import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { builtinModules } from 'node:module'
import { dirname, join, relative, resolve } from 'node:path'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'
import { domainErrorKinds } from '../src/domain/errors.js'
import { errorStatus } from '../src/http/errors.js'

// The rules of docs/architecture.md, each checked here under its own words (the list `rules` at
// the end); a rule the document states and this file does not check fails the last test.
// The layers: a module imports only from its own layer and the layers below it
// (cli -> server -> http -> context -> delivery -> domain -> db -> base -> shared).

const layers = ['shared', 'base', 'db', 'domain', 'delivery', 'context', 'http', 'server', 'cli'] as const
type Layer = (typeof layers)[number]

const root = resolve(import.meta.dirname, '..')

function layerOf(file: string): Layer {
  const path = relative(join(root, 'src'), file)
  const top = path.split('/')[0] ?? ''
  if (['shared', 'db', 'domain', 'delivery', 'http', 'cli'].includes(top)) return top as Layer
  if (path === 'context.ts') return 'context'
  if (path === 'server.ts' || path === 'metrics-server.ts') return 'server'
  return 'base'
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return sourceFiles(path)
    return /\.tsx?$/.test(entry.name) ? [path] : []
  })
}

function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8')
  return [...text.matchAll(/^\s*(?:import|export)\b[^'"]*?from\s+'([^']+)'/gm)].map(
    (match) => match[1] as string,
  )
}

function violations(files = sourceFiles(join(root, 'src')), imports = importsOf): string[] {
  const found: string[] = []
  for (const file of files) {
    const from = layerOf(file)
    for (const specifier of imports(file)) {
      const name = relative(root, file)
      if (specifier.startsWith('.')) {
        const target = resolve(dirname(file), specifier).replace(/\.js$/, '.ts')
        const to = layerOf(target)
        if (layers.indexOf(to) > layers.indexOf(from))
          found.push(`${name} (${from}) imports ${specifier} (${to})`)
        if (from === 'cli' && to === 'http') found.push(`${name}: cli imports http (${specifier})`)
      } else if (/^(fastify|@fastify\/)/.test(specifier) && !['http', 'server'].includes(from)) {
        found.push(`${name} (${from}) imports ${specifier}: only http and server know Fastify`)
      }
    }
  }
  return found
}

/** Runtime imports between the project's own modules (`import type` is erased, so it cannot cycle). */
function runtimeImportsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8')
  return [...text.matchAll(/^\s*(?:import|export)\s+(?!type\b)[^'"]*?from\s+'(\.[^']+)'/gm)].map((match) => {
    const target = resolve(dirname(file), match[1] as string).replace(/\.js$/, '')
    return ['.ts', '.tsx', '/index.ts'].map((ext) => target + ext).find((path) => existsSync(path)) ?? target
  })
}

/** Every import cycle among these files, each as the chain of files that closes it. */
function importCycles(files: string[], imports = runtimeImportsOf): string[] {
  const state = new Map<string, 'open' | 'done'>()
  const chain: string[] = []
  const cycles: string[] = []
  const visit = (file: string) => {
    state.set(file, 'open')
    chain.push(file)
    for (const next of imports(file)) {
      if (state.get(next) === 'open') {
        cycles.push(
          [...chain.slice(chain.indexOf(next)), next].map((path) => relative(root, path)).join(' -> '),
        )
      } else if (!state.has(next)) visit(next)
    }
    chain.pop()
    state.set(file, 'done')
  }
  for (const file of files) if (!state.has(file)) visit(file)
  return cycles
}

// Files a person can hold: no hand-written file in src/ or web/src/ over 400 lines, no function
// over 120. A route plugin (a function in src/http/routes given the Fastify instance) is exempt:
// it lists a resource's routes one after another, each declared and short on its own.
const MAX_FILE_LINES = 400
const MAX_FUNCTION_LINES = 120

// Still over the limits, each split in a step of its own (issue 26); an entry goes when its split
// lands. 'file' allows the whole file, a list allows those functions.
const oversizedForNow: Record<string, 'file' | string[]> = {}

interface Oversized {
  path: string
  /** The function's name, or none for the file itself. */
  name?: string
  line: number
  lines: number
}

function functionName(node: ts.FunctionLikeDeclaration, source: ts.SourceFile): string {
  if (node.name) return node.name.getText(source)
  const parent = node.parent
  if (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent)) return parent.name.getText(source)
  return '(anonymous)'
}

function isRoutePlugin(path: string, node: ts.FunctionLikeDeclaration, source: ts.SourceFile): boolean {
  return (
    path.startsWith('src/http/routes/') &&
    ts.isFunctionDeclaration(node) &&
    node.parameters[0]?.type?.getText(source) === 'FastifyInstance'
  )
}

/** The file when over MAX_FILE_LINES, and each function (route plugins aside) over MAX_FUNCTION_LINES. */
function oversized(path: string, text: string): Oversized[] {
  const found: Oversized[] = []
  const lines = text.split('\n').length - (text.endsWith('\n') ? 1 : 0)
  if (lines > MAX_FILE_LINES) found.push({ path, line: 1, lines })
  const kind = path.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS
  const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true, kind)
  const lineOf = (position: number) => source.getLineAndCharacterOfPosition(position).line + 1
  const visit = (node: ts.Node) => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body && !isRoutePlugin(path, node, source)) {
      const line = lineOf(node.getStart(source))
      const length = lineOf(node.end) - line + 1
      if (length > MAX_FUNCTION_LINES)
        found.push({ path, name: functionName(node, source), line, lines: length })
    }
    ts.forEachChild(node, visit)
  }
  visit(source)
  return found
}

function allowedForNow({ path, name }: Oversized): boolean {
  const allowed = oversizedForNow[path]
  return allowed === 'file' || (name !== undefined && allowed?.includes(name) === true)
}

function describeOversized({ path, name, line, lines }: Oversized): string {
  return name === undefined
    ? `${path}: ${lines} lines (at most ${MAX_FILE_LINES})`
    : `${path}:${line} ${name}: ${lines} lines (at most ${MAX_FUNCTION_LINES})`
}

// One clock (docs/architecture.md#one-context): only src/clock.ts reads the time; everything else
// asks its context's clock, so a test can move time forward. The CLI's progress timing is no behaviour.
const readsTime = /\bDate\.now\(|\bperformance\.now\(|\bprocess\.hrtime\b|\bnew Date\(\)/
const mayReadTime = ['src/clock.ts', 'src/cli/forms.ts']

/** `path:line` of every line of code (comments aside) that reads the time itself. */
function timeReads(path: string, text: string): string[] {
  return text
    .split('\n')
    .flatMap((line, index) =>
      readsTime.test(line) && !/^\s*(\/\/|\*|\/\*)/.test(line) ? [`${path}:${index + 1}`] : [],
    )
}

/** The dashboard's files (and the hosted form's script) and the client package's, beside the server's. */
const webFiles = () => [...sourceFiles(join(root, 'web/src')), ...sourceFiles(join(root, 'web/hosted'))]
const clientFiles = () => sourceFiles(join(root, 'packages/client/src'))

/**
 * Each import of the dashboard or the client package that leaves its own tree: the dashboard
 * reaches into the server's only at src/shared; the client package stands alone.
 */
function seamViolations(files = [...webFiles(), ...clientFiles()], imports = importsOf): string[] {
  const found: string[] = []
  for (const file of files) {
    const name = relative(root, file)
    const dashboard = name.startsWith('web/')
    const own = join(root, dashboard ? 'web' : 'packages/client')
    for (const specifier of imports(file).filter((s) => s.startsWith('.'))) {
      const target = resolve(dirname(file), specifier)
      if (target.startsWith(`${own}/`)) continue
      if (dashboard && target.startsWith(`${join(root, 'src/shared')}/`)) continue
      found.push(
        dashboard
          ? `${name} imports ${specifier}: the dashboard shares only src/shared`
          : `${name} imports ${specifier}: the client package imports nothing of the server or the dashboard`,
      )
    }
  }
  return found
}

const nodeModules = new Set(builtinModules.flatMap((name) => [name, `node:${name}`]))
const nodeGlobals = new Set([
  'Buffer',
  'process',
  'require',
  '__dirname',
  '__filename',
  'global',
  'setImmediate',
])

/** Node modules imported and Node globals used by a file that must also run in a browser. */
function nodeApiUses(path: string, text: string): string[] {
  const found: string[] = []
  const kind = path.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS
  const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true, kind)
  const visit = (node: ts.Node) => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier) {
      const specifier = (node.moduleSpecifier as ts.StringLiteral).text
      if (nodeModules.has(specifier)) found.push(`${path} imports ${specifier}`)
    } else if (ts.isIdentifier(node) && nodeGlobals.has(node.text)) {
      const parent = node.parent
      const isMemberName =
        (ts.isPropertyAccessExpression(parent) && parent.name === node) ||
        ((ts.isPropertyAssignment(parent) || ts.isPropertySignature(parent)) && parent.name === node)
      if (!isMemberName) found.push(`${path} uses ${node.text}`)
    }
    ts.forEachChild(node, visit)
  }
  visit(source)
  return found
}

/** What runs in a browser: the shared folder, the dashboard and the client package. */
function browserNodeApiUses(): string[] {
  return [...sourceFiles(join(root, 'src/shared')), ...webFiles(), ...clientFiles()].flatMap((file) =>
    nodeApiUses(relative(root, file), readFileSync(file, 'utf8')),
  )
}

const driverPackages = /^(better-sqlite3|better-sqlite3-napi|pg|pg-[a-z-]+)$/

const kyselyDriverNames = new Set(['SqliteDialect', 'PostgresDialect', 'SqliteAdapter', 'PostgresAdapter'])

/**
 * Each driver import (a driver package, or Kysely's dialects and adapters, which are the
 * drivers' seams) and each check of the dialect (`.dialect`, `dialectOf`) in one file's text:
 * outside src/db none is allowed.
 */
function dialectLeaks(path: string, text: string): string[] {
  // Parsed only when it names something of the kind: a file naming none has none.
  if (path.startsWith('src/db/') || !/dialect|kysely|sqlite|['"]pg/.test(text)) return []
  const kind = path.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS
  const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true, kind)
  const found: string[] = []
  const at = (node: ts.Node) =>
    `${path}:${source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1}`
  const moduleImported = (node: ts.Node, specifier: string) => {
    if (driverPackages.test(specifier))
      found.push(`${at(node)} imports ${specifier}: only src/db knows the drivers`)
  }
  const visit = (node: ts.Node) => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier) {
      const specifier = (node.moduleSpecifier as ts.StringLiteral).text
      moduleImported(node, specifier)
      const bindings = ts.isImportDeclaration(node) ? node.importClause?.namedBindings : node.exportClause
      if (
        specifier === 'kysely' &&
        bindings &&
        (ts.isNamedImports(bindings) || ts.isNamedExports(bindings))
      ) {
        for (const element of bindings.elements) {
          const name = (element.propertyName ?? element.name).text
          if (kyselyDriverNames.has(name))
            found.push(`${at(element)} imports ${name} from kysely: only src/db knows the drivers`)
        }
      }
    } else if (
      ts.isCallExpression(node) &&
      (node.expression.kind === ts.SyntaxKind.ImportKeyword ||
        (ts.isIdentifier(node.expression) && node.expression.text === 'require')) &&
      node.arguments[0] !== undefined &&
      ts.isStringLiteral(node.arguments[0])
    ) {
      moduleImported(node, node.arguments[0].text)
    } else if (ts.isPropertyAccessExpression(node) && node.name.text === 'dialect') {
      found.push(`${at(node)} checks the dialect (${node.getText(source)}): ask src/db for a named operation`)
    } else if (ts.isIdentifier(node) && node.text === 'dialectOf') {
      found.push(`${at(node)} checks the dialect (dialectOf): ask src/db for a named operation`)
    }
    ts.forEachChild(node, visit)
  }
  visit(source)
  return found
}

// Where a page's rows are worked out from page and page_size, and which routes write on their own.
const pageArithmetic = /page_size\s*\+\s*1|\.page\s*-\s*1\)/
const mayComputePages = ['src/domain/listing.ts', 'src/db/hot-reads.ts']
const ownWriters = ['src/http/routes/forms/live-stream.ts']
const batchWriting = /from '(\.\.\/)+(chunks|pieces)\.js'|\.take\(/

/** Files that list stored items other than through src/domain/listing.ts and src/http/listings.ts. */
function listingLeaks(path: string, text: string): string[] {
  const found: string[] = []
  if (!mayComputePages.includes(path) && pageArithmetic.test(text))
    found.push(
      `${path} works out a page's rows: use rowsRead, rowsBefore or pageRows (src/domain/listing.ts)`,
    )
  if (path.startsWith('src/http/routes/') && !ownWriters.includes(path) && batchWriting.test(text))
    found.push(`${path} reads or writes items in batches itself: hand a Listing to src/http/listings.ts`)
  return found
}

/** The rules docs/architecture.md states: the bold opening of each item under "The rules". */
function documentedRules(): string[] {
  const text = readFileSync(join(root, 'docs/architecture.md'), 'utf8')
  const start = text.indexOf('The rules, and why')
  const list = text.slice(start, text.indexOf('\n\n', text.indexOf('\n- ', start) + 1) + 1)
  return [...list.matchAll(/^- \*\*(.+?)\*\*/gm)].map((match) => match[1] as string)
}

const allFiles = () =>
  ['src', 'web/src', 'packages/client/src'].flatMap((dir) => sourceFiles(join(root, dir)))

/** Each rule of docs/architecture.md in its own words, and the check that holds it. */
const rules: Record<string, () => void> = {
  'A module imports only from its own layer and those below.': () => {
    expect(violations().filter((v) => !v.includes('cli imports http') && !v.includes('Fastify'))).toEqual([])
  },
  '`cli` never imports `http`.': () => {
    expect(violations().filter((v) => v.includes('cli imports http'))).toEqual([])
  },
  'Only `http` and `server` import Fastify.': () => {
    expect(violations().filter((v) => v.includes('Fastify'))).toEqual([])
  },
  'Only `src/db` knows the databases.': () => {
    const found = allFiles().flatMap((file) => dialectLeaks(relative(root, file), readFileSync(file, 'utf8')))
    expect(found).toEqual([])
  },
  'Stored items are listed through one pipeline.': () => {
    const found = sourceFiles(join(root, 'src')).flatMap((file) =>
      listingLeaks(relative(root, file), readFileSync(file, 'utf8')),
    )
    expect(found).toEqual([])
  },
  'The dashboard shares code with the server only through `src/shared`, and the client package stands alone.':
    () => {
      expect(seamViolations()).toEqual([])
    },
  'What runs in a browser uses no Node API.': () => {
    expect(browserNodeApiUses()).toEqual([])
  },
  'The domain has its own error vocabulary.': () => {
    // Every kind is an error code of the API (src/http/errors.ts maps it, in one place).
    expect(domainErrorKinds.filter((kind) => !(kind in errorStatus))).toEqual([])
  },
  'Only `src/clock.ts` reads the time.': () => {
    const found = sourceFiles(join(root, 'src'))
      .map((file) => relative(root, file))
      .filter((path) => !mayReadTime.includes(path))
      .flatMap((path) => timeReads(path, readFileSync(join(root, path), 'utf8')))
    expect(found).toEqual([])
  },
  'No import cycle.': () => {
    expect(importCycles(allFiles())).toEqual([])
  },
  'Files a person can hold.': () => {
    const found = ['src', 'web/src']
      .flatMap((dir) => sourceFiles(join(root, dir)))
      .flatMap((file) => oversized(relative(root, file), readFileSync(file, 'utf8')))
    expect(found.filter((entry) => !allowedForNow(entry)).map(describeOversized)).toEqual([])
  },
}

describe('architecture: the rules of docs/architecture.md', () => {
  for (const [rule, check] of Object.entries(rules)) it(rule, check)

  it('every rule the document states is checked here, and every check is a rule it states', () => {
    expect(documentedRules()).toEqual(Object.keys(rules))
  })
})

describe('architecture: the checks themselves work', () => {
  it('finds a read of the time, not one in a comment', () => {
    const text = [
      '// Date.now() is not read here',
      'const at = Date.now()',
      'const t = performance.now() - 1',
    ].join('\n')
    expect(timeReads('src/http/x.ts', text)).toEqual(['src/http/x.ts:2', 'src/http/x.ts:3'])
  })

  it('finds the dashboard reaching past src/shared and the client package reaching out', () => {
    const imports: Record<string, string[]> = {
      'web/src/builder/preview.tsx': [
        '../../../src/shared/pages/form-page',
        '../../../src/http/errors',
        '../api',
      ],
      'packages/client/src/index.ts': ['./errors.js', '../../../src/shared/strings.js'],
    }
    const files = Object.keys(imports).map((file) => join(root, file))
    expect(seamViolations(files, (file) => imports[relative(root, file)] ?? [])).toEqual([
      'web/src/builder/preview.tsx imports ../../../src/http/errors: the dashboard shares only src/shared',
      'packages/client/src/index.ts imports ../../../src/shared/strings.js: the client package imports nothing of the server or the dashboard',
    ])
  })

  it('finds a Node module and Node globals, not a property of the same name', () => {
    const text = [
      "import { gzipSync } from 'node:zlib'",
      "import { join } from 'path'",
      'export const bytes = Buffer.from("a")',
      'export const env = process.env.X',
      'export const ok = { process: 1, Buffer: 2 }.process + history.length',
    ].join('\n')
    expect(nodeApiUses('src/shared/x.ts', text)).toEqual([
      'src/shared/x.ts imports node:zlib',
      'src/shared/x.ts imports path',
      'src/shared/x.ts uses Buffer',
      'src/shared/x.ts uses process',
    ])
  })

  it('finds page arithmetic outside the listing, and a route writing batches itself', () => {
    const arithmetic = 'const skip = (query.page - 1) * query.page_size\nconst limit = query.page_size + 1'
    expect(listingLeaks('src/domain/contacts/contacts.ts', arithmetic)).toEqual([
      "src/domain/contacts/contacts.ts works out a page's rows: use rowsRead, rowsBefore or pageRows (src/domain/listing.ts)",
    ])
    expect(listingLeaks('src/domain/listing.ts', arithmetic)).toEqual([])
    const writer = "import { chunksOf } from '../../../chunks.js'\nawait app.listMemory.take(bytes)"
    expect(listingLeaks('src/http/routes/forms/responses.ts', writer)).toEqual([
      'src/http/routes/forms/responses.ts reads or writes items in batches itself: hand a Listing to src/http/listings.ts',
    ])
    expect(listingLeaks('src/http/routes/forms/live-stream.ts', writer)).toEqual([])
    expect(listingLeaks('src/http/listings.ts', writer)).toEqual([])
  })

  it('finds a driver imported outside src/db', () => {
    expect(driverPackages.test('pg') && driverPackages.test('better-sqlite3-napi')).toBe(true)
    expect(driverPackages.test('pgx') || driverPackages.test('kysely')).toBe(false)
  })

  it('finds a driver import and a dialect check outside src/db, not in a comment', () => {
    const text = [
      "import pg from 'pg'",
      "import { sql, PostgresAdapter } from 'kysely'",
      "import { dialectOf } from '../db/database.js'",
      '// database.dialect in a comment is no check',
      "const sqlite = require('better-sqlite3-napi')",
      "if (database.dialect === 'postgres') await sql`select 1`.execute(db)",
      "const postgres = dialectOf(db) === 'postgres'",
    ].join('\n')
    expect(dialectLeaks('src/domain/forms/forms.ts', text)).toEqual([
      'src/domain/forms/forms.ts:1 imports pg: only src/db knows the drivers',
      'src/domain/forms/forms.ts:2 imports PostgresAdapter from kysely: only src/db knows the drivers',
      'src/domain/forms/forms.ts:3 checks the dialect (dialectOf): ask src/db for a named operation',
      'src/domain/forms/forms.ts:5 imports better-sqlite3-napi: only src/db knows the drivers',
      'src/domain/forms/forms.ts:6 checks the dialect (database.dialect): ask src/db for a named operation',
      'src/domain/forms/forms.ts:7 checks the dialect (dialectOf): ask src/db for a named operation',
    ])
    expect(dialectLeaks('src/db/database.ts', text)).toEqual([])
  })

  it('reads the rules of docs/architecture.md', () => {
    expect(documentedRules()).toContain('No import cycle.')
  })

  it('finds an oversized file and function, not a route plugin (the check itself works)', () => {
    const body = (n: number) => Array.from({ length: n }, (_, i) => `  const v${i} = ${i}\n`).join('')
    // 121, 120 and 152 lines: 393 in all.
    const text = [
      `export function long(): void {\n${body(119)}}\n`,
      `export function short(): void {\n${body(118)}}\n`,
      `export async function formRoutes(app: FastifyInstance): Promise<void> {\n${body(150)}}\n`,
    ].join('')
    expect(oversized('src/http/routes/forms/index.ts', text).map(describeOversized)).toEqual([
      'src/http/routes/forms/index.ts:1 long: 121 lines (at most 120)',
    ])
    expect(oversized('src/http/app.ts', text + body(8)).map(describeOversized)).toEqual([
      'src/http/app.ts: 401 lines (at most 400)',
      'src/http/app.ts:1 long: 121 lines (at most 120)',
      'src/http/app.ts:242 formRoutes: 152 lines (at most 120)',
    ])
  })

  it('finds an import cycle (the check itself works)', () => {
    const imports: Record<string, string[]> = { 'a.ts': ['b.ts'], 'b.ts': ['c.ts'], 'c.ts': ['a.ts'] }
    const files = Object.keys(imports).map((file) => join(root, file))
    const cycles = importCycles(files, (file) =>
      (imports[relative(root, file)] ?? []).map((f) => join(root, f)),
    )
    expect(cycles).toEqual(['a.ts -> b.ts -> c.ts -> a.ts'])
  })

  it('names each kind of violation (the check itself works)', () => {
    const imports: Record<string, string[]> = {
      'src/domain/forms/forms.ts': ['../../http/errors.js', '../errors.js', '../../db/database.js'],
      'src/cli/main.ts': ['../http/app.js', '../server.js', '../domain/tokens.js'],
      'src/delivery/worker.ts': ['fastify', 'pino'],
      'src/db/database.ts': ['../domain/errors.js', '../config.js'],
    }
    const files = Object.keys(imports).map((file) => join(root, file))
    expect(violations(files, (file) => imports[relative(root, file)] ?? [])).toEqual([
      'src/domain/forms/forms.ts (domain) imports ../../http/errors.js (http)',
      'src/cli/main.ts: cli imports http (../http/app.js)',
      'src/delivery/worker.ts (delivery) imports fastify: only http and server know Fastify',
      'src/db/database.ts (db) imports ../domain/errors.js (domain)',
    ])
  })
})
