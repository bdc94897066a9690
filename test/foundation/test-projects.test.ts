import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join, relative, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { browserTests, slowTests } from '../../vitest.config.js'

// The lists of vitest.config.ts decide where a test runs: a browser test runs on SQLite only and
// is left out of the fast suite. A new browser test missing from them would run twice (or on every
// change); a file renamed away would leave a name that matches nothing.

const root = resolve(import.meta.dirname, '../..')

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return testFiles(path)
    return entry.name.endsWith('.test.ts') ? [relative(root, path)] : []
  })
}

describe('the test projects', () => {
  const files = testFiles(join(root, 'test'))
  const launchesBrowser = files.filter((file) =>
    /from '[./]+(respondents\/)?support\/browser\.js'/.test(readFileSync(join(root, file), 'utf8')),
  )

  it('run every test that drives a browser on SQLite only, and none of them in the fast suite', () => {
    expect(launchesBrowser.length).toBeGreaterThan(10)
    expect([...browserTests].sort()).toEqual([...launchesBrowser].sort())
    expect(browserTests.filter((file) => !slowTests.includes(file))).toEqual([])
  })

  it('name only files that exist', () => {
    expect([...slowTests, ...browserTests].filter((file) => !existsSync(join(root, file)))).toEqual([])
  })
})
