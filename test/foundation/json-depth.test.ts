import { describe, expect, it } from 'vitest'
import { DEPTH_CHECKED_CHARS, JSON_DEPTH_MAX, jsonDepthProblem } from '../../src/http/json-depth.js'
import { useTestContext } from '../support/context.js'

// A large JSON body (over DEPTH_CHECKED_CHARS) nested more than JSON_DEPTH_MAX levels is refused
// before it is parsed (parsing a few deep MB is slow), as a validation problem at the pointer of
// the first value too deep. Smaller ones are judged field by field (test/forms/validation.test.ts).

const ctx = useTestContext()

const nested = (levels: number, inner = '1') => `${'['.repeat(levels)}${inner}${']'.repeat(levels)}`

describe('JSON nesting', () => {
  it('names the first value too deep, through keys with escapes and array positions', () => {
    expect(jsonDepthProblem('{"x":{"y":[0,{"z":[]}]}}', 4)).toEqual({
      path: '/x/y/1/z',
      message: 'is nested more than 4 levels deep',
    })
    // Keys are decoded and escaped as JSON pointers; brackets inside strings do not count.
    expect(jsonDepthProblem('{"a\\"/~b":["[[[[", {"c\\u0041":[[1]]}]}', 3)?.path).toBe('/a"~1~0b/1/cA')
    expect(jsonDepthProblem('{"s":"\\\\","t":[[1]]}', 2)?.path).toBe('/t/0')
    expect(jsonDepthProblem('[[1]]', 2)).toBeUndefined()
    expect(jsonDepthProblem(nested(JSON_DEPTH_MAX))).toBeUndefined()
    expect(jsonDepthProblem(nested(JSON_DEPTH_MAX + 1))?.path).toBe('/0'.repeat(JSON_DEPTH_MAX))
  })

  it('refuses a deep body with a 400 at its pointer, and takes one as deep as allowed', async () => {
    const deep = await ctx.request({
      method: 'POST',
      url: '/v1/forms/simulate',
      payload: `{"form":{"title":"${'T'.repeat(DEPTH_CHECKED_CHARS)}","questions":[],"logic":[{"if":${nested(80)},"then":[]}]},"answers":{}}`,
      headers: { 'content-type': 'application/json' },
    })
    expect(deep.statusCode).toBe(400)
    const problem = deep.json()
    expect(problem.code).toBe('validation_failed')
    expect(problem.errors).toEqual([
      {
        path: `/form/logic/0/if${'/0'.repeat(JSON_DEPTH_MAX - 4)}`,
        message: `is nested more than ${JSON_DEPTH_MAX} levels deep`,
      },
    ])
    // Small, it is parsed and judged as any other body: here a question title that is not text.
    const small = await ctx.request({
      method: 'POST',
      url: '/v1/forms',
      payload: `{"title":${nested(200, '"x"')},"questions":[]}`,
      headers: { 'content-type': 'application/json' },
    })
    expect(small.statusCode).toBe(400)
    expect(small.json().errors[0]).toMatchObject({ path: '/title' })
    // At the bound, a large body is parsed and judged as any other.
    const atBound = await ctx.request({
      method: 'POST',
      url: '/v1/forms',
      payload: `{"title":${nested(JSON_DEPTH_MAX - 1, '"x"')},"questions":[],"description":"${'d'.repeat(DEPTH_CHECKED_CHARS)}"}`,
      headers: { 'content-type': 'application/json' },
    })
    expect(atBound.statusCode).toBe(400)
    expect(atBound.json().errors[0].message).not.toContain('nested')
  })
})
