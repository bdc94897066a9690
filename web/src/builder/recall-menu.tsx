import { createContext } from 'preact'
import { useContext, useRef, useState } from 'preact/hooks'
import { type Draft, fieldId } from './draft'
import { Field } from './field'

// Recall (docs/api.md#recall): an "Insert answer" menu beside each text that may recall an
// answer, a hidden field or a variable; it writes the reference at the caret, so nobody has to
// remember its spelling or a question's id.

export interface Recallable {
  questions: { id: string; title: string }[]
  hidden: string[]
  variables: string[]
}

/** What the draft's texts can recall, given once for the whole editor. */
export const RecallNames = createContext<Recallable>({ questions: [], hidden: [], variables: [] })

export function recallableOf(draft: Draft): Recallable {
  return {
    questions: draft.questions.map(({ id, title }) => ({ id, title })),
    hidden: draft.hidden.filter((name) => name !== ''),
    variables: draft.variables.map((variable) => variable.name).filter((name) => name !== ''),
  }
}

/** A text field that may recall answers: the field, then its "Insert answer" menu. */
export function RecallText(props: {
  path: string
  label: string
  hint?: string
  message: string | undefined
  value: string
  set: (text: string) => void
  multiline?: boolean
  /** Only the questions before this one can be recalled (a later answer is not given yet). */
  questionsBefore?: number
}) {
  const { path, value, set } = props
  return (
    <div class="recall-field">
      <Field
        path={path}
        label={props.label}
        message={props.message}
        {...(props.hint ? { hint: props.hint } : {})}
      >
        {(control) =>
          props.multiline ? (
            <textarea
              {...control}
              rows={2}
              value={value}
              onInput={(event) => set(event.currentTarget.value)}
            />
          ) : (
            <input {...control} value={value} onInput={(event) => set(event.currentTarget.value)} />
          )
        }
      </Field>
      <RecallMenu
        path={path}
        value={value}
        set={set}
        {...(props.questionsBefore === undefined ? {} : { questionsBefore: props.questionsBefore })}
      />
    </div>
  )
}

/** The menu: a button that opens a list of what can be recalled, each inserting its reference. */
export function RecallMenu(props: {
  path: string
  value: string
  set: (text: string) => void
  questionsBefore?: number
}) {
  const names = useContext(RecallNames)
  const [open, setOpen] = useState(false)
  const button = useRef<HTMLButtonElement>(null)
  const list = useRef<HTMLUListElement>(null)
  const id = fieldId(props.path)
  const questions = names.questions.slice(0, props.questionsBefore ?? names.questions.length)
  const choices = [
    ...questions.map((q) => ({ text: `Answer: ${q.title || q.id}`, reference: `{{question:${q.id}}}` })),
    ...names.hidden.map((name) => ({ text: `Hidden field: ${name}`, reference: `{{hidden:${name}}}` })),
    ...names.variables.map((name) => ({ text: `Variable: ${name}`, reference: `{{variable:${name}}}` })),
  ]
  const close = () => {
    setOpen(false)
    button.current?.focus()
  }
  const insert = (reference: string) => {
    const field = document.getElementById(id) as HTMLInputElement | HTMLTextAreaElement | null
    // The caret stays where it was when the field was left for this menu.
    const start = field?.selectionStart ?? props.value.length
    const end = field?.selectionEnd ?? start
    props.set(props.value.slice(0, start) + reference + props.value.slice(end))
    setOpen(false)
    requestAnimationFrame(() => {
      field?.focus()
      field?.setSelectionRange(start + reference.length, start + reference.length)
    })
  }
  if (choices.length === 0) return null
  return (
    <div class="recall-menu">
      <button
        type="button"
        class="secondary"
        ref={button}
        aria-expanded={open}
        aria-controls={`${id}-recall`}
        // Named alike beside every field, described by the field's label (a name holding the label would
        // also be found as that field).
        aria-describedby={`${id}-label`}
        onClick={() => {
          setOpen(!open)
          if (!open) requestAnimationFrame(() => list.current?.querySelector('button')?.focus())
        }}
      >
        Insert answer
      </button>
      {open && (
        <ul
          id={`${id}-recall`}
          class="recall-options"
          ref={list}
          onKeyDown={(event) => {
            if (event.key !== 'Escape') return
            event.preventDefault()
            close()
          }}
        >
          {choices.map((choice) => (
            <li key={choice.reference}>
              <button type="button" onClick={() => insert(choice.reference)}>
                {choice.text}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
