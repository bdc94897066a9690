import type { ComponentChildren } from 'preact'
import type { FlowPage } from '../../../src/shared/flow/types'
import { fieldId } from './draft'
import { pageName } from './pages'
import { ProblemsAt } from './problems-at'
import { RecallText } from './recall-menu'

type MessageAt = (path: string) => string | undefined

/** One page of the question list: its head, then its questions (numbered on from the form's). */
export function PageGroup(
  props: Omit<Parameters<typeof PageHead>[0], 'firstQuestion'> & {
    first: number
    children: ComponentChildren
  },
) {
  const { children, first, ...head } = props
  return (
    <section class="page-group" aria-labelledby={`page-heading-${props.index}`}>
      <PageHead {...head} firstQuestion={first} />
      <ol class="question-list" start={first + 1}>
        {children}
      </ol>
    </section>
  )
}

/** The head of one page in the question list: its number, its title, and a way to remove it. */
export function PageHead(props: {
  page: FlowPage
  index: number
  count: number
  rename: (title: string) => void
  remove: () => void
  messageAt: MessageAt
  /** The index of the page's first question: the answers before it can be recalled. */
  firstQuestion: number
}) {
  const { page, index } = props
  const base = `/pages/${index}`
  return (
    <div class="page-head" id={fieldId(base)}>
      <h2 id={`page-heading-${index}`} tabIndex={-1}>
        Page {index + 1} of {props.count}
        {page.questions.length === 0 && <span class="meta page-empty"> (no questions yet)</span>}
      </h2>
      <div class="page-head-fields">
        <RecallText
          path={`${base}/title`}
          label={`Title of page ${index + 1} (optional)`}
          message={props.messageAt(`${base}/title`)}
          value={page.title ?? ''}
          set={props.rename}
          questionsBefore={props.firstQuestion}
        />
        <button
          type="button"
          class="danger"
          aria-label={`Remove page ${index + 1}`}
          onClick={props.remove}
          disabled={props.count <= 1}
        >
          Remove page
        </button>
      </div>
      <ProblemsAt messages={[props.messageAt(base)]} />
    </div>
  )
}

/** Which page a question is on, as a select: the keyboard's way to move it between pages. */
export function PageSelect(props: {
  question: number
  page: number
  pages: FlowPage[]
  move: (page: number) => void
}) {
  const id = `page-of-${props.question}`
  return (
    <span class="page-select">
      <label class="inline-label" for={id}>
        On page
      </label>
      <select
        id={id}
        aria-label={`Page of question ${props.question + 1}`}
        value={String(props.page)}
        onChange={(event) => props.move(Number(event.currentTarget.value))}
      >
        {props.pages.map((page, index) => (
          <option key={page.id} value={String(index)}>
            {pageName(page, index)}
          </option>
        ))}
      </select>
    </span>
  )
}
