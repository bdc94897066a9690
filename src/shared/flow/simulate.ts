import type { FieldError } from '../field-error.js'
import { checkAnswer, hiddenErrors, type Submission } from '../forms/answers.js'
import type { FormDefinition } from '../forms/definition.js'
import { fileIdOf } from '../forms/files.js'
import { escapePointer } from '../storable.js'
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
    // A simulation stores nothing: a file is any well-formed file id, uploaded or not.
    if (question.type === 'file_upload' && fileIdOf(value) !== undefined) continue
    const checked = checkAnswer(question, value)
    if ('error' in checked) errors.push({ path, message: checked.error })
  }
  errors.push(...hiddenErrors(definition, submission.hidden ?? {}))
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
