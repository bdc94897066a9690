import {
  type Action,
  END,
  type LogicCalculation,
  type LogicCalculationOp,
  logicCalculationOps,
} from '../../../src/shared/flow/types'
import { isNumericKind } from '../../../src/shared/forms/definition'
import { fieldId } from './draft'
import { Field, numberOrUndefined } from './field'
import { pageName } from './pages'
import { ProblemsAt } from './problems-at'
import type { RuleNames } from './rule-words'

// One action of a rule: what it does (show, hide or require a question, go to a page or the end,
// choose the ending, calculate a variable) and what it does it to.

type Verb = 'show' | 'hide' | 'require' | 'jump_to' | 'set_ending' | 'calculate'

const verbs: Record<Verb, string> = {
  show: 'Show a question',
  hide: 'Hide a question',
  require: 'Require a question',
  jump_to: 'Go to a page',
  set_ending: 'Choose the ending',
  calculate: 'Calculate a variable',
}

const calculationWords: Record<LogicCalculationOp, string> = {
  add: 'add',
  subtract: 'subtract',
  multiply: 'multiply by',
  divide: 'divide by',
  set: 'set to',
}

export const verbOf = (action: Action): Verb => Object.keys(action)[0] as Verb

/** A new action of a kind, aimed at the first thing it can act on. */
export function newAction(verb: Verb, names: RuleNames): Action {
  const question = names.questions[0]?.id ?? ''
  if (verb === 'show' || verb === 'hide' || verb === 'require') return { [verb]: question } as Action
  if (verb === 'jump_to') return { jump_to: names.pages[1]?.id ?? END }
  if (verb === 'set_ending') return { set_ending: names.endings[0] ?? '' }
  return { calculate: { variable: names.variables[0] ?? '', op: 'add', value: 1 } }
}

export function ActionEditor(props: {
  action: Action
  path: string
  n: number
  names: RuleNames
  set: (action: Action) => void
  remove?: () => void
}) {
  const { action, path, names, set } = props
  const verb = verbOf(action)
  return (
    <div class="action" id={fieldId(path)}>
      <Field path={`${path}/verb`} label={`Action ${props.n}`} message={undefined}>
        {(attributes) => (
          <select
            {...attributes}
            value={verb}
            onChange={(event) => set(newAction(event.currentTarget.value as Verb, names))}
          >
            {(Object.keys(verbs) as Verb[]).map((each) => (
              <option key={each} value={each}>
                {verbs[each]}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Target {...props} verb={verb} />
      {props.remove && (
        <button type="button" class="danger" aria-label={`Remove action ${props.n}`} onClick={props.remove}>
          Remove
        </button>
      )}
      <ProblemsAt messages={[names.messageAt(path), names.messageAt(`${path}/calculate`)]} />
    </div>
  )
}

/** A select of named things, with the one the action names kept visible when it is gone. */
function Choose(props: {
  path: string
  label: string
  value: string
  options: { value: string; text: string }[]
  names: RuleNames
  set: (value: string) => void
}) {
  const { value, options } = props
  const missing = !options.some((option) => option.value === value)
  return (
    <Field path={props.path} label={props.label} message={props.names.messageAt(props.path)} class="grow">
      {(attributes) => (
        <select {...attributes} value={value} onChange={(event) => props.set(event.currentTarget.value)}>
          {missing && <option value={value}>{value ? `${value} (not in this form)` : 'Choose one'}</option>}
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.text}
            </option>
          ))}
        </select>
      )}
    </Field>
  )
}

function Target(props: {
  action: Action
  verb: Verb
  path: string
  names: RuleNames
  set: (action: Action) => void
}) {
  const { action, verb, path, names, set } = props
  const questions = names.questions.map((q, at) => ({ value: q.id, text: `${at + 1}. ${q.title || q.id}` }))
  if (verb === 'show' || verb === 'hide' || verb === 'require') {
    const value = (action as Record<string, string>)[verb] ?? ''
    return (
      <Choose
        path={`${path}/${verb}`}
        label="Question"
        value={value}
        options={questions}
        names={names}
        set={(id) => set({ [verb]: id } as Action)}
      />
    )
  }
  if ('jump_to' in action)
    return (
      <Choose
        path={`${path}/jump_to`}
        label="Page"
        value={action.jump_to}
        options={[
          ...names.pages.map((page, at) => ({ value: page.id, text: pageName(page, at) })),
          { value: END, text: 'The end (send the answers)' },
        ]}
        names={names}
        set={(jump_to) => set({ jump_to })}
      />
    )
  if ('set_ending' in action)
    return (
      <Choose
        path={`${path}/set_ending`}
        label="Ending"
        value={action.set_ending}
        options={names.endings.map((id) => ({ value: id, text: id }))}
        names={names}
        set={(set_ending) => set({ set_ending })}
      />
    )
  if ('calculate' in action) return <CalculateTarget {...props} calculation={action.calculate} />
  return null
}

function CalculateTarget(props: {
  calculation: LogicCalculation
  path: string
  names: RuleNames
  set: (action: Action) => void
}) {
  const { calculation, names } = props
  const path = `${props.path}/calculate`
  const setCalculation = (next: LogicCalculation) => props.set({ calculate: next })
  const numeric = names.questions.filter((q) => isNumericKind(q.type))
  const usesAnswer = calculation.question !== undefined
  const { value: _value, question: _question, ...rest } = calculation
  return (
    <>
      <Choose
        path={`${path}/variable`}
        label="Variable"
        value={calculation.variable}
        options={names.variables.map((name) => ({ value: name, text: name }))}
        names={names}
        set={(variable) => setCalculation({ ...calculation, variable })}
      />
      <Choose
        path={`${path}/op`}
        label="Operation"
        value={calculation.op}
        options={logicCalculationOps.map((op) => ({ value: op, text: calculationWords[op] }))}
        names={names}
        set={(op) => setCalculation({ ...calculation, op: op as LogicCalculationOp })}
      />
      {usesAnswer ? (
        <Choose
          path={`${path}/question`}
          label="The answer to"
          value={calculation.question ?? ''}
          options={numeric.map((q) => ({ value: q.id, text: q.title || q.id }))}
          names={names}
          set={(question) => setCalculation({ ...rest, question })}
        />
      ) : (
        <Field path={`${path}/value`} label="The number" message={names.messageAt(`${path}/value`)}>
          {(attributes) => (
            <input
              {...attributes}
              type="number"
              value={String(calculation.value ?? '')}
              onInput={(event) =>
                setCalculation({ ...rest, value: numberOrUndefined(event.currentTarget.value) ?? Number.NaN })
              }
            />
          )}
        </Field>
      )}
      <button
        type="button"
        class="secondary"
        onClick={() =>
          setCalculation(usesAnswer ? { ...rest, value: 1 } : { ...rest, question: numeric[0]?.id ?? '' })
        }
      >
        {usesAnswer ? 'Use a number' : 'Use an answer'}
      </button>
    </>
  )
}
