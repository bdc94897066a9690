import { useRef, useState } from 'preact/hooks'
import { escapePointer } from '../../../src/shared/storable'
import { type Api, ApiError, type Simulation } from '../api'
import { useApp } from '../app-context'
import { ErrorMessage } from '../components'
import { type Draft, inputOf } from './draft'
import { pageName, pagesOf } from './pages'
import { TryAnswer, TryHidden } from './try-answer'

// "Try a path": answers a person might give, and the path the server's `simulate` walks for them
// through the unsaved form (POST /v1/forms/simulate): the pages visited, the questions on the
// path, what is missing, the variables and the ending. Nothing is stored. The preview walks the
// same answers' path (preview.tsx).

/** The answers and hidden values tried, by question id and hidden field name. */
export interface Tried {
  answers: Record<string, unknown>
  hidden: Record<string, string>
}

export const nothingTried: Tried = { answers: {}, hidden: {} }

/** What was tried, without what the draft no longer has. */
function submissionOf(draft: Draft, tried: Tried): Tried {
  const ids = new Set(draft.questions.map((question) => question.id))
  const names = new Set(draft.hidden)
  return {
    answers: Object.fromEntries(Object.entries(tried.answers).filter(([id]) => ids.has(id))),
    hidden: Object.fromEntries(Object.entries(tried.hidden).filter(([name]) => names.has(name))),
  }
}

type Outcome = { simulation: Simulation; asked: string } | { error: unknown; asked: string }

async function simulateDraft(api: Api, draft: Draft, tried: Tried): Promise<Outcome> {
  const submission = submissionOf(draft, tried)
  const asked = JSON.stringify([inputOf(draft), submission])
  try {
    const form = inputOf(draft) as unknown as Parameters<Api['forms']['simulateDefinition']>[0]
    return { simulation: await api.forms.simulateDefinition(form, submission), asked }
  } catch (error) {
    return { error, asked }
  }
}

export function TryPath(props: { draft: Draft; tried: Tried; setTried: (tried: Tried) => void }) {
  const { api } = useApp()
  const { draft, tried, setTried } = props
  const [outcome, setOutcome] = useState<Outcome | null>(null)
  const [running, setRunning] = useState(false)
  const result = useRef<HTMLDivElement>(null)
  const errors =
    outcome && 'error' in outcome && outcome.error instanceof ApiError ? outcome.error.errors : []
  const errorAt = (path: string) => errors.find((error) => error.path === path)?.message
  const stale =
    outcome !== null && outcome.asked !== JSON.stringify([inputOf(draft), submissionOf(draft, tried)])
  return (
    // The server judges the answers, as it would a submission: the browser's own checks stay out of it.
    <form
      class="try-path"
      noValidate
      aria-labelledby="try-heading"
      onSubmit={async (event) => {
        event.preventDefault()
        setRunning(true)
        setOutcome(await simulateDraft(api, draft, tried))
        setRunning(false)
        // The path is said below the answers: brought into view, however long the form.
        requestAnimationFrame(() => result.current?.scrollIntoView({ block: 'nearest' }))
      }}
    >
      <h3 id="try-heading">Try a path</h3>
      <p class="hint">
        Answer as someone might: Canvass walks the form as it is now, saved or not, and says where they go.
        Nothing is stored. The form preview follows these answers too.
      </p>
      {draft.questions.map((question, at) => (
        <TryAnswer
          key={question.key}
          question={question}
          n={at + 1}
          value={tried.answers[question.id]}
          message={errorAt(`/answers/${escapePointer(question.id)}`)}
          set={(value) => {
            const { [question.id]: _old, ...answers } = tried.answers
            setTried({
              ...tried,
              answers: value === undefined ? answers : { ...answers, [question.id]: value },
            })
          }}
        />
      ))}
      {draft.hidden
        .filter((name) => name !== '')
        .map((name) => (
          <TryHidden
            key={name}
            name={name}
            value={tried.hidden[name] ?? ''}
            message={errorAt(`/hidden/${escapePointer(name)}`)}
            set={(value) => setTried({ ...tried, hidden: { ...tried.hidden, [name]: value } })}
          />
        ))}
      <div class="actions">
        <button type="submit" disabled={running}>
          {running ? 'Trying…' : 'Try this path'}
        </button>
        <button type="button" class="secondary" onClick={() => setTried({ answers: {}, hidden: {} })}>
          Clear the answers
        </button>
      </div>
      <div aria-live="polite" ref={result}>
        {outcome && stale && <p class="meta">The form or the answers changed since: try again to update.</p>}
        {outcome && 'simulation' in outcome && <PathResult draft={draft} simulation={outcome.simulation} />}
        {outcome && 'error' in outcome && (
          <FailedTry
            error={outcome.error}
            formProblems={errors.some((error) => error.path.startsWith('/form'))}
          />
        )}
      </div>
    </form>
  )
}

function FailedTry({ error, formProblems }: { error: unknown; formProblems: boolean }) {
  if (formProblems)
    return (
      <p class="error">
        The form has problems to fix before a path can be tried: they are shown beside their fields.
      </p>
    )
  if (error instanceof ApiError && error.errors.length > 0)
    return <p class="error">Some answers cannot be given: each says why beside it.</p>
  return <ErrorMessage error={error} />
}

function PathResult({ draft, simulation }: { draft: Draft; simulation: Simulation }) {
  const pages = pagesOf(draft)
  const pageText = (id: string) => {
    const at = pages.findIndex((page) => page.id === id)
    return at === -1 ? 'The one page' : pageName(pages[at] as (typeof pages)[number], at)
  }
  const title = (id: string) => {
    const at = draft.questions.findIndex((question) => question.id === id)
    return at === -1 ? id : `${at + 1}. ${draft.questions[at]?.title}`
  }
  const ending = draft.flow.endings.find((each) => each.id === simulation.ending)
  const list = (ids: string[]) => (ids.length === 0 ? 'none' : ids.map(title).join('; '))
  return (
    <dl class="path-result">
      <dt>Pages visited</dt>
      <dd>{simulation.pages.map(pageText).join(' → ')}</dd>
      <dt>Questions on the path</dt>
      <dd>{list(simulation.questions)}</dd>
      <dt>Required but not answered</dt>
      <dd>{list(simulation.missing)}</dd>
      {simulation.not_on_path.length > 0 && (
        <>
          <dt>Answered, but not on the path (refused in a submission)</dt>
          <dd>{list(simulation.not_on_path)}</dd>
        </>
      )}
      {simulation.variables.length > 0 && (
        <>
          <dt>Variables</dt>
          <dd>{simulation.variables.map((variable) => `${variable.name} = ${variable.value}`).join(', ')}</dd>
        </>
      )}
      <dt>Ending</dt>
      <dd>
        {simulation.ending === null
          ? 'The thank-you screen'
          : `${simulation.ending}${ending?.title ? ` (“${ending.title}”)` : ''}`}
      </dd>
    </dl>
  )
}
