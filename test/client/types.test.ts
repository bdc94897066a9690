import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { clientTypes, schemaFile } from '../../scripts/client-types.js'
import { useTestContext } from '../support/context.js'

const ctx = useTestContext()

describe('the client’s generated types', () => {
  it('match the OpenAPI document Canvass serves (`npm run generate:client` after an API change)', async () => {
    const served = await ctx.request({ method: 'GET', url: '/v1/openapi.json', token: null })
    expect(served.statusCode).toBe(200)
    const expected = await clientTypes(served.json())
    expect(readFileSync(schemaFile, 'utf8')).toBe(expected)
  })
})
