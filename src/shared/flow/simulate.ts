import type { FieldError } from '../field-error.js'
import { checkAnswer, HIDDEN_VALUE_MAX, type Submission } from '../forms/answers.js'
import type { FormDefinition } from '../forms/definition.js'
import { escapePointer, isStorableString, UNSTORABLE } from '../storable.js'
import { flowPath } from './path.js'
import type { FlowPath } from './types.js'

// `simulate` (docs/api.md#simulate): the path a set of answers takes, with nothing stored. Each
// answer is judged as a submission judges it (a value of the wrong type is refused at its
// pointer); what the path says of the answers (missing, not on the path) is the answer itself.

export type Simulation = Omit<FlowPath, 'required'>

function answerErrors(definition: FormDefinition, submission: Submission): FieldError[] {
  const errors: FieldError[] = []
  const byId = new Map(definition.questions.map((question) => [question.id, question]))
  for (const [id, value] of Object.entries(submission.answers)) {
    const path = `/answers/${escapePointer(id)}`
    const question = byId.get(id)
    if (!question) {
      errors.push({ path, message: 'is not a question of this form' })
      continue
    }
    const checked = checkAnswer(question, value)
    if ('error' in checked) errors.push({ path, message: checked.error })
  }
  const declared = new Set(definition.hidden)
  for (const [name, value] of Object.entries(submission.hidden ?? {})) {
    const path = `/hidden/${escapePointer(name)}`
    if (!declared.has(name)) errors.push({ path, message: 'is not a hidden field of this form' })
    else if (typeof value !== 'string') errors.push({ path, message: 'must be a string' })
    else if (!isStorableString(value)) errors.push({ path, message: UNSTORABLE })
    else if (value.length > HIDDEN_VALUE_MAX)
      errors.push({ path, message: `must be at most ${HIDDEN_VALUE_MAX} characters` })
  }
  return errors
}

/** The path, or the answers' problems at their pointers. */
export function simulate(
  definition: FormDefinition,
  submission: Submission,
): { simulation: Simulation; errors: [] } | { errors: FieldError[] } {
  const errors = answerErrors(definition, submission)
  if (errors.length > 0) return { errors }
  const { required: _required, ...simulation } = flowPath(
    definition,
    submission.answers,
    submission.hidden ?? {},
  )
  return { simulation, errors: [] }
}
