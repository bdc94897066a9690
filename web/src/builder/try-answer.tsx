import { choiceLabels, columnLabels, isNumericKind, rowLabels } from '../../../src/shared/forms/definition'
import type { DraftQuestion } from './draft'

// One answer of "Try a path", asked with the simplest control its kind allows; empty is no answer.

/**
 * A file as the server judges an answer once it has looked the upload up (checkFile): files are
 * only sent on the hosted page, so a path is tried with this one standing for any.
 */
const sampleFile = {
  id: 'file_sample_file_tried_here',
  name: 'sample.pdf',
  size: 1024,
  type: 'application/pdf',
  url: '',
}

export function TryAnswer(props: {
  question: DraftQuestion
  n: number
  value: unknown
  message: string | undefined
  set: (value: unknown) => void
}) {
  const { question, value, set } = props
  const id = `try-${question.key}`
  const label = `${props.n}. ${question.title || question.id}`
  const invalid = props.message ? { 'aria-invalid': 'true' as const, 'aria-describedby': `${id}-error` } : {}
  const error = props.message && (
    <p class="field-error" id={`${id}-error`}>
      {props.message}
    </p>
  )
  const labels = choiceLabels(question)
  if (question.type === 'multiple_choice' && question.properties['allow_multiple'] === true) {
    const picked = Array.isArray(value) ? (value as string[]) : []
    return (
      <fieldset class="try-answer" {...invalid}>
        <legend>{label}</legend>
        {labels.map((choice, at) => (
          <div class="field check" key={choice}>
            <input
              type="checkbox"
              id={`${id}-${at}`}
              checked={picked.includes(choice)}
              onChange={(event) => {
                const next = event.currentTarget.checked
                  ? labels.filter((each) => each === choice || picked.includes(each))
                  : picked.filter((each) => each !== choice)
                set(next.length > 0 ? next : undefined)
              }}
            />
            <label for={`${id}-${at}`}>{choice}</label>
          </div>
        ))}
        {error}
      </fieldset>
    )
  }
  if (question.type === 'matrix' || question.type === 'ranking' || question.type === 'file_upload') {
    // Rules ask only whether these were answered: a sample answer stands for any.
    const sample =
      question.type === 'ranking'
        ? labels
        : question.type === 'file_upload'
          ? sampleFile
          : Object.fromEntries(rowLabels(question).map((row) => [row, columnLabels(question)[0] ?? '']))
    return (
      <div class="field try-answer">
        <label for={id}>{label}</label>
        <select
          id={id}
          {...invalid}
          value={value === undefined ? '' : 'answered'}
          onChange={(event) => set(event.currentTarget.value === '' ? undefined : sample)}
        >
          <option value="">No answer</option>
          <option value="answered">{question.type === 'file_upload' ? 'A file sent' : 'Answered'}</option>
        </select>
        {error}
      </div>
    )
  }
  const options =
    question.type === 'multiple_choice' || question.type === 'dropdown'
      ? labels.map((choice) => ({ value: choice, text: choice }))
      : question.type === 'yes_no' || question.type === 'consent'
        ? [
            { value: 'true', text: question.type === 'consent' ? 'Accepted' : 'Yes' },
            { value: 'false', text: question.type === 'consent' ? 'Not accepted' : 'No' },
          ]
        : undefined
  const numeric = isNumericKind(question.type)
  return (
    <div class="field try-answer">
      <label for={id}>{label}</label>
      {options ? (
        <select
          id={id}
          {...invalid}
          value={value === undefined ? '' : String(value)}
          onChange={(event) => {
            const text = event.currentTarget.value
            const boolean = question.type === 'yes_no' || question.type === 'consent'
            set(text === '' ? undefined : boolean ? text === 'true' : text)
          }}
        >
          <option value="">No answer</option>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.text}
            </option>
          ))}
        </select>
      ) : (
        <input
          id={id}
          {...invalid}
          {...(numeric
            ? { type: 'number' as const }
            : question.type === 'date'
              ? { type: 'date' as const }
              : {})}
          value={value === undefined ? '' : String(value)}
          onInput={(event) => {
            const text = event.currentTarget.value
            set(text === '' ? undefined : numeric ? Number(text) : text)
          }}
        />
      )}
      {error}
    </div>
  )
}

/** A hidden field's value, as a link would carry it. */
export function TryHidden(props: {
  name: string
  value: string
  message: string | undefined
  set: (value: string) => void
}) {
  const id = `try-hidden-${props.name}`
  return (
    <div class="field try-answer">
      <label for={id}>Hidden field {props.name}</label>
      <input
        id={id}
        value={props.value}
        {...(props.message ? { 'aria-invalid': 'true' as const, 'aria-describedby': `${id}-error` } : {})}
        onInput={(event) => props.set(event.currentTarget.value)}
      />
      {props.message && (
        <p class="field-error" id={`${id}-error`}>
          {props.message}
        </p>
      )}
    </div>
  )
}
