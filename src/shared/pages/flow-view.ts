import { flowPath } from '../flow/path.js'
import { planOf } from '../flow/plan.js'
import { type RecallValues, recall } from '../flow/recall.js'
import type { FlowPath } from '../flow/types.js'
import type { FormDefinition } from '../forms/definition.js'

// What one page of a hosted multi-page form shows (docs/api.md#hosted-multi-page-forms), worked out
// from the answers so far by the flow engine: the server renders it, and the page's script
// (web/hosted/flow.ts) works it out again as answers change, with this same code.

/** A form shows one page at a time when it lists more than one page. */
export const isPaged = (definition: Pick<FormDefinition, 'pages'>): boolean =>
  (definition.pages?.length ?? 0) > 1

export interface PageState {
  path: FlowPath
  /** The page's position on the path (0-based) and the path's length: "Page 2 of 4". */
  index: number
  count: number
  /** Questions of the page that are shown, and those of them that must be answered. */
  shown: Set<string>
  required: Set<string>
  /** The page before this one on the path, if any; the next one, or null when this one ends the path. */
  previous: string | undefined
  next: string | null
}

/**
 * The state of page `pageId` for these answers; undefined when the answers' path does not visit
 * it (a change on an earlier page jumped past it).
 */
export function pageState(
  definition: FormDefinition,
  answers: Record<string, unknown>,
  hidden: Record<string, unknown>,
  pageId: string,
): PageState | undefined {
  const path = flowPath(definition, answers, hidden)
  const index = path.pages.indexOf(pageId)
  if (index < 0) return undefined
  const plan = planOf(definition)
  const page = plan.pageIndex.get(pageId)
  const onPage = (id: string) => plan.pageOfQuestion.get(id) === page
  return {
    path,
    index,
    count: path.pages.length,
    shown: new Set(path.questions.filter(onPage)),
    required: new Set(path.required.filter(onPage)),
    previous: path.pages[index - 1],
    next: path.pages[index + 1] ?? null,
  }
}

/**
 * The furthest page a respondent may open: the page they reached (`lastPage`) while the path still
 * visits it, but never past the first page with a required question unanswered; the first page
 * when nothing was reached yet.
 */
export function reachedPage(path: FlowPath, definition: FormDefinition, lastPage: string | null): string {
  const pageOf = new Map<string, string>()
  for (const page of definition.pages ?? []) for (const id of page.questions) pageOf.set(id, page.id)
  const [firstMissing] = path.missing
  const blocking = firstMissing === undefined ? undefined : pageOf.get(firstMissing)
  const limit = blocking === undefined ? path.pages.length - 1 : path.pages.indexOf(blocking)
  const reached = lastPage === null ? 0 : path.pages.indexOf(lastPage)
  const index = Math.max(0, Math.min(reached < 0 ? limit : reached, limit))
  return path.pages[index] ?? path.pages[0] ?? ''
}

/** What the words of a page recall: the answers on the path (never one off it), hidden values, variables. */
export function recallValuesOf(
  path: FlowPath,
  answers: Record<string, unknown>,
  hidden: Record<string, unknown>,
): RecallValues {
  const onPath = new Set(path.questions)
  return {
    answers: Object.fromEntries(Object.entries(answers).filter(([id]) => onPath.has(id))),
    hidden,
    variables: path.variables,
  }
}

/** The form's questions as the path shows them: titles and descriptions recalled, required as it says. */
export function questionsAsShown(
  definition: FormDefinition,
  path: FlowPath,
  values: RecallValues,
): FormDefinition['questions'] {
  const required = new Set(path.required)
  return definition.questions.map((question) => ({
    ...question,
    title: recall(question.title, values),
    ...(question.description !== undefined ? { description: recall(question.description, values) } : {}),
    required: required.has(question.id) || question.required,
  }))
}
