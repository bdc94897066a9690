import { useState } from 'preact/hooks'
import type { Form } from '../../api'

type Question = Form['questions'][number]

// Which questions the responses table shows as columns: every one unless the person hid it. The
// choice is kept per form in this browser (localStorage) as the ids hidden, so a question added to
// the form later shows up without asking.

const storageKey = (formId: string) => `canvass:response-columns:${formId}`

function readHidden(formId: string): Set<string> {
  try {
    const saved = JSON.parse(globalThis.localStorage?.getItem(storageKey(formId)) ?? '[]')
    return new Set(Array.isArray(saved) ? saved.filter((id) => typeof id === 'string') : [])
  } catch {
    return new Set()
  }
}

function saveHidden(formId: string, hidden: Set<string>): void {
  try {
    globalThis.localStorage?.setItem(storageKey(formId), JSON.stringify([...hidden]))
  } catch {
    // Storage full or refused (private mode): the choice lasts until the page is left.
  }
}

export interface Columns {
  /** The questions shown, in the form's order. */
  shown: Question[]
  isShown(id: string): boolean
  toggle(id: string): void
}

export function useColumns(form: Form): Columns {
  const [hidden, setHidden] = useState(() => readHidden(form.id))
  return {
    shown: form.questions.filter((question) => !hidden.has(question.id)),
    isShown: (id) => !hidden.has(id),
    toggle(id) {
      const next = new Set(hidden)
      if (next.has(id)) next.delete(id)
      else next.add(id)
      saveHidden(form.id, next)
      setHidden(next)
    },
  }
}

/** A "Columns" button that opens a checkbox per question. */
export function ColumnsChooser({ questions, columns }: { questions: Question[]; columns: Columns }) {
  const [open, setOpen] = useState(false)
  return (
    <div class="columns-chooser">
      <button
        type="button"
        aria-expanded={open}
        aria-controls="response-columns"
        onClick={() => setOpen(!open)}
      >
        Columns ({columns.shown.length} of {questions.length})
      </button>
      <fieldset id="response-columns" class="panel" hidden={!open}>
        <legend>Questions shown as columns</legend>
        {questions.map((question) => (
          <label key={question.id} class="check">
            <input
              type="checkbox"
              checked={columns.isShown(question.id)}
              onChange={() => columns.toggle(question.id)}
            />
            {question.title}
          </label>
        ))}
      </fieldset>
    </div>
  )
}
