import type { ResponseTotal } from './use-responses'

/** How many responses there are: those the search and the filter's days let through, or the form's total, labelled so. */
export function ResponseTotalLine({
  total,
  filtered,
  query,
}: {
  total: ResponseTotal | undefined
  filtered: boolean
  query: string
}) {
  if (!total) return null
  const counted = `${total.count} ${total.count === 1 ? 'response' : 'responses'}`
  let text = filtered ? `${counted} in these dates` : `${counted} in all`
  if (query) text = `${counted} containing “${query}”${filtered ? ' in these dates' : ''}`
  if (total.ofForm && (filtered || query))
    text = `${counted} in all (this server cannot count a filter’s responses)`
  return (
    <p class="figure" aria-live="polite">
      {text}
    </p>
  )
}
