import type { FieldError } from '../field-error.js'
import { checkAnswer, hiddenErrors } from '../forms/answers.js'
import type { FormDefinition } from '../forms/definition.js'
import { escapePointer } from '../storable.js'
import { flowPath } from './path.js'
import { planOf } from './plan.js'
import type { FlowPath } from './types.js'

// How far a draft has come (docs/api.md#drafts): the one definition the API, the hosted page and
// completion use. Answers are merged by question id; every answer is kept, but only those on the
// path the answers take count: completing a draft submits exactly those.

/** Answers and hidden values of a draft, by question id and hidden name. */
export interface DraftAnswers {
  answers: Record<string, unknown>
  hidden: Record<string, unknown>
}

export interface DraftProgress {
  /** The pages of the path so far: from the first up to and including `next_page`; all when it is null. */
  pages: string[]
  /** The first page of the path with a required question (on the path) unanswered; null when completable. */
  next_page: string | null
  /** The answers on the path, which completing the draft submits. */
  onPath: Record<string, unknown>
}

/**
 * Merges a change into a draft's answers (and hidden values): a value replaces the one of the same
 * id, `null` removes it, ids not named keep theirs. The result is what the draft then holds.
 */
export function mergeDraft(draft: DraftAnswers, change: Partial<DraftAnswers>): DraftAnswers {
  const merge = (into: Record<string, unknown>, from: Record<string, unknown> | undefined) => {
    const merged: Record<string, unknown> = { ...into }
    for (const [key, value] of Object.entries(from ?? {})) {
      if (value === null) delete merged[key]
      else merged[key] = value
    }
    return merged
  }
  return { answers: merge(draft.answers, change.answers), hidden: merge(draft.hidden, change.hidden) }
}

/**
 * The problems of a draft's change, as a submission would report them for the values it gives
 * (unknown question id or hidden name, a value of the wrong kind); a missing answer is none, and
 * `null` (remove) is always fine. Nothing is required of a draft, so neither is a whole matrix.
 */
export function draftChangeErrors(definition: FormDefinition, change: Partial<DraftAnswers>): FieldError[] {
  const errors: FieldError[] = []
  const { questions } = planOf(definition)
  for (const [id, value] of Object.entries(change.answers ?? {})) {
    const question = questions.get(id)
    const path = () => `/answers/${escapePointer(id)}`
    if (!question) errors.push({ path: path(), message: 'is not a question of this form' })
    else if (value !== null) {
      // A draft is unfinished: a required matrix may answer some rows, a required consent wait.
      // Completing it checks what the form requires.
      const checked = checkAnswer({ ...question, required: false }, value)
      if ('error' in checked) errors.push({ path: path(), message: checked.error })
    }
  }
  const hidden = Object.fromEntries(Object.entries(change.hidden ?? {}).filter(([, value]) => value !== null))
  errors.push(...hiddenErrors(definition, hidden))
  return errors
}

/**
 * Where the draft's answers lead: the path so far, the page to answer next, the answers that count.
 * `path` is the draft's path when the caller has worked it out already.
 */
export function draftProgress(
  definition: FormDefinition,
  draft: DraftAnswers,
  path: FlowPath = flowPath(definition, draft.answers, draft.hidden),
): DraftProgress {
  const plan = planOf(definition)
  const [firstMissing] = path.missing
  // Without pages every question is on the one implied page, the path's only page.
  const nextPage =
    firstMissing === undefined
      ? null
      : (plan.pages[plan.pageOfQuestion.get(firstMissing) ?? -1]?.id ?? path.pages[0] ?? null)
  const reached = nextPage === null ? path.pages.length : path.pages.indexOf(nextPage) + 1
  const onPath: Record<string, unknown> = {}
  for (const id of path.questions) if (Object.hasOwn(draft.answers, id)) onPath[id] = draft.answers[id]
  return { pages: path.pages.slice(0, reached), next_page: nextPage, onPath }
}
