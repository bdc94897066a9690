import { leafOf } from '../../../src/shared/flow/conditions'
import type { Condition, ConditionOp } from '../../../src/shared/flow/types'
import { Field, numberOrUndefined } from './field'
import { ProblemsAt } from './problems-at'
import {
  fitted,
  needsValue,
  opsFor,
  opWords,
  type RuleNames,
  type SourceKind,
  type ValueControl,
  valueControl,
} from './rule-words'

// One comparison of a rule's condition: what it reads, the test (only those that fit it), and the
// value (only what an answer can be), each at its JSON pointer for the checks' messages.

/** One comparison: what it reads (a question, a hidden field, a variable), how, and against what. */
export function Comparison(props: {
  condition: Condition
  path: string
  label: string
  names: RuleNames
  set: (condition: Condition) => void
  remove?: () => void
}) {
  const { path, label, names, set } = props
  const leaf = leafOf(props.condition)
  if (!leaf)
    return <ProblemsAt messages={[names.messageAt(path) ?? 'is not a condition the builder knows']} />
  const question = leaf.kind === 'question' ? names.questions.find((q) => q.id === leaf.name) : undefined
  const ops = opsFor(leaf.kind, question)
  const control = valueControl(leaf.kind, question)
  const source = `${leaf.kind}:${leaf.name}`
  const known =
    leaf.kind === 'question'
      ? question !== undefined
      : (leaf.kind === 'hidden' ? names.hidden : names.variables).includes(leaf.name)
  const change = (kind: SourceKind, name: string, op: ConditionOp, value: unknown) =>
    set(fitted(kind, name, op, value, names))
  return (
    <div class="comparison">
      <SourceSelect
        path={`${path}/${leaf.kind}`}
        label={label}
        source={source}
        known={known}
        missing={leaf.name}
        names={names}
        pick={(kind, name) => change(kind, name, leaf.op, leaf.value)}
      />
      <Field path={`${path}/op`} label="Test" message={names.messageAt(`${path}/op`)}>
        {(attributes) => (
          <select
            {...attributes}
            value={leaf.op}
            onChange={(event) =>
              change(leaf.kind, leaf.name, event.currentTarget.value as ConditionOp, leaf.value)
            }
          >
            {!ops.includes(leaf.op) && <option value={leaf.op}>{leaf.op} (does not fit)</option>}
            {ops.map((op) => (
              <option key={op} value={op}>
                {opWords(op, question)}
              </option>
            ))}
          </select>
        )}
      </Field>
      {needsValue(leaf.op) && (
        <ValueField
          path={`${path}/value`}
          control={control}
          value={leaf.value}
          names={names}
          set={(value) => change(leaf.kind, leaf.name, leaf.op, value)}
        />
      )}
      {props.remove && (
        <button
          type="button"
          class="danger"
          aria-label={`Remove ${label.toLowerCase()}`}
          onClick={props.remove}
        >
          Remove
        </button>
      )}
    </div>
  )
}

/** What a comparison reads: an answer, a hidden field or a variable, grouped so. */
function SourceSelect(props: {
  path: string
  label: string
  source: string
  known: boolean
  missing: string
  names: RuleNames
  pick: (kind: SourceKind, name: string) => void
}) {
  const { source, names } = props
  return (
    <Field path={props.path} label={props.label} message={names.messageAt(props.path)}>
      {(attributes) => (
        <select
          {...attributes}
          value={source}
          onChange={(event) => {
            const [kind, ...rest] = event.currentTarget.value.split(':')
            props.pick(kind as SourceKind, rest.join(':'))
          }}
        >
          {!props.known && <option value={source}>{props.missing} (not in this form)</option>}
          {names.questions.length > 0 && (
            <optgroup label="Answer to">
              {names.questions.map((q, at) => (
                <option key={q.key} value={`question:${q.id}`}>
                  {at + 1}. {q.title || q.id}
                </option>
              ))}
            </optgroup>
          )}
          {names.hidden.length > 0 && (
            <optgroup label="Hidden field">
              {names.hidden.map((name) => (
                <option key={name} value={`hidden:${name}`}>
                  {name}
                </option>
              ))}
            </optgroup>
          )}
          {names.variables.length > 0 && (
            <optgroup label="Variable">
              {names.variables.map((name) => (
                <option key={name} value={`variable:${name}`}>
                  {name}
                </option>
              ))}
            </optgroup>
          )}
        </select>
      )}
    </Field>
  )
}

/** The value compared with: a choice's labels, Yes or No, a number, a date or a text. */
function ValueField(props: {
  path: string
  control: ValueControl
  value: unknown
  names: RuleNames
  set: (value: unknown) => void
}) {
  const { control, value } = props
  return (
    <Field path={props.path} label="Value" message={props.names.messageAt(props.path)} class="grow">
      {(attributes) => {
        if (control.kind === 'choices' || control.kind === 'yes_no') {
          const options =
            control.kind === 'choices'
              ? control.labels.map((labelText) => ({ value: labelText, text: labelText }))
              : [
                  { value: 'true', text: 'Yes' },
                  { value: 'false', text: 'No' },
                ]
          return (
            <select
              {...attributes}
              value={String(value)}
              onChange={(event) => {
                const picked = event.currentTarget.value
                props.set(control.kind === 'yes_no' ? picked === 'true' : picked)
              }}
            >
              {options.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.text}
                </option>
              ))}
            </select>
          )
        }
        const typed = {
          ...attributes,
          value: value === undefined ? '' : String(value),
          onInput: (event: { currentTarget: HTMLInputElement }) => {
            const text = event.currentTarget.value
            props.set(control.kind === 'number' ? (numberOrUndefined(text) ?? Number.NaN) : text)
          },
        }
        if (control.kind === 'number') return <input {...typed} type="number" />
        return control.kind === 'date' ? <input {...typed} type="date" /> : <input {...typed} />
      }}
    </Field>
  )
}
