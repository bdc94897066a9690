import type { FieldError } from '../field-error.js'
import { checkAnswer, isCalendarDate } from '../forms/answers.js'
import {
  answerRange,
  answerType,
  choiceLabels,
  type FormDefinition,
  isNumericKind,
  type Question,
} from '../forms/definition.js'
import { type Leaf, walkCondition } from './conditions.js'
import {
  type Action,
  CONDITION_DEPTH_MAX,
  type ConditionOp,
  conditionOps,
  END,
  logicCalculationOps,
  type Rule,
} from './types.js'

// The save-time checks of each rule on its own: every name it uses exists, every comparison
// fits the kind it compares and could hold for some answer, every action names what it acts on.

export interface Names {
  questions: Map<string, Question>
  hidden: Set<string>
  variables: Set<string>
  pages: Set<string>
  endings: Set<string>
}

const comparisons: ConditionOp[] = ['less_than', 'at_most', 'greater_than', 'at_least']
const always: ConditionOp[] = ['answered', 'not_answered', 'equals', 'not_equals']
const containment: ConditionOp[] = ['includes', 'not_includes']
const textKinds = new Set(['short_text', 'long_text', 'email', 'url', 'phone_number'])

/** The ops that fit a question of this kind. */
export function opsForQuestion(question: Question): ConditionOp[] {
  if (isNumericKind(question.type) || question.type === 'date') return [...always, ...comparisons]
  if (question.type === 'multiple_choice' || question.type === 'dropdown' || textKinds.has(question.type))
    return [...always, ...containment]
  // An answer of several parts: whether it was given is what a rule can ask.
  if (question.type === 'matrix' || question.type === 'ranking') return ['answered', 'not_answered']
  return always
}
export const opsForHidden: ConditionOp[] = [...always, ...containment]
export const opsForVariable: ConditionOp[] = ['equals', 'not_equals', ...comparisons]

/** A value as a message quotes it: scalars written out (cut short), anything else named. */
function shown(value: unknown): string {
  if (Array.isArray(value)) return 'an array'
  if (typeof value === 'object' && value !== null) return 'an object'
  return typeof value === 'string'
    ? JSON.stringify(value.length > 80 ? `${value.slice(0, 77)}...` : value)
    : String(value)
}

/** Why no answer of the question makes the comparison hold, or undefined when some can. */
function questionValueProblem(question: Question, op: ConditionOp, value: unknown): string | undefined {
  const positive = op.replace(/^not_/, '')
  if (positive === 'equals' && answerType(question) !== 'choices') {
    const checked = checkAnswer(question, value)
    return 'error' in checked ? `no answer can equal ${shown(value)}: it ${checked.error}` : undefined
  }
  if (question.type === 'multiple_choice' || question.type === 'dropdown') {
    if (typeof value !== 'string') return 'must be one label string'
    const labels = choiceLabels(question)
    return labels.includes(value)
      ? undefined
      : `${shown(value)} is not one of the choices: ${labels.slice(0, 20).join(', ')}`
  }
  if (positive === 'includes')
    return typeof value === 'string' && value !== '' ? undefined : 'must be a non-empty string'
  if (question.type === 'date')
    return typeof value === 'string' && isCalendarDate(value)
      ? undefined
      : 'must be a real calendar date YYYY-MM-DD'
  if (typeof value !== 'number' || !Number.isFinite(value)) return 'must be a number'
  const [min, max] = answerRange(question)
  const possible: Partial<Record<ConditionOp, boolean>> = {
    less_than: min < value,
    at_most: min <= value,
    greater_than: max > value,
    at_least: max >= value,
  }
  return possible[op]
    ? undefined
    : `no answer can be ${op.replace('_', ' ')} ${value}: answers are ${min}..${max}`
}

function leafProblems(leaf: Leaf, pointer: () => string, names: Names, errors: FieldError[]): void {
  // Pointers are written only for an error: most comparisons have none.
  const at = (field: string) => `${pointer()}/${field}`
  let ops: ConditionOp[]
  let valueProblem: (value: unknown) => string | undefined
  if (leaf.kind === 'question') {
    const question = names.questions.get(leaf.name)
    if (!question) return void errors.push({ path: at(leaf.kind), message: 'is not a question of this form' })
    ops = opsForQuestion(question)
    valueProblem = (value) => questionValueProblem(question, leaf.op, value)
  } else if (leaf.kind === 'hidden') {
    if (!names.hidden.has(leaf.name))
      return void errors.push({ path: at(leaf.kind), message: 'is not a hidden field of this form' })
    ops = opsForHidden
    valueProblem = (value) =>
      typeof value !== 'string'
        ? 'must be a string'
        : leaf.op.endsWith('includes') && value === ''
          ? 'must not be empty'
          : undefined
  } else {
    if (!names.variables.has(leaf.name))
      return void errors.push({ path: at(leaf.kind), message: 'is not a variable of this form' })
    ops = opsForVariable
    valueProblem = (value) =>
      typeof value === 'number' && Number.isFinite(value) ? undefined : 'must be a number'
  }
  if (!(conditionOps as readonly string[]).includes(leaf.op))
    return void errors.push({ path: at('op'), message: `must be one of ${conditionOps.join(', ')}` })
  if (!ops.includes(leaf.op)) {
    const what =
      leaf.kind === 'question'
        ? `a ${names.questions.get(leaf.name)?.type} question`
        : `a ${leaf.kind === 'hidden' ? 'hidden field' : 'variable'}`
    return void errors.push({
      path: at('op'),
      message: `${leaf.op} does not fit ${what}: use one of ${ops.join(', ')}`,
    })
  }
  const needsValue = leaf.op !== 'answered' && leaf.op !== 'not_answered'
  if (!needsValue && leaf.value !== undefined)
    errors.push({ path: at('value'), message: `must be absent: ${leaf.op} compares nothing` })
  else if (needsValue && leaf.value === undefined)
    errors.push({ path: at('value'), message: `is required for ${leaf.op}` })
  else if (needsValue) {
    const problem = valueProblem(leaf.value)
    if (problem) errors.push({ path: at('value'), message: problem })
  }
}

function calculationProblems(
  action: { calculate: unknown },
  path: string,
  names: Names,
  errors: FieldError[],
) {
  const calculation = action.calculate as {
    variable?: unknown
    op?: unknown
    value?: unknown
    question?: unknown
  }
  if (typeof calculation !== 'object' || calculation === null) return
  if (typeof calculation.variable === 'string' && !names.variables.has(calculation.variable))
    errors.push({ path: `${path}/variable`, message: 'is not a variable of this form' })
  if (!(logicCalculationOps as readonly unknown[]).includes(calculation.op))
    errors.push({ path: `${path}/op`, message: `must be one of ${logicCalculationOps.join(', ')}` })
  if ((calculation.value === undefined) === (calculation.question === undefined))
    return void errors.push({ path, message: 'needs exactly one of value and question' })
  if (calculation.op === 'divide' && calculation.value === 0)
    errors.push({ path: `${path}/value`, message: 'must not be 0: a variable cannot be divided by 0' })
  if (typeof calculation.question !== 'string') return
  const question = names.questions.get(calculation.question)
  if (!question) errors.push({ path: `${path}/question`, message: 'is not a question of this form' })
  else if (!isNumericKind(question.type))
    errors.push({ path: `${path}/question`, message: 'must name a question with a numeric answer' })
}

function actionProblems(action: Action, path: string, names: Names, errors: FieldError[]): void {
  if (typeof action !== 'object' || action === null) return
  for (const key of ['show', 'hide', 'require'] as const) {
    if (key in action && !names.questions.has((action as Record<string, string>)[key] as string))
      errors.push({ path: `${path}/${key}`, message: 'is not a question of this form' })
  }
  if ('jump_to' in action && action.jump_to !== END && !names.pages.has(action.jump_to))
    errors.push({ path: `${path}/jump_to`, message: `is not a page of this form (nor "${END}")` })
  if ('set_ending' in action && !names.endings.has(action.set_ending))
    errors.push({ path: `${path}/set_ending`, message: 'is not an ending of this form' })
  if ('calculate' in action) calculationProblems(action, `${path}/calculate`, names, errors)
}

/** Every problem of the rules taken one by one, each at its pointer. */
export function ruleProblems(logic: Rule[], names: Names): FieldError[] {
  const errors: FieldError[] = []
  logic.forEach((rule, index) => {
    const path = `/logic/${index}`
    walkCondition(
      rule.if,
      `${path}/if`,
      (leaf, at) => leafProblems(leaf, at, names, errors),
      (at) =>
        errors.push({
          path: at,
          message: `is nested too deep: a condition is at most ${CONDITION_DEPTH_MAX} levels deep`,
        }),
    )
    if (rule.page !== undefined && !names.pages.has(rule.page))
      errors.push({ path: `${path}/page`, message: 'is not a page of this form' })
    const actions = Array.isArray(rule.then) ? rule.then : []
    actions.forEach((action, at) => {
      actionProblems(action, `${path}/then/${at}`, names, errors)
    })
  })
  return errors
}

/** The names a definition's rules may use. */
export function namesOf(definition: FormDefinition): Names {
  return {
    questions: new Map(definition.questions.map((question) => [question.id, question])),
    hidden: new Set(definition.hidden),
    variables: new Set(definition.variables.map((variable) => variable.name)),
    pages: new Set((definition.pages ?? []).map((page) => page.id)),
    endings: new Set((definition.endings ?? []).map((ending) => ending.id)),
  }
}
