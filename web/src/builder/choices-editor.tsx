import { type DraftQuestion, fieldId, labelsOf, move } from './draft'
import { Field } from './field'
import { MoveButtons } from './move-buttons'

/** The choices of a multiple-choice or dropdown question: renamed, moved, added, removed. */
export function ChoicesEditor(props: {
  question: DraftQuestion
  base: string
  messageAt: (path: string) => string | undefined
  setProperty: (name: string, value: unknown) => void
}) {
  const { question, base, messageAt, setProperty } = props
  const labels = labelsOf(question.properties)
  const path = `${base}/properties/choices`
  const set = (next: string[]) => setProperty('choices', next)
  // Focus follows a moved or added choice, so the keyboard stays on it.
  const focusChoice = (at: number) =>
    requestAnimationFrame(() => document.getElementById(fieldId(`${path}/${at}`))?.focus())
  const moveChoice = (from: number, to: number) => {
    set(move(labels, from, to))
    focusChoice(to)
  }
  return (
    <fieldset class="choices" id={fieldId(path)}>
      <legend>Choices</legend>
      <p class="hint">What people pick from, in this order; each label once.</p>
      {messageAt(path) && <p class="field-error">{messageAt(path)}</p>}
      <ol>
        {labels.map((label, at) => (
          <li key={at} class="choice-row">
            <Field
              path={`${path}/${at}`}
              label={`Choice ${at + 1}`}
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
            <MoveButtons noun="choice" index={at} count={labels.length} move={moveChoice} />
            <button
              type="button"
              class="danger"
              aria-label={`Remove choice ${at + 1}`}
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
          set([...labels, `Option ${labels.length + 1}`])
          focusChoice(labels.length)
        }}
      >
        Add a choice
      </button>
    </fieldset>
  )
}
