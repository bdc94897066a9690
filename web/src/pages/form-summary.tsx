import { useEffect } from 'preact/hooks'
import type { Form } from '../api'
import { useApp } from '../app-context'
import { useLoad } from '../components'
import { viewerZone } from './responses/answers'

/** The first instant of today, or of a day before it, in the viewer's time zone (as the responses table counts days). */
function startOfLocalDay(daysBefore = 0): string {
  const now = new Date()
  return new Date(now.getFullYear(), now.getMonth(), now.getDate() - daysBefore).toISOString()
}

// Counted again when the person opens another tab of the form's page, and every minute while it is open.
const REFRESH_MS = 60_000

/**
 * Responses today and in the last 7 days (today and the 6 days before), counted by the insights
 * of those windows: their cost does not grow with the number of responses.
 */
export function ResponseSummary({ form, refresh }: { form: Form; refresh?: string }) {
  const { api, can } = useApp()
  const allowed = can('responses:read')
  const { data, reload } = useLoad(async () => {
    if (!allowed) return undefined
    const [today, week] = await Promise.all([
      api.insights.get(form.id, { since: startOfLocalDay() }),
      api.insights.get(form.id, { since: startOfLocalDay(6) }),
    ])
    return { today: today.responses, week: week.responses }
  }, [form.id, allowed, refresh])
  useEffect(() => {
    const timer = setInterval(reload, REFRESH_MS)
    return () => clearInterval(timer)
  }, [form.id])
  if (!data) return null
  return (
    <section class="response-summary" aria-labelledby="response-summary">
      <h2 id="response-summary" class="visually-hidden">
        Responses lately
      </h2>
      <dl>
        <div>
          <dt>Responses today</dt>
          <dd>{data.today.toLocaleString()}</dd>
        </div>
        <div>
          <dt>Last 7 days</dt>
          <dd>{data.week.toLocaleString()}</dd>
        </div>
      </dl>
      <p class="meta">days in {viewerZone()}</p>
    </section>
  )
}
