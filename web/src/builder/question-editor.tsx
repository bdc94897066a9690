import { useState } from 'preact/hooks'
import { type QuestionKind, questionKinds } from '../../../src/shared/forms/definition'
import { ChoicesEditor } from './choices-editor'
import { type DraftQuestion, fieldId, kindLabels } from './draft'
import { Field, numberOrUndefined } from './field'
import { changeKind, KindChangeWarning } from './kind-change'

/** A question's title, kind, whether it is required, and the properties its kind has. */
export function QuestionEditor(props: {
  question: DraftQuestion
  index: number
  messageAt: (path: string) => string | undefined
  onChange: (question: DraftQuestion) => void
}) {
  const { question, index, messageAt, onChange } = props
  // A kind picked that would drop something waits here, shown in the select, until confirmed.
  const [pendingKind, setPendingKind] = useState<QuestionKind | null>(null)
  const pickKind = (kind: QuestionKind) => {
    const change = changeKind(question, kind)
    setPendingKind(kind === question.type || change.losses.length === 0 ? null : kind)
    if (kind !== question.type && change.losses.length === 0) onChange(change.question)
  }
  const base = `/questions/${index}`
  const setProperty = (name: string, value: unknown) => {
    const properties = { ...question.properties }
    if (value === undefined) delete properties[name]
    else properties[name] = value
    onChange({ ...question, properties })
  }
  const integerField = (name: string, label: string, hint: string) => (
    <IntegerProperty {...{ question, base, name, label, hint, messageAt, setProperty }} />
  )
  return (
    <div class="question-fields">
      <Field path={`${base}/title`} label="Question" message={messageAt(`${base}/title`)}>
        {(control) => (
          <input
            {...control}
            value={question.title}
            onInput={(event) => onChange({ ...question, title: event.currentTarget.value })}
          />
        )}
      </Field>
      <div class="field-row">
        <Field path={`${base}/type`} label="Kind" message={messageAt(`${base}/type`)}>
          {(control) => (
            <select
              {...control}
              value={pendingKind ?? question.type}
              onChange={(event) => pickKind(event.currentTarget.value as QuestionKind)}
            >
              {questionKinds.map((kind) => (
                <option key={kind} value={kind}>
                  {kindLabels[kind]}
                </option>
              ))}
            </select>
          )}
        </Field>
        <div class="field check">
          <input
            type="checkbox"
            id={fieldId(`${base}/required`)}
            checked={question.required}
            onChange={(event) => onChange({ ...question, required: event.currentTarget.checked })}
          />
          <label for={fieldId(`${base}/required`)}>Required</label>
        </div>
      </div>
      {pendingKind && (
        <KindChangeWarning
          question={question}
          kind={pendingKind}
          onConfirm={() => {
            setPendingKind(null)
            onChange(changeKind(question, pendingKind).question)
          }}
          onCancel={() => setPendingKind(null)}
        />
      )}
      {(question.type === 'short_text' || question.type === 'long_text') &&
        integerField('max_length', 'Longest answer (characters)', 'Empty: 10,000.')}
      {question.type === 'number' && (
        <div class="field-row">
          {integerField('min', 'Smallest', 'Empty: no lower bound.')}
          {integerField('max', 'Largest', 'Empty: no upper bound.')}
        </div>
      )}
      {question.type === 'rating' && integerField('steps', 'Steps', '3 to 10; empty: 5.')}
      {question.type === 'opinion_scale' && (
        <div class="field-row">
          {integerField('start', 'Starts at', '0 or 1; empty: 0.')}
          {integerField('steps', 'Steps', '5 to 11; empty: 11.')}
        </div>
      )}
      {(question.type === 'multiple_choice' || question.type === 'dropdown') && (
        <ChoicesEditor question={question} base={base} messageAt={messageAt} setProperty={setProperty} />
      )}
      {question.type === 'multiple_choice' && (
        <div class="field check">
          <input
            type="checkbox"
            id={fieldId(`${base}/properties/allow_multiple`)}
            checked={question.properties['allow_multiple'] === true}
            onChange={(event) => setProperty('allow_multiple', event.currentTarget.checked)}
          />
          <label for={fieldId(`${base}/properties/allow_multiple`)}>People may pick several</label>
        </div>
      )}
    </div>
  )
}

/** A whole-number property (a length, a bound, a number of steps); empty leaves it to the default. */
function IntegerProperty(props: {
  question: DraftQuestion
  base: string
  name: string
  label: string
  hint: string
  messageAt: (path: string) => string | undefined
  setProperty: (name: string, value: unknown) => void
}) {
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
