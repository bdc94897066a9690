import { sql } from 'kysely'
import { parseTimestamp } from '../../src/clock.js'
import type { TestContext } from '../support/context.js'

// Helpers for the insights tests: submissions at chosen instants, and reading the figures.

/**
 * Submits through the API at a chosen instant (after now): the form's newest submission time is
 * set just before it, and a submission is stamped max(now, newest + 1 µs).
 */
export async function submitAt(
  ctx: TestContext,
  formId: string,
  at: string,
  answers: object,
): Promise<string> {
  const micros = parseTimestamp(at) as number
  await sql`update forms set last_submitted_at = ${micros - 1} where id = ${formId}`.execute(ctx.database.db)
  const response = await ctx.request({
    method: 'POST',
    url: `/v1/forms/${formId}/responses`,
    payload: { answers },
  })
  if (response.statusCode !== 201) throw new Error(`submission failed: ${response.body}`)
  const item = response.json() as { id: string; submitted_at: string }
  if (item.submitted_at !== at) throw new Error(`stamped ${item.submitted_at}, wanted ${at}`)
  return item.id
}

export async function insightsOf(ctx: TestContext, formId: string, query = '') {
  const response = await ctx.request({ method: 'GET', url: `/v1/forms/${formId}/insights${query}` })
  if (response.statusCode !== 200)
    throw new Error(`insights answered ${response.statusCode}: ${response.body}`)
  return response.json() as Record<string, unknown> & {
    responses: number
    questions: Record<string, unknown>[]
    variables: Record<string, unknown>[]
    timeline: { date: string; responses: number }[]
  }
}

export async function deleteResponses(ctx: TestContext, formId: string, ids: string[]): Promise<void> {
  const response = await ctx.request({
    method: 'DELETE',
    url: `/v1/forms/${formId}/responses?included_response_ids=${ids.join(',')}`,
  })
  if (response.statusCode !== 204) throw new Error(`delete answered ${response.statusCode}: ${response.body}`)
}
