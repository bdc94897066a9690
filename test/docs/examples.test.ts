import { spawn, spawnSync } from 'node:child_process'
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase, type TestDatabase } from '../support/databases.js'
import { cliPath, startServe } from '../support/process.js'

// Docs that cannot rot: every ```sh block of README.md and docs/*.md runs, in order, with bash
// against a fresh `canvass serve`, one server and one database per file, so a block may use what
// an earlier block of its file set up ($FORM, $LIST). A block that cannot run here (installs,
// long-running servers, benchmarks) says so itself: ```sh skip, or `# docs-test: skip` as its
// first line. The README's "Contributing" section tells writers the same.

const root = resolve(import.meta.dirname, '../..')
const documented = 'http://127.0.0.1:3000'

interface ShellBlock {
  /** 1-based line of the opening fence. */
  line: number
  text: string
  skip: boolean
}

/** The ```sh blocks of a Markdown text, in order. */
function shellBlocks(markdown: string): ShellBlock[] {
  const blocks: ShellBlock[] = []
  const lines = markdown.split('\n')
  for (let index = 0; index < lines.length; index++) {
    const fence = /^```(\S*)(.*)$/.exec(lines[index] as string)
    if (!fence) continue
    const end = lines.findIndex((line, at) => at > index && /^```\s*$/.test(line))
    if (end === -1) throw new Error(`line ${index + 1}: a code block is never closed`)
    if (fence[1] === 'sh') {
      const body = lines.slice(index + 1, end)
      const skip = /(^|\s)skip(\s|$)/.test(fence[2] ?? '') || /^#\s*docs-test:\s*skip\b/.test(body[0] ?? '')
      blocks.push({ line: index + 1, text: body.join('\n'), skip })
    }
    index = end
  }
  return blocks
}

const documents = ['README.md', ...readdirSync(join(root, 'docs')).filter((name) => name.endsWith('.md'))]
  .map((name) => (name === 'README.md' ? name : `docs/${name}`))
  .sort()

function missingTools(): string[] {
  return ['bash', 'curl', 'jq'].filter((tool) => spawnSync(tool, ['--version']).error !== undefined)
}

interface Outcome {
  code: number | null
  /** Index of the block that was running when bash stopped. */
  current: number
  outputs: string[]
}

/**
 * Runs the blocks in one bash, each sourced in turn so that variables carry over. `set -euo
 * pipefail` makes an unset variable or any failing command fail its block; curl gets
 * --fail-with-body, so an example answered with a 4xx or 5xx fails too (its body is shown).
 */
function runBlocks(blocks: string[], workDir: string, env: Record<string, string>): Promise<Outcome> {
  const stateDir = mkdtempSync(join(tmpdir(), 'canvass-docs-state-'))
  for (const [index, text] of blocks.entries())
    writeFileSync(join(stateDir, `block-${index}.sh`), `${text}\n`)
  const driver = [
    'set -euo pipefail',
    'curl() { command curl --fail-with-body "$@"; }',
    // Blocks run in a scratch directory (examples write files such as responses.csv), where npx
    // would not find this checkout's bin: `npx canvass` runs the built CLI directly.
    'npx() { if [ "$1" = canvass ]; then shift; node "$DOCS_TEST_CLI" "$@"; else command npx "$@"; fi; }',
    ...blocks.map(
      (_, index) =>
        `echo ${index} > "$DOCS_TEST_STATE/current"; source "$DOCS_TEST_STATE/block-${index}.sh" > "$DOCS_TEST_STATE/out-${index}" 2>&1`,
    ),
  ].join('\n')
  return new Promise((done) => {
    const child = spawn('bash', ['--noprofile', '--norc', '-c', driver], {
      cwd: workDir,
      env: { ...env, DOCS_TEST_STATE: stateDir, DOCS_TEST_CLI: cliPath },
      stdio: 'ignore',
    })
    const timer = setTimeout(() => child.kill('SIGKILL'), 90_000)
    child.once('exit', (code) => {
      clearTimeout(timer)
      const read = (name: string) => {
        try {
          return readFileSync(join(stateDir, name), 'utf8')
        } catch {
          return ''
        }
      }
      const current = Number(read('current').trim() || '0')
      const outputs = blocks.map((_, index) => read(`out-${index}`))
      rmSync(stateDir, { recursive: true, force: true })
      done({ code, current, outputs })
    })
  })
}

describe('the shell examples of the README and docs/', () => {
  const missing = missingTools()

  it('have bash, curl and jq to run with', () => {
    // The examples use jq to pick ids out of answers; CI installs it (.ci/run).
    expect(
      missing,
      `install ${missing.join(', ')} (apt-get install ${missing.join(' ')}) to run them`,
    ).toEqual([])
  })

  it('are found, and the README tour is among those that run', () => {
    const readme = shellBlocks(readFileSync(join(root, 'README.md'), 'utf8'))
    expect(readme.filter((block) => !block.skip).length).toBeGreaterThanOrEqual(3)
  })

  // The first `npx canvass` in a checkout links the checkout into npm's npx cache (~/.npm/_npx,
  // one entry per checkout path), and linking runs its `prepare` script, `npm run build && npm
  // run build:web`: 35 s on a busy 2-core machine, over this test's time, while it rewrote dist/
  // under the other test files running the built CLI. CI's fresh clone is a new path every time.
  // dist/ is built already (pretest), and how npx finds the CLI is the same without scripts.
  it('may say `npx canvass`: in a checkout npx runs its own CLI, offline', { timeout: 90_000 }, () => {
    const version = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).version as string
    const run = spawnSync('npx', ['--no', 'canvass', '--', '--version'], {
      cwd: root,
      encoding: 'utf8',
      env: { ...process.env, npm_config_ignore_scripts: 'true' },
      // npm starting and reading the checkout's tree: 4 s on a busy 2-core machine.
      timeout: 60_000,
    })
    expect(run.stdout.trim(), `${run.stderr}${run.error ?? ''}`).toBe(version)
  })

  it('stop at the first failing block and show its output', async () => {
    const outcome = await runBlocks(['GREETING=hello', 'echo "$GREETING"; false', 'echo never'], tmpdir(), {
      PATH: process.env['PATH'] ?? '',
    })
    expect(outcome.code).not.toBe(0)
    expect(outcome.current).toBe(1)
    expect(outcome.outputs[1]).toBe('hello\n')
    expect(outcome.outputs[2]).toBe('')
  })

  for (const document of documents) {
    const blocks = shellBlocks(readFileSync(join(root, document), 'utf8')).filter((block) => !block.skip)
    if (blocks.length === 0) continue

    describe(document, () => {
      let database: TestDatabase
      let server: Awaited<ReturnType<typeof startServe>>
      let workDir: string

      beforeAll(async () => {
        database = await createTestDatabase()
        // Examples name https://hooks.example.com as a webhook target: with the SSRF guard lifted
        // it is not looked up when saved, and with no worker no delivery ever goes out to it.
        server = await startServe({
          DATABASE_URL: database.url,
          CANVASS_WEBHOOK_ALLOW_PRIVATE: '1',
          CANVASS_WORKER: '0',
        })
        workDir = mkdtempSync(join(tmpdir(), 'canvass-docs-'))
      })
      afterAll(async () => {
        await server?.stop()
        await database?.drop()
        if (workDir) rmSync(workDir, { recursive: true, force: true })
      })

      it(`runs every block in order (${blocks.length})`, { timeout: 120_000 }, async () => {
        if (missing.length > 0) return expect.fail(`cannot run without ${missing.join(', ')}`)
        const firstToken = server.output().match(/^(cvs_\S+)$/m)?.[1]
        expect(firstToken, 'the first start printed a token').toBeDefined()
        const texts = blocks.map((block) => block.text.replaceAll(documented, server.baseUrl))
        const outcome = await runBlocks(texts, workDir, {
          PATH: process.env['PATH'] ?? '',
          HOME: process.env['HOME'] ?? tmpdir(),
          DATABASE_URL: database.url,
          TOKEN: firstToken as string,
        })
        if (outcome.code !== 0) {
          const block = blocks[outcome.current] as ShellBlock
          expect.fail(
            `${document}:${block.line}: this block exited ${outcome.code}:\n${block.text}\n` +
              `--- its output ---\n${outcome.outputs[outcome.current]}`,
          )
        }
      })
    })
  }
})
