import { calculationOps } from '../../../src/shared/forms/definition'
import { type DraftQuestion, type DraftVariable, newKey } from './draft'
import { Field, numberOrUndefined, type SectionProps } from './field'

type Calculation = DraftVariable['calculations'][number]
type MessageAt = (path: string) => string | undefined

const opLabels = { add: 'add', subtract: 'subtract', multiply: 'multiply by', set: 'set to' } as const

/** Scores worked out from each response's answers: a starting number, then steps in order. */
export function Variables({ draft, change, messageAt }: SectionProps) {
  // Only answers that are numbers can take part in a step.
  const numeric = draft.questions.filter((question) =>
    ['number', 'rating', 'opinion_scale', 'nps', 'customer_sat'].includes(question.type),
  )
  const set = (variables: DraftVariable[]) => change({ ...draft, variables })
  return (
    <fieldset class="builder-section">
      <legend>Variables</legend>
      <p class="hint">Scores worked out from the answers of each response, e.g. a total of ratings.</p>
      {draft.variables.map((variable, at) => (
        <VariableEditor
          key={variable.key}
          variable={variable}
          at={at}
          numeric={numeric}
          messageAt={messageAt}
          update={(next) => set(draft.variables.map((v, i) => (i === at ? { ...v, ...next } : v)))}
          remove={() => set(draft.variables.filter((_, i) => i !== at))}
        />
      ))}
      <button
        type="button"
        class="secondary"
        onClick={() =>
          set([
            ...draft.variables,
            { key: newKey(), name: `score_${draft.variables.length + 1}`, initial: 0, calculations: [] },
          ])
        }
      >
        Add a variable
      </button>
    </fieldset>
  )
}

function VariableEditor(props: {
  variable: DraftVariable
  at: number
  numeric: DraftQuestion[]
  messageAt: MessageAt
  update: (next: Partial<DraftVariable>) => void
  remove: () => void
}) {
  const { variable, at, messageAt, update } = props
  const base = `/variables/${at}`
  return (
    <div class="variable panel">
      <div class="field-row">
        <Field path={`${base}/name`} label="Name" message={messageAt(`${base}/name`)}>
          {(control) => (
            <input
              {...control}
              value={variable.name}
              onInput={(event) => update({ name: event.currentTarget.value })}
            />
          )}
        </Field>
        <Field path={`${base}/initial`} label="Starts at" message={messageAt(`${base}/initial`)}>
          {(control) => (
            <input
              {...control}
              type="number"
              value={String(variable.initial)}
              onInput={(event) => update({ initial: numberOrUndefined(event.currentTarget.value) ?? 0 })}
            />
          )}
        </Field>
      </div>
      <ol class="calculations">
        {variable.calculations.map((calculation, c) => (
          <CalculationStep
            key={c}
            calculation={calculation}
            step={c}
            path={`${base}/calculations/${c}`}
            variableName={variable.name}
            numeric={props.numeric}
            messageAt={messageAt}
            set={(next) =>
              update({ calculations: variable.calculations.map((x, i) => (i === c ? next : x)) })
            }
            remove={() => update({ calculations: variable.calculations.filter((_, i) => i !== c) })}
          />
        ))}
      </ol>
      <div class="actions">
        <button
          type="button"
          class="secondary"
          onClick={() => update({ calculations: [...variable.calculations, { op: 'add', value: 1 }] })}
        >
          Add a step
        </button>
        <button
          type="button"
          class="danger"
          onClick={props.remove}
          aria-label={`Remove variable ${variable.name || at + 1}`}
        >
          Remove variable
        </button>
      </div>
    </div>
  )
}

/** One step: an operation with either a fixed number or the answer to a numeric question. */
function CalculationStep(props: {
  calculation: Calculation
  step: number
  path: string
  variableName: string
  numeric: DraftQuestion[]
  messageAt: MessageAt
  set: (next: Calculation) => void
  remove: () => void
}) {
  const { calculation, step, path, numeric, messageAt, set } = props
  const usesQuestion = calculation.question_id !== undefined
  const operand = `${path}/${usesQuestion ? 'question_id' : 'value'}`
  return (
    <li class="choice-row">
      <Field path={`${path}/op`} label={`Step ${step + 1}`} message={messageAt(`${path}/op`)}>
        {(control) => (
          <select
            {...control}
            value={calculation.op}
            onChange={(event) =>
              set({ ...calculation, op: event.currentTarget.value as typeof calculation.op })
            }
          >
            {calculationOps.map((op) => (
              <option key={op} value={op}>
                {opLabels[op]}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field
        path={operand}
        label={usesQuestion ? 'the answer to' : 'the number'}
        message={messageAt(operand) ?? messageAt(path)}
        class="grow"
      >
        {(control) =>
          usesQuestion ? (
            <select
              {...control}
              value={calculation.question_id}
              onChange={(event) => set({ op: calculation.op, question_id: event.currentTarget.value })}
            >
              {numeric.map((question) => (
                <option key={question.key} value={question.id}>
                  {question.title}
                </option>
              ))}
            </select>
          ) : (
            <input
              {...control}
              type="number"
              value={String(calculation.value ?? 0)}
              onInput={(event) =>
                set({ op: calculation.op, value: numberOrUndefined(event.currentTarget.value) ?? 0 })
              }
            />
          )
        }
      </Field>
      <button
        type="button"
        class="secondary"
        onClick={() =>
          set(
            usesQuestion
              ? { op: calculation.op, value: 1 }
              : { op: calculation.op, question_id: numeric[0]?.id ?? '' },
          )
        }
      >
        {usesQuestion ? 'Use a number' : 'Use an answer'}
      </button>
      <button
        type="button"
        class="danger"
        aria-label={`Remove step ${step + 1} of ${props.variableName}`}
        onClick={props.remove}
      >
        Remove
      </button>
    </li>
  )
}
