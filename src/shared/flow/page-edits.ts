import { pagesForQuestions } from './pages.js'
import { type FlowPage, IMPLIED_PAGE_ID } from './types.js'

// Pages edited (the dashboard's builder): added, titled, removed, and questions moved between
// them, each question on one page and the pages listing the questions in question order
// (docs/api.md#survey-flow). A question changes page by moving across the pages' boundaries in
// the question list, so the order the contract asks for always holds.

/** The questions of a definition being edited (each with an id) and its pages. */
export interface Paged<Q extends { id: string }> {
  questions: Q[]
  pages: FlowPage[]
}

/** The list with one item moved. */
function move<T>(items: T[], from: number, to: number): T[] {
  const next = [...items]
  const [item] = next.splice(from, 1)
  next.splice(to, 0, item as T)
  return next
}

/** The pages brought up to date with the questions; [] while the form is one page. */
export function pagesOf<Q extends { id: string }>(draft: Paged<Q>): FlowPage[] {
  return pagesForQuestions(
    draft.pages,
    draft.questions.map((question) => question.id),
  )
}

/** The index of the page each question is on, by question index (all 0 without pages). */
export function pageIndexes<Q extends { id: string }>(draft: Paged<Q>): number[] {
  const at = new Map<string, number>()
  pagesOf(draft).forEach((page, index) => {
    for (const id of page.questions) at.set(id, index)
  })
  return draft.questions.map((question) => at.get(question.id) ?? 0)
}

/** How a page is named in a list: "Page 2: About you". */
export function pageName(page: FlowPage, index: number): string {
  return page.title ? `Page ${index + 1}: ${page.title}` : `Page ${index + 1}`
}

function withPages<Q extends { id: string }>(
  draft: Paged<Q>,
  pages: FlowPage[],
  questions = draft.questions,
) {
  return { ...draft, questions, pages }
}

/** Pages again from a page index per question (in question order, so pages list them in order). */
function regroup<Q extends { id: string }>(
  draft: Paged<Q>,
  pages: FlowPage[],
  indexes: number[],
  questions: Q[],
): Paged<Q> {
  const lists: string[][] = pages.map(() => [])
  questions.forEach((question, at) => {
    lists[indexes[at] ?? 0]?.push(question.id)
  })
  return withPages(
    draft,
    pages.map((page, index) => ({ ...page, questions: lists[index] ?? [] })),
    questions,
  )
}

/** A new empty page at the end; a form of one page first becomes page_1 holding every question. */
export function addPage<Q extends { id: string }>(draft: Paged<Q>): Paged<Q> {
  const pages = pagesOf(draft)
  const current =
    pages.length > 0 ? pages : [{ id: IMPLIED_PAGE_ID, questions: draft.questions.map((q) => q.id) }]
  const ids = new Set(current.map((page) => page.id))
  let n = current.length + 1
  while (ids.has(`page_${n}`)) n++
  return withPages(draft, [...current, { id: `page_${n}`, questions: [] }])
}

/** A page removed; its questions join the page before it (the next one when it was the first). */
export function removePage<Q extends { id: string }>(draft: Paged<Q>, index: number): Paged<Q> {
  const pages = pagesOf(draft)
  if (pages.length <= 1) return draft
  const into = index === 0 ? 0 : index - 1
  const indexes = pageIndexes(draft).map((page) => (page === index ? into : page > index ? page - 1 : page))
  return regroup(
    draft,
    pages.filter((_, at) => at !== index),
    indexes,
    draft.questions,
  )
}

export function renamePage<Q extends { id: string }>(
  draft: Paged<Q>,
  index: number,
  title: string,
): Paged<Q> {
  const pages = pagesOf(draft).map((page, at) => {
    if (at !== index) return page
    const { title: _old, ...rest } = page
    return title === '' ? rest : { ...rest, title }
  })
  return withPages(draft, pages)
}

/**
 * A question put on another page: the first question of a later page, the last of an earlier one,
 * so it crosses only the boundaries between.
 */
export function moveToPage<Q extends { id: string }>(
  draft: Paged<Q>,
  question: number,
  page: number,
): Paged<Q> {
  const pages = pagesOf(draft)
  const indexes = pageIndexes(draft)
  const from = indexes[question] ?? 0
  if (page === from || page < 0 || page >= pages.length) return draft
  const others = indexes.filter((_, at) => at !== question)
  // Where it goes among the other questions: after every question of the pages up to its new one
  // (moving back), or after every question before its new page (moving on).
  const position = others.filter((at) => (page < from ? at <= page : at < page)).length
  const questions = move(draft.questions, question, position)
  const nextIndexes = move(indexes, question, position)
  nextIndexes[position] = page
  return regroup(draft, pages, nextIndexes, questions)
}

/**
 * A question moved one place up or down. With pages, a question first (or last) on its page goes
 * to the page before (or after) instead, so moving it never breaks the pages' order.
 */
export function stepQuestion<Q extends { id: string }>(draft: Paged<Q>, from: number, to: number): Paged<Q> {
  const indexes = pageIndexes(draft)
  const pages = pagesOf(draft)
  const page = indexes[from] ?? 0
  if (pages.length > 0 && indexes[to] !== page) {
    const target = to < from ? page - 1 : page + 1
    if (target >= 0 && target < pages.length) return moveToPage(draft, from, target)
  }
  if (to < 0 || to >= draft.questions.length) return draft
  return regroup(draft, pages, move(indexes, from, to), move(draft.questions, from, to))
}

/** A question dropped in the place of another: it joins that one's page. */
export function placeQuestion<Q extends { id: string }>(draft: Paged<Q>, from: number, to: number): Paged<Q> {
  if (to < 0 || to >= draft.questions.length || to === from) return draft
  const indexes = pageIndexes(draft)
  const moved = move(indexes, from, to)
  moved[to] = indexes[to] ?? 0
  return regroup(draft, pagesOf(draft), moved, move(draft.questions, from, to))
}
