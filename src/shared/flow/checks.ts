import type { FieldError } from '../field-error.js'
import type { FormDefinition } from '../forms/definition.js'
import { sentUrlProblem } from '../strings.js'
import { type Names, namesOf, ruleProblems } from './checks-rules.js'
import { orderProblems, pageProblems, reachProblems } from './checks-structure.js'
import { buildPlan } from './plan.js'
import { variableRangeErrors } from './ranges.js'
import { recallReferences } from './recall.js'
import { RULES_MAX } from './types.js'

// A definition whose flow cannot work is refused when it is saved (docs/api.md#survey-flow), each
// problem at its JSON pointer, in the shape of the other definition checks. The builder runs the
// same function as you type.

function endingProblems(definition: FormDefinition): FieldError[] {
  const errors: FieldError[] = []
  const first = new Map<string, number>()
  ;(definition.endings ?? []).forEach((ending, index) => {
    const seen = first.get(ending.id)
    if (seen !== undefined)
      errors.push({ path: `/endings/${index}/id`, message: `duplicates the ending id at index ${seen}` })
    else first.set(ending.id, index)
    const problem = ending.redirect_url === undefined ? undefined : sentUrlProblem(ending.redirect_url)
    if (problem) errors.push({ path: `/endings/${index}/redirect_url`, message: problem })
  })
  return errors
}

/** Every text recall may appear in, with its pointer. */
function recallTexts(definition: FormDefinition): { path: string; text: string | null | undefined }[] {
  return [
    ...definition.questions.flatMap((question, index) => [
      { path: `/questions/${index}/title`, text: question.title },
      { path: `/questions/${index}/description`, text: question.description },
    ]),
    ...(definition.pages ?? []).map((page, index) => ({ path: `/pages/${index}/title`, text: page.title })),
    ...(definition.endings ?? []).flatMap((ending, index) => [
      { path: `/endings/${index}/title`, text: ending.title },
      { path: `/endings/${index}/message`, text: ending.message },
    ]),
    { path: '/settings/thank_you/title', text: definition.settings?.thank_you.title },
    { path: '/settings/thank_you/message', text: definition.settings?.thank_you.message },
  ]
}

function recallProblems(definition: FormDefinition, names: Names): FieldError[] {
  const errors: FieldError[] = []
  const known = {
    question: (name: string) => names.questions.has(name),
    hidden: (name: string) => names.hidden.has(name),
    variable: (name: string) => names.variables.has(name),
  }
  const what = { question: 'question', hidden: 'hidden field', variable: 'variable' }
  for (const { path, text } of recallTexts(definition)) {
    if (typeof text !== 'string') continue
    for (const reference of recallReferences(text))
      if (!known[reference.kind](reference.name))
        errors.push({ path, message: `${reference.written} names no ${what[reference.kind]} of this form` })
  }
  return errors
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/**
 * What the schema says of the flow's shape, for callers without it (the builder): the checks
 * below walk only arrays of objects with string ids.
 */
function shapeProblems(definition: FormDefinition): FieldError[] {
  const errors: FieldError[] = []
  const parts = { pages: definition.pages, logic: definition.logic, endings: definition.endings }
  for (const [name, list] of Object.entries(parts)) {
    if (list === undefined) continue
    if (!Array.isArray(list)) {
      errors.push({ path: `/${name}`, message: 'must be an array' })
      continue
    }
    list.forEach((item: unknown, index) => {
      const path = `/${name}/${index}`
      if (!isObject(item)) errors.push({ path, message: 'must be an object' })
      else if (name === 'logic' && !Array.isArray(item['then']))
        errors.push({ path: `${path}/then`, message: 'must be an array' })
      else if (name !== 'logic' && typeof item['id'] !== 'string')
        errors.push({ path: `${path}/id`, message: 'must be a string' })
      else if (name === 'pages' && !Array.isArray(item['questions']))
        errors.push({ path: `${path}/questions`, message: 'must be an array' })
    })
  }
  return errors
}

/** The flow's problems in a definition whose questions, hidden fields and variables are normalised. */
export function checkFlow(definition: FormDefinition): FieldError[] {
  const shape = shapeProblems(definition)
  if (shape.length > 0) return shape
  const logic = definition.logic ?? []
  const names = namesOf(definition)
  const errors = [
    ...pageProblems(definition),
    ...endingProblems(definition),
    ...recallProblems(definition, names),
  ]
  // Past the bound nothing else of the rules is looked at: the work stays bounded too.
  if (logic.length > RULES_MAX)
    return [...errors, { path: '/logic', message: `must have at most ${RULES_MAX} rules` }]
  const ruleErrors = ruleProblems(logic, names)
  errors.push(...ruleErrors)
  const plan = buildPlan(definition)
  errors.push(...orderProblems(logic, plan))
  // Reachability and ranges assume the rules name what exists and nest within bounds.
  if (ruleErrors.length === 0) errors.push(...reachProblems(definition, plan))
  errors.push(...variableRangeErrors(definition, names.questions))
  return errors
}
