import { useRef, useState } from 'preact/hooks'
import type { Form } from '../api'
import { messageOf } from '../components'
import { type Draft, draftOf, inputOf } from './draft'

/** The form definition as a JSON file: downloaded as POST /v1/forms takes it, or imported from one. */
export function JsonTools({ draft, onImport }: { draft: Draft; onImport: (draft: Draft) => void }) {
  const [error, setError] = useState('')
  const input = useRef<HTMLInputElement>(null)
  return (
    <>
      <button type="button" class="secondary" onClick={() => downloadDefinition(draft)}>
        Download JSON
      </button>
      <button type="button" class="secondary" onClick={() => input.current?.click()}>
        Import JSON
      </button>
      <input
        ref={input}
        type="file"
        accept="application/json,.json"
        class="visually-hidden"
        tabIndex={-1}
        aria-label="Form definition file"
        onChange={async (event) => {
          const file = event.currentTarget.files?.[0]
          event.currentTarget.value = ''
          if (!file) return
          try {
            onImport(definitionOf(await file.text()))
            setError('')
          } catch (problem) {
            setError(`Could not import ${file.name}: ${messageOf(problem)}`)
          }
        }}
      />
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
    </>
  )
}

function downloadDefinition(draft: Draft): void {
  const text = `${JSON.stringify(inputOf(draft), null, 2)}\n`
  const link = document.createElement('a')
  link.href = URL.createObjectURL(new Blob([text], { type: 'application/json' }))
  link.download = `${(draft.title || 'form').replace(/[^\p{L}\p{N}]+/gu, '-').toLowerCase()}.json`
  link.click()
  setTimeout(() => URL.revokeObjectURL(link.href), 1000)
}

/** An imported file as a draft; the builder's rules then say what in it is wrong. */
function definitionOf(text: string): Draft {
  const parsed = JSON.parse(text) as unknown
  if (
    typeof parsed !== 'object' ||
    parsed === null ||
    !Array.isArray((parsed as { questions?: unknown }).questions)
  ) {
    throw new Error('the file is not a form definition (it has no "questions" list)')
  }
  return draftOf(parsed as Form)
}
