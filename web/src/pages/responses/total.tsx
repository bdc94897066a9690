import type { ResponseTotal } from './use-responses'

/** How many responses there are: those in the filter's days, or the form's total, labelled so. */
export function ResponseTotalLine({
  total,
  filtered,
}: {
  total: ResponseTotal | undefined
  filtered: boolean
}) {
  if (!total) return null
  const counted = `${total.count} ${total.count === 1 ? 'response' : 'responses'}`
  let text = filtered ? `${counted} in these dates` : `${counted} in all`
  if (total.ofForm && filtered) text = `${counted} in all (this server cannot count a filter’s responses)`
  return (
    <p class="figure" aria-live="polite">
      {text}
    </p>
  )
}
