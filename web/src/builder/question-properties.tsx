import { useEffect, useRef } from 'preact/hooks'
import type { DraftQuestion } from './draft'
import { Field, numberOrUndefined } from './field'

interface PropertyProps {
  question: DraftQuestion
  base: string
  messageAt: (path: string) => string | undefined
  setProperty: (name: string, value: unknown) => void
}

/** What most questions never need: the id the API names answers by, and limits on an answer. */
export function AdvancedSettings(props: PropertyProps & { index: number }) {
  const { question, base, messageAt } = props
  const integerField = (name: string, label: string, hint: string) => (
    <IntegerProperty {...props} name={name} label={label} hint={hint} />
  )
  // A problem inside opens it, so the message is seen where it is.
  const problem = ['max_length', 'min', 'max'].some((name) => messageAt(`${base}/properties/${name}`))
  const details = useRef<HTMLDetailsElement>(null)
  useEffect(() => {
    if (problem && details.current) details.current.open = true
  }, [problem])
  return (
    <details class="advanced" ref={details}>
      <summary>
        Advanced<span class="visually-hidden"> settings of question {props.index + 1}</span>
      </summary>
      <p class="question-id">
        Question id <code>{question.id}</code>
      </p>
      <p class="hint lead-hint">
        How the API, exports and webhooks name this question’s answers. It stays the same when the question is
        renamed.
      </p>
      {(question.type === 'short_text' || question.type === 'long_text') &&
        integerField('max_length', 'Longest answer (characters)', 'Empty: 10,000.')}
      {question.type === 'number' && (
        <div class="field-row">
          {integerField('min', 'Smallest', 'Answers below it are refused. Empty: no lower bound.')}
          {integerField('max', 'Largest', 'Answers above it are refused. Empty: no upper bound.')}
        </div>
      )}
    </details>
  )
}

/** A whole-number property (a length, a bound, a number of steps); empty leaves it to the default. */
export function IntegerProperty(props: PropertyProps & { name: string; label: string; hint: string }) {
  const { question, name } = props
  const path = `${props.base}/properties/${name}`
  return (
    <Field path={path} label={props.label} hint={props.hint} message={props.messageAt(path)}>
      {(control) => (
        <input
          {...control}
          type="number"
          inputMode="numeric"
          value={question.properties[name] === undefined ? '' : String(question.properties[name])}
          onInput={(event) => props.setProperty(name, numberOrUndefined(event.currentTarget.value))}
        />
      )}
    </Field>
  )
}
