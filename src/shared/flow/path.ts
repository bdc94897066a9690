import type { FormDefinition } from '../forms/definition.js'
import { type ConditionState, holds } from './conditions.js'
import { planOf, type Step } from './plan.js'
import { type Action, END, type FlowPath, type LogicCalculationOp } from './types.js'

// The path one set of answers takes through a form (docs/api.md#survey-flow): pages in order from
// the first; leaving a page, its rules are decided in order (plan.ts says which rules are whose),
// and the first `jump_to` of a rule that holds chooses the next page. Each page is visited at
// most once (jumps go forward only, checked at save), each step of the plan is decided at most
// once and each condition node evaluated at most once per decision: the work is linear in the
// size of the definition. The one function submission, `simulate`, the hosted page and the
// builder all call.

/** The answers and hidden values as a submission's JSON gives them. */
export type Answers = Record<string, unknown>

const given = (record: Record<string, unknown>, key: string): unknown =>
  Object.hasOwn(record, key) ? record[key] : undefined

function calculate(op: LogicCalculationOp, value: number, operand: number): number {
  if (op === 'add') return value + operand
  if (op === 'subtract') return value - operand
  if (op === 'multiply') return value * operand
  if (op === 'divide') return operand === 0 ? value : value / operand
  return operand
}

export function flowPath(
  definition: FormDefinition,
  answers: Answers,
  hidden: Record<string, unknown> = {},
  meter?: { steps: number },
): FlowPath {
  const plan = planOf(definition)
  const logic = definition.logic ?? []
  const visited: boolean[] = plan.pages.map(() => false)
  const visible = new Map<string, boolean>()
  const isVisible = (id: string) => visible.get(id) ?? !plan.shown.has(id)
  const onPathSoFar = (id: string) => visited[plan.pageOfQuestion.get(id) ?? 0] === true && isVisible(id)
  const variables = new Map(definition.variables.map((variable) => [variable.name, variable.initial]))
  const requiredByRule = new Set<string>()
  let ending: string | null = null
  const state: ConditionState = {
    question: (id) => plan.questions.get(id),
    answer: (id) => (onPathSoFar(id) ? given(answers, id) : undefined),
    hidden: (name) => given(hidden, name),
    variable: (name) => variables.get(name),
    ...(meter ? { meter } : {}),
  }
  const apply = (name: string, op: LogicCalculationOp, value?: number, questionId?: string) => {
    const current = variables.get(name)
    const operand = questionId !== undefined ? state.answer(questionId) : value
    if (current === undefined || typeof operand !== 'number') return
    const next = calculate(op, current, operand)
    // Bounded at save (ranges.ts); a definition that was not checked leaves the variable instead.
    if (Number.isFinite(next)) variables.set(name, next)
  }
  /** Decides one step; the page index it jumps to, if it is a rule that holds with a jump. */
  const decide = (step: Step): number | undefined => {
    if (meter) meter.steps++
    if ('variable' in step) {
      const variable = definition.variables[step.variable]
      const calculation = variable?.calculations[step.calculation]
      if (variable && calculation)
        apply(variable.name, calculation.op, calculation.value, calculation.question_id)
      return undefined
    }
    const rule = logic[step.rule]
    if (!rule || !holds(rule.if, state)) return undefined
    let jump: number | undefined
    for (const action of rule.then as Action[]) {
      if (meter) meter.steps++
      if ('show' in action) visible.set(action.show, true)
      else if ('hide' in action) visible.set(action.hide, false)
      else if ('require' in action) requiredByRule.add(action.require)
      else if ('set_ending' in action) ending = action.set_ending
      else if ('calculate' in action) {
        const { variable, op, value, question } = action.calculate
        apply(variable, op, value, question)
      } else if ('jump_to' in action && jump === undefined)
        jump = action.jump_to === END ? plan.pages.length : plan.pageIndex.get(action.jump_to)
    }
    return jump
  }
  const pages: string[] = []
  let page = 0
  while (page < plan.pages.length) {
    if (meter) meter.steps++
    visited[page] = true
    pages.push((plan.pages[page] as { id: string }).id)
    let next: number | undefined
    for (const step of plan.steps[page] ?? []) {
      const jump = decide(step)
      if (next === undefined && jump !== undefined) next = jump
    }
    // Jumps go forward (checked at save); one that does not is ignored rather than looping.
    page = next !== undefined && next > page ? next : page + 1
  }
  const path: FlowPath = {
    pages,
    questions: [],
    required: [],
    missing: [],
    not_on_path: [],
    variables: [],
    ending,
  }
  for (const question of definition.questions) {
    if (meter) meter.steps++
    const answered = given(answers, question.id) !== undefined && given(answers, question.id) !== null
    if (!onPathSoFar(question.id)) {
      if (answered) path.not_on_path.push(question.id)
      continue
    }
    path.questions.push(question.id)
    if (question.required || requiredByRule.has(question.id)) {
      path.required.push(question.id)
      if (!answered) path.missing.push(question.id)
    }
  }
  path.variables = [...variables].map(([name, value]) => ({ name, value: Object.is(value, -0) ? 0 : value }))
  return path
}
