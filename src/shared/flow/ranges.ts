import type { FieldError } from '../field-error.js'
import {
  answerRange,
  type FormDefinition,
  isNumericKind,
  type Question,
  VARIABLE_RANGE_MAX,
} from '../forms/definition.js'
import type { LogicCalculationOp } from './types.js'

// The range each variable can take, over every possible answer and every rule that may or may not
// hold: its own calculations in order, then the rules' `calculate` actions in rule order (the
// order the path applies them in, plan.ts). A variable that could leave ±VARIABLE_RANGE_MAX is
// refused at save rather than failing submissions later. Rounding is monotone, so the bounds
// computed hold the values a path computes with the same operations.

type Range = [number, number]

interface Step {
  op: LogicCalculationOp
  operand: Range
  /** Skipped for some answers: an optional question's answer, or a rule that may not hold. */
  optional: boolean
  path: string
  /** Where in words, for the message: `at calculation 3`, `in this rule`. */
  where: string
}

function apply(op: LogicCalculationOp, [low, high]: Range, [from, to]: Range): Range {
  switch (op) {
    case 'add':
      return [low + from, high + to]
    case 'subtract':
      return [low - to, high - from]
    case 'multiply': {
      const products = [low * from, low * to, high * from, high * to]
      return [Math.min(...products), Math.max(...products)]
    }
    case 'divide': {
      // Integer divisors from..to (or one constant): the extremes are at the ends of the parts
      // on either side of 0. Dividing by an answer of 0 leaves the variable as it was.
      const ends = [from, to, from <= -1 && to >= -1 ? -1 : from, from <= 1 && to >= 1 ? 1 : to]
      const quotients = ends.filter((end) => end !== 0).flatMap((end) => [low / end, high / end])
      if (from <= 0 && to >= 0) quotients.push(low, high)
      return [Math.min(...quotients), Math.max(...quotients)]
    }
    case 'set':
      return [from, to]
  }
}

function operandOf(
  value: number | undefined,
  questionId: string | undefined,
  byId: Map<string, Question>,
): { operand: Range; optional: boolean } | undefined {
  if (value !== undefined)
    return typeof value === 'number' ? { operand: [value, value], optional: false } : undefined
  const question = byId.get(questionId ?? '')
  if (!question || !isNumericKind(question.type)) return undefined // reported by the reference checks
  return { operand: answerRange(question), optional: !question.required }
}

/** The steps of each variable, by name, in the order a path applies them. */
function stepsByVariable(definition: FormDefinition, byId: Map<string, Question>): Map<string, Step[]> {
  const steps = new Map<string, Step[]>(definition.variables.map((variable) => [variable.name, []]))
  definition.variables.forEach((variable, index) => {
    variable.calculations.forEach((calculation, step) => {
      const found = operandOf(calculation.value, calculation.question_id, byId)
      const place = { path: `/variables/${index}`, where: `at calculation ${step}` }
      if (found) steps.get(variable.name)?.push({ op: calculation.op, ...found, ...place })
    })
  })
  ;(definition.logic ?? []).forEach((rule, index) => {
    rule.then.forEach((action, at) => {
      if (!('calculate' in action)) return
      const calculation = action.calculate
      const found = operandOf(calculation.value, calculation.question, byId)
      const list = steps.get(calculation.variable)
      if (!found || !list) return
      const path = `/logic/${index}/then/${at}/calculate`
      list.push({ ...found, op: calculation.op, optional: true, path, where: 'in this rule' })
    })
  })
  return steps
}

/** Each variable that some answers could take beyond ±VARIABLE_RANGE_MAX, at the step that does it. */
export function variableRangeErrors(definition: FormDefinition, byId: Map<string, Question>): FieldError[] {
  const errors: FieldError[] = []
  const steps = stepsByVariable(definition, byId)
  for (const variable of definition.variables) {
    let range: Range = [variable.initial, variable.initial]
    for (const step of steps.get(variable.name) ?? []) {
      const next = apply(step.op, range, step.operand)
      range = step.optional ? [Math.min(next[0], range[0]), Math.max(next[1], range[1])] : next
      if (!(Math.abs(range[0]) <= VARIABLE_RANGE_MAX && Math.abs(range[1]) <= VARIABLE_RANGE_MAX)) {
        errors.push({
          path: step.path,
          message:
            `variable ${variable.name} can go beyond ±${VARIABLE_RANGE_MAX} ${step.where} for some answers, ` +
            'and a submission could not be computed',
        })
        break
      }
    }
  }
  return errors
}
