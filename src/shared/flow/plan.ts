import type { FormDefinition, Question } from '../forms/definition.js'
import { walkCondition } from './conditions.js'
import { type FlowPage, IMPLIED_PAGE_ID, type Rule } from './types.js'

// When each rule is decided. A rule belongs to one page, its *home*, and is decided when the path
// leaves that page (rules of one page in list order); a rule on a page no path visits is never
// decided. The home is the rule's `page` when it names one, else the latest page of:
// - the questions its condition names and the questions its `calculate` actions read;
// - for each variable it reads or calculates, the home of every rule listed before it that reads
//   or calculates that variable (so a variable's calculations and reads happen in rule order);
// - the first page (a rule naming only hidden fields and constants).
// A variable's own `calculations` come first, before every rule, each decided on the page of the
// question it reads (and never before the variable's previous calculation).
// Building the plan walks each question, page, calculation and condition once: linear in the
// definition's size, as is a path over it (path.ts).

/** A step decided when leaving a page: a rule, or one of a variable's own calculations. */
export type Step = { rule: number } | { variable: number; calculation: number }

export interface FlowPlan {
  questions: Map<string, Question>
  /** The pages as given, or the one implied page holding every question. */
  pages: FlowPage[]
  pageIndex: Map<string, number>
  /** The page index of each question listed on a page (the first, for one listed twice: refused at save). */
  pageOfQuestion: Map<string, number>
  /**
   * Per rule: its home page, the pointer of what makes it that late (none for the first page),
   * and, for a rule whose `page` comes before what it reads, that page.
   */
  homes: { page: number; reason?: string; declaredTooEarly?: number }[]
  /** Per page, the steps decided when leaving it, in order. */
  steps: Step[][]
  /** Questions named by some `show`: hidden until a rule that holds shows them. */
  shown: Set<string>
}

function pagesOf(definition: FormDefinition): FlowPage[] {
  const pages = definition.pages ?? []
  if (pages.length > 0) return pages
  return [{ id: IMPLIED_PAGE_ID, questions: definition.questions.map((question) => question.id) }]
}

/** The questions and variables a rule reads or writes, each with a function writing its pointer. */
function ruleReferences(rule: Rule, index: number) {
  const questions: { name: string; path: () => string }[] = []
  const variables: { name: string; path: () => string }[] = []
  walkCondition(rule.if, `/logic/${index}/if`, (leaf, pointer) => {
    if (leaf.kind === 'question') questions.push({ name: leaf.name, path: () => `${pointer()}/question` })
    if (leaf.kind === 'variable') variables.push({ name: leaf.name, path: () => `${pointer()}/variable` })
  })
  const actions = Array.isArray(rule.then) ? rule.then : []
  actions.forEach((action, at) => {
    if (typeof action !== 'object' || action === null || !('calculate' in action)) return
    const calculation = action.calculate
    const path = `/logic/${index}/then/${at}/calculate`
    if (typeof calculation?.question === 'string')
      questions.push({ name: calculation.question, path: () => `${path}/question` })
    if (typeof calculation?.variable === 'string')
      variables.push({ name: calculation.variable, path: () => `${path}/variable` })
  })
  return { questions, variables }
}

export function buildPlan(definition: FormDefinition): FlowPlan {
  const pages = pagesOf(definition)
  const pageIndex = new Map<string, number>()
  const pageOfQuestion = new Map<string, number>()
  pages.forEach((page, index) => {
    if (!pageIndex.has(page.id)) pageIndex.set(page.id, index)
    for (const id of Array.isArray(page.questions) ? page.questions : [])
      if (!pageOfQuestion.has(id)) pageOfQuestion.set(id, index)
  })
  const steps: Step[][] = pages.map(() => [])
  const lastTouch = new Map<string, number>()
  definition.variables.forEach((variable, index) => {
    variable.calculations.forEach((calculation, at) => {
      const page = Math.max(
        lastTouch.get(variable.name) ?? 0,
        pageOfQuestion.get(calculation.question_id ?? '') ?? 0,
      )
      lastTouch.set(variable.name, page)
      steps[page]?.push({ variable: index, calculation: at })
    })
  })
  const homes: FlowPlan['homes'] = []
  const shown = new Set<string>()
  const logic = definition.logic ?? []
  logic.forEach((rule, index) => {
    const { questions, variables } = ruleReferences(rule, index)
    let home: FlowPlan['homes'][number] = { page: 0 }
    const later = (page: number, path: () => string) => {
      if (page > home.page) home = { page, reason: path() }
    }
    for (const { name, path } of questions) later(pageOfQuestion.get(name) ?? 0, path)
    for (const { name, path } of variables) later(lastTouch.get(name) ?? 0, path)
    const declared = typeof rule.page === 'string' ? pageIndex.get(rule.page) : undefined
    if (declared !== undefined && declared < home.page) home = { ...home, declaredTooEarly: declared }
    else if (declared !== undefined) home = { page: declared, reason: `/logic/${index}/page` }
    for (const { name } of variables) lastTouch.set(name, home.page)
    homes.push(home)
    steps[home.page]?.push({ rule: index })
    for (const action of Array.isArray(rule.then) ? rule.then : [])
      if (typeof action === 'object' && action !== null && 'show' in action) shown.add(action.show)
  })
  const questions = new Map(definition.questions.map((question) => [question.id, question]))
  return { questions, pages, pageIndex, pageOfQuestion, homes, steps, shown }
}

/** Stands for a part a definition leaves out. */
const absent = {}
type Memo = WeakMap<object, Memo | FlowPlan>
const plans: Memo = new WeakMap()

/**
 * The plan of a definition, built once for its parts: its questions, pages, rules and variables
 * (the objects, not their contents). A form's definition is read once per version, and the views
 * of it made per request (another response count, the same parts) share its plan.
 */
export function planOf(definition: FormDefinition): FlowPlan {
  const parts = [
    definition.questions,
    definition.pages ?? absent,
    definition.logic ?? absent,
    definition.variables ?? absent,
  ]
  let memo = plans
  for (const part of parts.slice(0, -1)) {
    let next = memo.get(part) as Memo | undefined
    if (!next) {
      next = new WeakMap()
      memo.set(part, next)
    }
    memo = next
  }
  const last = parts.at(-1) as object
  let plan = memo.get(last) as FlowPlan | undefined
  if (!plan) {
    plan = buildPlan(definition)
    memo.set(last, plan)
  }
  return plan
}
