import type { JSX } from 'preact'
import { type Draft, fieldId } from './draft'

interface FieldProps {
  id: string
  'aria-invalid'?: 'true'
  'aria-describedby'?: string
}

/** A labelled control with its message beside it, tied by aria-describedby. */
export function Field(props: {
  path: string
  label: string
  message: string | undefined
  hint?: string
  class?: string
  children: (control: FieldProps) => JSX.Element
}) {
  const id = fieldId(props.path)
  const described = [props.hint ? `${id}-hint` : '', props.message ? `${id}-error` : '']
    .filter(Boolean)
    .join(' ')
  return (
    <div class={`field ${props.class ?? ''}`}>
      {/* Its id lets a tool beside the field (recall's menu) say which field it is for. */}
      <label id={`${id}-label`} for={id}>
        {props.label}
      </label>
      {props.hint && (
        <p class="hint" id={`${id}-hint`}>
          {props.hint}
        </p>
      )}
      {props.children({
        id,
        ...(props.message ? { 'aria-invalid': 'true' as const } : {}),
        ...(described ? { 'aria-describedby': described } : {}),
      })}
      {props.message && (
        <p class="field-error" id={`${id}-error`}>
          {props.message}
        </p>
      )}
    </div>
  )
}

/** What each section of the form definition is given: the draft, a way to change it, its messages. */
export interface SectionProps {
  draft: Draft
  change: (draft: Draft) => void
  messageAt: (path: string) => string | undefined
}

/** A number field's value: undefined when empty, NaN when not a number (the rules then say so). */
export function numberOrUndefined(text: string): number | undefined {
  if (text.trim() === '') return undefined
  const value = Number(text)
  return Number.isFinite(value) ? value : Number.NaN
}
