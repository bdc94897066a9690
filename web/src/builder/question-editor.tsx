import { useState } from 'preact/hooks'
import { type QuestionKind, questionKinds } from '../../../src/shared/forms/definition'
import { LabelLists } from './choices-editor'
import { type DraftQuestion, fieldId, kindLabels } from './draft'
import { Field } from './field'
import { FileProperties } from './file-properties'
import { changeKind, KindChangeWarning } from './kind-change'
import { AdvancedSettings, IntegerProperty } from './question-properties'
import { RecallText } from './recall-menu'

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
      <RecallText
        path={`${base}/title`}
        label="Question"
        hint="What people are asked, as they will read it."
        message={messageAt(`${base}/title`)}
        value={question.title}
        set={(title) => onChange({ ...question, title })}
        questionsBefore={index}
      />
      <RecallText
        path={`${base}/description`}
        label="Description (optional)"
        hint="Shown under the question, for what people need to know to answer it."
        message={messageAt(`${base}/description`)}
        value={question.description ?? ''}
        set={(description) => onChange({ ...question, description })}
        questionsBefore={index}
        multiline
      />
      <div class="field-row">
        <Field
          path={`${base}/type`}
          label="Kind"
          hint={kindHints[pendingKind ?? question.type]}
          message={messageAt(`${base}/type`)}
          class="grow"
        >
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
      </div>
      <RequiredField
        id={fieldId(`${base}/required`)}
        required={question.required}
        set={(required) => onChange({ ...question, required })}
      />
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
      {question.type === 'rating' && integerField('steps', 'Steps', '3 to 10; empty: 5.')}
      {question.type === 'opinion_scale' && (
        <div class="field-row">
          {integerField('start', 'Starts at', '0 or 1; empty: 0.')}
          {integerField('steps', 'Steps', '5 to 11; empty: 11.')}
        </div>
      )}
      <LabelLists question={question} base={base} messageAt={messageAt} setProperty={setProperty} />
      {question.type === 'file_upload' && <FileProperties {...{ question, base, messageAt, setProperty }} />}
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
      <AdvancedSettings {...{ question, index, base, messageAt, setProperty }} />
    </div>
  )
}

/** What each kind asks of people, in their words. */
const kindHints: Record<QuestionKind, string> = {
  short_text: 'One line of text.',
  long_text: 'A few lines or paragraphs of text.',
  email: 'An e-mail address, checked before it is sent.',
  url: 'A web address starting with http:// or https://.',
  phone_number: 'A phone number with its country code, e.g. +4915112345678.',
  number: 'A whole number.',
  rating: 'A rating from 1 to the number of steps.',
  opinion_scale: 'A row of numbers to pick one from, e.g. 0 (disagree) to 10 (agree).',
  nps: 'How likely people are to recommend you, from 0 to 10.',
  customer_sat: 'How satisfied people are, from 1 to 5.',
  yes_no: 'Yes or no.',
  multiple_choice: 'One of your choices, or several if you allow it.',
  dropdown: 'One of your choices, from a list that opens.',
  date: 'A calendar date.',
  consent: 'A statement people accept by ticking “I accept”; required, it must be accepted.',
  matrix: 'Several rows, each answered on the same scale of columns.',
  ranking: 'Your choices put in order, first to last, without dragging.',
  file_upload: 'A file people send with their answers: a photo, a PDF, a document.',
}

/** Whether a question must be answered, with what that means for the people answering. */
function RequiredField(props: { id: string; required: boolean; set: (required: boolean) => void }) {
  return (
    <div class="field check">
      <input
        type="checkbox"
        id={props.id}
        aria-describedby={`${props.id}-hint`}
        checked={props.required}
        onChange={(event) => props.set(event.currentTarget.checked)}
      />
      <label for={props.id}>Required</label>
      <span class="hint" id={`${props.id}-hint`}>
        {props.required
          ? 'People cannot send the form without answering this.'
          : 'People may leave this empty.'}
      </span>
    </div>
  )
}
