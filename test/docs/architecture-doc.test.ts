import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'

// docs/architecture.md names files to read; a file that moved or went makes the page lie, so a
// name in backticks must be a file of the repository: a path from its root, or a bare file name
// path found anywhere in its own folders.

const root = resolve(import.meta.dirname, '../..')
const folders = ['src', 'test', 'bench', 'web', 'packages', 'scripts', 'docs', '.ci']

function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return []
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.name === 'node_modules' || entry.name === 'dist') return []
    const path = join(dir, entry.name)
    return entry.isDirectory() ? filesUnder(path) : [path]
  })
}

/** Source and document names in backticks (served URLs such as `embed.js` are not files) (`src/db/database.ts`, `wait.ts`). */
function namedFiles(markdown: string): string[] {
  const names = [...markdown.matchAll(/`([\w./-]+\.(?:ts|tsx|md|json|sh|yml))`/g)].map(
    (match) => match[1] as string,
  )
  return [...new Set(names)].filter((name) => !/^https?:/.test(name))
}

describe('docs/architecture.md', () => {
  it('names only files that exist', () => {
    const text = readFileSync(join(root, 'docs/architecture.md'), 'utf8')
    const files = folders.flatMap((folder) => filesUnder(join(root, folder)))
    // A bare name or a path inside some folder (`deliveries/queue.ts`) names a file ending so.
    const exists = (name: string) =>
      existsSync(join(root, name)) || files.some((path) => path.endsWith(`/${name}`))
    const missing = namedFiles(text).filter((name) => !exists(name))
    expect(missing).toEqual([])
  })

  it('finds the file names in a page (the check itself works)', () => {
    expect(namedFiles('see `src/db/database.ts`, `wait.ts` and `npm test`; `a b.ts` is prose')).toEqual([
      'src/db/database.ts',
      'wait.ts',
    ])
  })
})
