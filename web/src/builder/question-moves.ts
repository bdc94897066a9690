import type { Draft } from './draft'
import { moveToPage, pageIndexes, pagesOf, placeQuestion, stepQuestion } from './pages'

/**
 * Moving a question: one place (buttons, Alt+Arrow keys; across a page's edge it changes page),
 * onto another's place (a drag), or to a page (its select). Focus follows the moved question, so
 * the keyboard can keep moving it, and each move is announced.
 */
export function questionMoves(
  draft: Draft,
  change: (draft: Draft) => void,
  announce: (text: string) => void,
) {
  const questions = draft.questions
  const paged = pagesOf(draft).length > 0
  const followed = (key: string | undefined, next: Draft, said: (at: number, page: number) => string) => {
    if (next === draft) return
    const at = next.questions.findIndex((question) => question.key === key)
    change(next)
    announce(said(at, pageIndexes(next)[at] ?? 0))
    requestAnimationFrame(() => document.getElementById(`card-${key}`)?.focus())
  }
  return {
    moveQuestion(from: number, to: number) {
      const next = Math.abs(to - from) === 1 ? stepQuestion(draft, from, to) : placeQuestion(draft, from, to)
      followed(
        questions[from]?.key,
        next,
        (at, page) =>
          `Question moved to position ${at + 1} of ${questions.length}${paged ? ` on page ${page + 1}` : ''}.`,
      )
    },
    toPage(from: number, page: number) {
      followed(
        questions[from]?.key,
        moveToPage(draft, from, page),
        (at) => `Question moved to page ${page + 1}, now question ${at + 1}.`,
      )
    },
  }
}
