import { readFileSync, writeFileSync } from 'node:fs'
import openapiTS, { astToString } from 'openapi-typescript'
import { openApiDocument } from './openapi.js'

// The client's types, generated from the OpenAPI document of a default Canvass:
// `npm run generate:client` writes packages/client/src/schema.ts; `--check` fails when the
// committed file differs (test/client/types.test.ts checks the same against a served document).

export const schemaFile = new URL('../packages/client/src/schema.ts', import.meta.url)

export async function clientTypes(document: unknown): Promise<string> {
  const ast = await openapiTS(document as Parameters<typeof openapiTS>[0])
  return (
    '// Generated from the OpenAPI document by `npm run generate:client` (openapi-typescript).\n' +
    '// Do not edit: test/client/types.test.ts fails when this drifts from what Canvass serves.\n\n' +
    astToString(ast)
  )
}

async function main(args: string[]): Promise<number> {
  const text = await clientTypes(await openApiDocument())
  if (args[0] !== '--check') {
    writeFileSync(schemaFile, text)
    return 0
  }
  if (readFileSync(schemaFile, 'utf8') === text) return 0
  console.error('packages/client/src/schema.ts differs from the document: run `npm run generate:client`')
  return 1
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.exitCode = await main(process.argv.slice(2))
}
