import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'

// The layers of docs/architecture.md, enforced: a module imports only from its own layer and
// the layers below it (cli -> server -> http -> context -> delivery -> domain -> db -> base),
// cli never imports http, and only http and server know Fastify.

const layers = ['base', 'db', 'domain', 'delivery', 'context', 'http', 'server', 'cli'] as const
type Layer = (typeof layers)[number]

const root = resolve(import.meta.dirname, '..')

function layerOf(file: string): Layer {
  const path = relative(join(root, 'src'), file)
  const top = path.split('/')[0] ?? ''
  if (['db', 'domain', 'delivery', 'http', 'cli'].includes(top)) return top as Layer
  if (top === 'web') return 'http'
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

describe('architecture', () => {
  it('no import runs against the layers', () => {
    expect(violations()).toEqual([])
  })

  it('no import cycle in the server, the dashboard or the client', () => {
    const files = ['src', 'web/src', 'packages/client/src'].flatMap((dir) => sourceFiles(join(root, dir)))
    expect(importCycles(files)).toEqual([])
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
