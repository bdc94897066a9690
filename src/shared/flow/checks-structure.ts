import type { FieldError } from '../field-error.js'
import type { FormDefinition } from '../forms/definition.js'
import { alwaysHolds, neverHolds } from './conditions.js'
import type { FlowPlan } from './plan.js'
import { END, type Rule } from './types.js'

// The save-time checks of the flow as a whole: pages cover the questions once and in order;
// each rule acts only on what is still ahead when it is decided (plan.ts), so no path loops; every
// page is reached by some path; every required question a `show` hides can be shown.

export function pageProblems(definition: FormDefinition): FieldError[] {
  const errors: FieldError[] = []
  const pages = definition.pages ?? []
  if (pages.length === 0) return errors
  const order = new Map(definition.questions.map((question, index) => [question.id, index]))
  const placed = new Map<string, string>()
  const firstOfId = new Map<string, number>()
  let last = -1
  pages.forEach((page, index) => {
    const first = firstOfId.get(page.id)
    if (first !== undefined)
      errors.push({ path: `/pages/${index}/id`, message: `duplicates the page id at index ${first}` })
    else firstOfId.set(page.id, index)
    if (page.id === END)
      errors.push({
        path: `/pages/${index}/id`,
        message: `must not be "${END}": jump_to "${END}" ends the form`,
      })
    const questions = Array.isArray(page.questions) ? page.questions : []
    questions.forEach((id, at) => {
      const path = `/pages/${index}/questions/${at}`
      const position = order.get(id)
      const already = placed.get(id)
      if (position === undefined) errors.push({ path, message: 'is not a question of this form' })
      else if (already !== undefined)
        errors.push({ path, message: `is already on page ${already}: a question is on one page` })
      else {
        placed.set(id, page.id)
        if (position < last)
          errors.push({
            path,
            message: 'is out of order: pages list the questions in the order of `questions`',
          })
        last = Math.max(last, position)
      }
    })
  })
  definition.questions.forEach((question, index) => {
    if (!placed.has(question.id))
      errors.push({
        path: `/questions/${index}`,
        message: 'is on no page: when pages are given, each question is on exactly one',
      })
  })
  return errors
}

const targetOf = (action: unknown): { verb: string; question: string } | undefined => {
  if (typeof action !== 'object' || action === null) return undefined
  for (const verb of ['show', 'hide', 'require'] as const)
    if (verb in action) return { verb, question: (action as Record<string, string>)[verb] as string }
  return undefined
}

/** Actions on questions already left when the rule is decided, and jumps that do not go forward. */
export function orderProblems(logic: Rule[], plan: FlowPlan): FieldError[] {
  const errors: FieldError[] = []
  const pageId = (index: number) => plan.pages[index]?.id
  logic.forEach((rule, index) => {
    const home = plan.homes[index]
    if (!home) return
    if (home.declaredTooEarly !== undefined && home.reason)
      errors.push({
        path: home.reason,
        message:
          `is on page ${pageId(home.page)}, after page ${pageId(home.declaredTooEarly)} of this rule: ` +
          'a rule is decided when its page is left, so it reads only what came before',
      })
    const actions = Array.isArray(rule.then) ? rule.then : []
    actions.forEach((action, at) => {
      const target = targetOf(action)
      const targetPage = target ? plan.pageOfQuestion.get(target.question) : undefined
      if (target && targetPage !== undefined && targetPage < home.page && home.reason)
        errors.push({
          path: home.reason,
          message:
            `makes this rule decided when page ${pageId(home.page)} is left, after page ${pageId(targetPage)} ` +
            `where question ${target.question} is, which it would ${target.verb} (/logic/${index}/then/${at})`,
        })
      if (typeof action === 'object' && action !== null && 'jump_to' in action && action.jump_to !== END) {
        const to = plan.pageIndex.get(action.jump_to)
        if (to !== undefined && to <= home.page)
          errors.push({
            path: `/logic/${index}/then/${at}/jump_to`,
            message:
              `must be a page after ${pageId(home.page)}, where this rule is decided: ` +
              'a path only goes forward, so it never loops',
          })
      }
    })
  })
  return errors
}

/** Which pages some path reaches, assuming every condition that can hold may hold. */
export function reachedPages(logic: Rule[], plan: FlowPlan): boolean[] {
  const reached = plan.pages.map((_, index) => index === 0)
  plan.pages.forEach((_, page) => {
    if (!reached[page]) return
    let fallsThrough = true
    for (const step of plan.steps[page] ?? []) {
      if (!('rule' in step)) continue
      const rule = logic[step.rule] as Rule
      if (neverHolds(rule.if)) continue
      const jump = (Array.isArray(rule.then) ? rule.then : []).find(
        (action) => typeof action === 'object' && action !== null && 'jump_to' in action,
      ) as { jump_to: string } | undefined
      if (!jump) continue
      const to = jump.jump_to === END ? undefined : plan.pageIndex.get(jump.jump_to)
      if (to !== undefined && to > page) reached[to] = true
      // A jump whose rule always holds is the first jump of every path here: nothing after it counts.
      if (alwaysHolds(rule.if)) {
        fallsThrough = false
        break
      }
    }
    if (fallsThrough && page + 1 < reached.length) reached[page + 1] = true
  })
  return reached
}

export function reachProblems(definition: FormDefinition, plan: FlowPlan): FieldError[] {
  const errors: FieldError[] = []
  const logic = definition.logic ?? []
  const reached = reachedPages(logic, plan)
  if ((definition.pages ?? []).length > 0)
    reached.forEach((yes, index) => {
      if (!yes)
        errors.push({
          path: `/pages/${index}`,
          message: 'no path reaches this page: every way to it jumps past it',
        })
    })
  // A question named by `show` is hidden until a rule that can hold, decided before it is left, shows it.
  const canShow = new Set<string>()
  logic.forEach((rule, index) => {
    const home = plan.homes[index]
    if (!home || !reached[home.page] || neverHolds(rule.if)) return
    for (const action of Array.isArray(rule.then) ? rule.then : []) {
      const target = targetOf(action)
      if (target?.verb === 'show' && (plan.pageOfQuestion.get(target.question) ?? 0) >= home.page)
        canShow.add(target.question)
    }
  })
  definition.questions.forEach((question, index) => {
    if (question.required && plan.shown.has(question.id) && !canShow.has(question.id))
      errors.push({
        path: `/questions/${index}/required`,
        message: 'is true, but this question is hidden until shown and no rule that can hold shows it',
      })
  })
  return errors
}
