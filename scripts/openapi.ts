import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pino } from 'pino'
import { configFromEnv } from '../src/config.js'
import { createAppContext } from '../src/context.js'
import { buildApp } from '../src/http/app.js'

// The OpenAPI document of a Canvass with default settings, built in process (no port, a
// throw-away SQLite file): `tsx scripts/openapi.ts out.json` writes it; `--lint` lints it with
// Redocly's recommended rules, as `npm run lint` does. Default settings matter: limits such as
// the bulk maximum are written into descriptions, and so into the client's generated types.

export async function openApiDocument(): Promise<unknown> {
  const dir = mkdtempSync(join(tmpdir(), 'canvass-openapi-'))
  try {
    const config = configFromEnv({ DATABASE_URL: `sqlite:${join(dir, 'canvass.sqlite')}` })
    const ctx = await createAppContext(config, { logger: pino({ level: 'silent' }) })
    const app = await buildApp(ctx)
    try {
      await app.ready()
      return app.swagger()
    } finally {
      await app.close()
      await ctx.close()
    }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

async function main(args: string[]): Promise<number> {
  const document = `${JSON.stringify(await openApiDocument(), null, 2)}\n`
  if (args[0] !== '--lint') {
    if (args[0]) writeFileSync(args[0], document)
    else process.stdout.write(document)
    return 0
  }
  const dir = mkdtempSync(join(tmpdir(), 'canvass-openapi-lint-'))
  try {
    const file = join(dir, 'openapi.json')
    writeFileSync(file, document)
    const lint = spawnSync('redocly', ['lint', '--extends', 'recommended', '--max-problems', '200', file], {
      stdio: 'inherit',
      // Lint works offline: no telemetry, no update check against the registry.
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
    })
    return lint.status ?? 1
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.exitCode = await main(process.argv.slice(2))
}
