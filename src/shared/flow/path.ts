import type { FormDefinition, Question } from '../forms/definition.js'
import { type ConditionState, type Predicate, predicateOf, tick } from './conditions.js'
import { type FlowPlan, planOf, type Step } from './plan.js'
import { type Action, END, type FlowPath, type LogicCalculationOp } from './types.js'

// The path one set of answers takes through a form (docs/api.md#survey-flow): pages in order from
// the first; leaving a page, its rules are decided in order (plan.ts says which rules are whose),
// and the first `jump_to` of a rule that holds chooses the next page. Each page is visited at
// most once (jumps go forward only, checked at save), each step of the plan is decided at most
// once and each condition node evaluated at most once per decision: the work is linear in the
// size of the definition. The one function submission, `simulate`, the hosted page and the
// builder all call.
//
// A hosted page's post works out a path of the whole form, so the plan's steps are made ready
// once per definition (`readyOf`): conditions and actions become functions with what they name
// looked up already, and a path only runs them.

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

/** Where a question is: the page listing it (the first when none does) and whether a `show` names it. */
interface Place {
  page: number
  shownByRule: boolean
}

const placeIn = (plan: FlowPlan, id: string): Place => ({
  page: plan.pageOfQuestion.get(id) ?? 0,
  shownByRule: plan.shown.has(id),
})

/** One path being worked out: what the answers read so far have decided. */
interface Walk extends ConditionState {
  visited: boolean[]
  /** What `show` and `hide` actions decided so far, by question id. */
  visible: Map<string, boolean>
  variables: Map<string, number>
  requiredByRule: Set<string>
  ending: string | null
  /** Whether the question is on the path so far: on a page visited, and not hidden by the rules. */
  onPath(id: string, place?: Place): boolean
  apply(name: string, op: LogicCalculationOp, value?: number, questionId?: string): void
}

// A plain object, not a class: the hosted page's script is built for browsers without class
// fields, and their stand-ins would weigh more than this file.
function newWalk(
  ready: Ready,
  answers: Answers,
  hiddenValues: Record<string, unknown>,
  meter: { steps: number } | undefined,
): Walk {
  const walk: Walk = {
    visited: ready.plan.pages.map(() => false),
    visible: new Map(),
    variables: new Map(ready.initial),
    requiredByRule: new Set(),
    ending: null,
    ...(meter ? { meter } : {}),
    onPath(id, place = placeIn(ready.plan, id)) {
      if (walk.visited[place.page] !== true) return false
      if (walk.visible.size === 0) return !place.shownByRule
      return walk.visible.get(id) ?? !place.shownByRule
    },
    answer: (id) => (walk.onPath(id) ? given(answers, id) : undefined),
    hidden: (name) => given(hiddenValues, name),
    variable: (name) => walk.variables.get(name),
    apply(name, op, value, questionId) {
      const current = walk.variables.get(name)
      const operand = questionId !== undefined ? walk.answer(questionId) : value
      if (current === undefined || typeof operand !== 'number') return
      const next = calculate(op, current, operand)
      // Bounded at save (ranges.ts); a definition that was not checked leaves the variable instead.
      if (Number.isFinite(next)) walk.variables.set(name, next)
    },
  }
  return walk
}

/** A step made ready: decides itself on a walk; the page index it jumps to, if it does. */
type ReadyStep = (walk: Walk) => number | undefined

/** A definition's plan made ready to walk. */
interface Ready {
  plan: FlowPlan
  initial: [string, number][]
  /** Per page, its steps, made ready. */
  steps: ReadyStep[][]
  /** The questions in order, each with its place. */
  questions: { id: string; place: Place; asked: Question }[]
}

function readyStep(
  definition: FormDefinition,
  plan: FlowPlan,
  step: Step,
  predicate: Predicate[],
): ReadyStep {
  if ('variable' in step) {
    const variable = definition.variables[step.variable]
    const calculation = variable?.calculations[step.calculation]
    return (walk) => {
      tick(walk)
      if (variable && calculation)
        walk.apply(variable.name, calculation.op, calculation.value, calculation.question_id)
      return undefined
    }
  }
  const rule = definition.logic?.[step.rule]
  const condition = predicate[step.rule]
  if (!rule || !condition)
    return (walk) => {
      tick(walk)
      return undefined
    }
  return (walk) => {
    tick(walk)
    if (!condition(walk)) return undefined
    let jump: number | undefined
    for (const action of rule.then as Action[]) {
      tick(walk)
      if ('show' in action) walk.visible.set(action.show, true)
      else if ('hide' in action) walk.visible.set(action.hide, false)
      else if ('require' in action) walk.requiredByRule.add(action.require)
      else if ('set_ending' in action) walk.ending = action.set_ending
      else if ('calculate' in action) {
        const { variable, op, value, question } = action.calculate
        walk.apply(variable, op, value, question)
      } else if ('jump_to' in action && jump === undefined)
        jump = action.jump_to === END ? plan.pages.length : plan.pageIndex.get(action.jump_to)
    }
    return jump
  }
}

function makeReady(definition: FormDefinition, plan: FlowPlan): Ready {
  const question = (id: string) => plan.questions.get(id)
  const predicates = (definition.logic ?? []).map((rule) => predicateOf(rule.if, question))
  return {
    plan,
    initial: definition.variables.map((variable) => [variable.name, variable.initial]),
    steps: plan.steps.map((steps) => steps.map((step) => readyStep(definition, plan, step, predicates))),
    questions: definition.questions.map((asked) => ({
      id: asked.id,
      place: placeIn(plan, asked.id),
      asked,
    })),
  }
}

const readies = new WeakMap<FlowPlan, Ready>()

/** The definition's plan made ready, once per plan (plan.ts keeps one per definition). */
function readyOf(definition: FormDefinition): Ready {
  const plan = planOf(definition)
  let ready = readies.get(plan)
  if (!ready) {
    ready = makeReady(definition, plan)
    readies.set(plan, ready)
  }
  return ready
}

export function flowPath(
  definition: FormDefinition,
  answers: Answers,
  hidden: Record<string, unknown> = {},
  meter?: { steps: number },
): FlowPath {
  const ready = readyOf(definition)
  const { plan } = ready
  const walk = newWalk(ready, answers, hidden, meter)
  const pages: string[] = []
  let page = 0
  while (page < plan.pages.length) {
    tick(walk)
    walk.visited[page] = true
    pages.push((plan.pages[page] as { id: string }).id)
    let next: number | undefined
    for (const step of ready.steps[page] ?? []) {
      const jump = step(walk)
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
    ending: walk.ending,
  }
  for (const { id, place, asked } of ready.questions) {
    tick(walk)
    const value = given(answers, id)
    const answered = value !== undefined && value !== null
    if (!walk.onPath(id, place)) {
      if (answered) path.not_on_path.push(id)
      continue
    }
    path.questions.push(id)
    if (asked.required || walk.requiredByRule.has(id)) {
      path.required.push(id)
      if (!answered) path.missing.push(id)
    }
  }
  path.variables = [...walk.variables].map(([name, value]) => ({
    name,
    value: Object.is(value, -0) ? 0 : value,
  }))
  return path
}
