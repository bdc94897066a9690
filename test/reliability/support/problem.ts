import { errorStatus } from '../../../src/http/errors.js'

// What every error answer must be (docs/api.md#errors): an RFC 9457 problem document whose code
// belongs to the closed set and matches the status. Returns what is wrong, or undefined.

export interface Answer {
  statusCode: number
  headers: Record<string, unknown>
  body: string
}

export function problemDefect(answer: Answer): string | undefined {
  const type = answer.headers['content-type']
  if (type !== 'application/problem+json; charset=utf-8') return `content-type ${String(type)}`
  let problem: Record<string, unknown>
  try {
    problem = JSON.parse(answer.body)
  } catch {
    return 'body is not JSON'
  }
  if (problem === null || typeof problem !== 'object' || Array.isArray(problem))
    return 'body is not an object'
  const code = problem['code'] as keyof typeof errorStatus
  if (problem['type'] !== 'about:blank') return 'type is not about:blank'
  if (typeof problem['title'] !== 'string') return 'title missing'
  if (problem['status'] !== answer.statusCode) return `status ${String(problem['status'])} in body`
  if (!(code in errorStatus)) return `unknown code ${String(code)}`
  if (errorStatus[code] !== answer.statusCode) return `code ${code} does not go with ${answer.statusCode}`
  if (typeof problem['detail'] !== 'string') return 'detail missing'
  if (problem['description'] !== problem['detail']) return 'description differs from detail'
  if (problem['request_id'] !== answer.headers['x-request-id']) return 'request_id differs from X-Request-Id'
  const errors = problem['errors']
  if (errors !== undefined) {
    if (!Array.isArray(errors) || errors.length === 0) return 'errors is not a non-empty array'
    for (const error of errors) {
      if (typeof error?.path !== 'string' || typeof error?.message !== 'string')
        return 'malformed errors entry'
      if (error.path !== '' && !error.path.startsWith('/'))
        return `errors path ${error.path} is no JSON pointer`
    }
  }
  return undefined
}
