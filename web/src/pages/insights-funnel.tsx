import type { Form } from '../api'

export interface Funnel {
  started: number
  completed: number
  pages: { id: string; reached: number }[]
}

/** A page as a person names it: its place in the form and its title, if it has one. */
function pageLabel(form: Form, pageId: string, index: number): string {
  const title = form.pages?.find((page) => page.id === pageId)?.title
  return title ? `Page ${index + 1}: ${title}` : `Page ${index + 1}`
}

const percentOf = (count: number, started: number) =>
  started === 0 ? 0 : Math.round((100 * count) / started)

/**
 * How far respondents got (docs/api.md#insights): started, each page reached, completed, as a
 * table whose rows carry a bar of their share of those who started (the bar only repeats the
 * figures beside it, so it is hidden from screen readers).
 */
export function FunnelCard({ form, funnel }: { form: Form; funnel: Funnel }) {
  const steps = [
    { label: 'Started', count: funnel.started },
    ...funnel.pages.map((page, index) => ({
      label: `Reached ${pageLabel(form, page.id, index)}`,
      count: page.reached,
    })),
    { label: 'Completed', count: funnel.completed },
  ]
  return (
    <section class="card" aria-labelledby="funnel">
      <h2 id="funnel">Funnel</h2>
      <p class="meta">
        Respondents who started in these dates (a draft or a response sent in one go), and how far they got.
      </p>
      <table class="funnel">
        <thead>
          <tr>
            <th scope="col">Step</th>
            <th scope="col">People</th>
            <th scope="col">% of started</th>
          </tr>
        </thead>
        <tbody>
          {steps.map((step) => {
            const percent = percentOf(step.count, funnel.started)
            return (
              <tr key={step.label}>
                <th scope="row">{step.label}</th>
                <td>
                  {step.count}
                  <span class="funnel-bar" aria-hidden="true" style={{ width: `${percent}%` }} />
                </td>
                <td>{percent} %</td>
              </tr>
            )
          })}
        </tbody>
      </table>
    </section>
  )
}
