import { type DraftQuestion, fieldId, labelsOf, move } from './draft'
import { Field } from './field'
import { MoveButtons } from './move-buttons'

/** A list of labels a question holds: its name in `properties` and its words. */
export interface LabelList {
  name: 'choices' | 'rows' | 'columns'
  legend: string
  hint: string
  /** One label, as its field and buttons name it: "choice", "row", "column". */
  noun: string
  /** The label a new one gets, numbered. */
  fresh: string
}

const choiceList: LabelList = {
  name: 'choices',
  legend: 'Choices',
  hint: 'What people pick from, in this order; each label once.',
  noun: 'choice',
  fresh: 'Option',
}

export const matrixLists = {
  rows: {
    name: 'rows',
    legend: 'Rows',
    hint: 'What people answer, one row each; each label once.',
    noun: 'row',
    fresh: 'Row',
  },
  columns: {
    name: 'columns',
    legend: 'Columns',
    hint: 'The scale every row is answered on, in this order; each label once.',
    noun: 'column',
    fresh: 'Column',
  },
} satisfies Record<string, LabelList>

interface ListProps {
  question: DraftQuestion
  base: string
  messageAt: (path: string) => string | undefined
  setProperty: (name: string, value: unknown) => void
}

/** The lists of labels a question's kind has: a choice or ranking question's choices, a matrix's rows and columns. */
export function LabelLists(props: ListProps) {
  const { type } = props.question
  if (type === 'multiple_choice' || type === 'dropdown' || type === 'ranking')
    return <ChoicesEditor {...props} />
  if (type !== 'matrix') return null
  return (
    <>
      <ChoicesEditor {...props} list={matrixLists.rows} />
      <ChoicesEditor {...props} list={matrixLists.columns} />
    </>
  )
}

/** The choices of a choice or ranking question, or a matrix's rows or columns: renamed, moved, added, removed. */
export function ChoicesEditor(props: ListProps & { list?: LabelList }) {
  const { question, base, messageAt, setProperty } = props
  const list = props.list ?? choiceList
  const labels = labelsOf(question.properties, list.name)
  const path = `${base}/properties/${list.name}`
  const set = (next: string[]) => setProperty(list.name, next)
  // Focus follows a moved or added choice, so the keyboard stays on it.
  const focusChoice = (at: number) =>
    requestAnimationFrame(() => document.getElementById(fieldId(`${path}/${at}`))?.focus())
  const moveChoice = (from: number, to: number) => {
    set(move(labels, from, to))
    focusChoice(to)
  }
  return (
    <fieldset class="choices" id={fieldId(path)}>
      <legend>{list.legend}</legend>
      <p class="hint">{list.hint}</p>
      {messageAt(path) && <p class="field-error">{messageAt(path)}</p>}
      <ol>
        {labels.map((label, at) => (
          <li key={at} class="choice-row">
            <Field
              path={`${path}/${at}`}
              label={`${capital(list.noun)} ${at + 1}`}
              message={messageAt(`${path}/${at}`)}
              class="grow"
            >
              {(control) => (
                <input
                  {...control}
                  value={label}
                  onInput={(event) => set(labels.map((l, i) => (i === at ? event.currentTarget.value : l)))}
                />
              )}
            </Field>
            <MoveButtons noun={list.noun} index={at} count={labels.length} move={moveChoice} />
            <button
              type="button"
              class="danger"
              aria-label={`Remove ${list.noun} ${at + 1}`}
              onClick={() => set(labels.filter((_, i) => i !== at))}
            >
              Remove
            </button>
          </li>
        ))}
      </ol>
      <button
        type="button"
        class="secondary"
        onClick={() => {
          set([...labels, `${list.fresh} ${labels.length + 1}`])
          focusChoice(labels.length)
        }}
      >
        Add a {list.noun}
      </button>
    </fieldset>
  )
}

const capital = (word: string) => `${word[0]?.toUpperCase() ?? ''}${word.slice(1)}`
