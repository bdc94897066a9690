import type { Form, ResponseItem } from '../../api'
import { Empty, formatTime } from '../../components'
import { AnswerValue } from './answer-value'

type Question = Form['questions'][number]

/**
 * A page of responses, newest first, with the answers to the questions chosen as columns. A wide
 * table scrolls sideways inside its own region (focusable, so a keyboard can scroll it too), never
 * the page.
 */
export function ResponsesTable(props: {
  items: ResponseItem[]
  /** The questions shown as columns. */
  columns: Question[]
  /** The time zone submission times are shown in. */
  zone: string
  /** Each row has a checkbox to tick it for deletion. */
  selectable: boolean
  selected: Set<string>
  toggle: (id: string) => void
  view: (item: ResponseItem) => void
}) {
  const { columns, selectable } = props
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a region that scrolls must take focus for a keyboard to scroll it
    <section class="table-wrap" aria-label="Responses table" tabIndex={0}>
      <table class="responses">
        <caption class="visually-hidden">Responses, newest first</caption>
        <thead>
          <tr>
            {selectable && <th scope="col">Select</th>}
            <th scope="col">Submitted ({props.zone})</th>
            {columns.map((question) => (
              <th scope="col" key={question.id}>
                {question.title}
              </th>
            ))}
            <th scope="col">Details</th>
          </tr>
        </thead>
        <tbody>
          {props.items.map((item) => (
            <ResponseRow
              key={item.id}
              item={item}
              columns={columns}
              selectable={selectable}
              selected={props.selected.has(item.id)}
              toggle={() => props.toggle(item.id)}
              view={() => props.view(item)}
            />
          ))}
        </tbody>
      </table>
    </section>
  )
}

function ResponseRow(props: {
  item: ResponseItem
  columns: Question[]
  selectable: boolean
  selected: boolean
  toggle: () => void
  view: () => void
}) {
  const { item } = props
  return (
    <tr>
      {props.selectable && (
        <td>
          <input
            type="checkbox"
            aria-label={`Select response of ${formatTime(item.submitted_at)}`}
            checked={props.selected}
            onChange={props.toggle}
          />
        </td>
      )}
      <td>{formatTime(item.submitted_at)}</td>
      {props.columns.map((question) => {
        const answer = item.answers.find((a) => a.question.id === question.id)
        return <td key={question.id}>{answer ? <AnswerValue answer={answer} /> : '—'}</td>
      })}
      <td>
        <button type="button" class="link" onClick={props.view}>
          View<span class="visually-hidden"> response {item.id}</span>
        </button>
      </td>
    </tr>
  )
}

/** No response on this page: none at all yet, or none the filter lets through. */
export function NoResponses({ filtered }: { filtered: boolean }) {
  return (
    <Empty>
      {filtered ? (
        <p>No responses match this filter. Try other words, widen the dates or clear them.</p>
      ) : (
        <p>
          No responses yet. Share the form’s public link, or submit through the API; they appear here as they
          arrive.
        </p>
      )}
    </Empty>
  )
}
