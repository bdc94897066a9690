import type { FlowPage } from './types.js'

/**
 * The pages once questions were added, removed or moved in an editor that does not edit pages:
 * removed questions leave their page, a new question joins the page of the question before it
 * (the first page when it comes first), and each page lists its questions in question order.
 * Pages whose questions were moved out of order across pages stay so, for the checks to report.
 */
export function pagesForQuestions(pages: FlowPage[], questionIds: string[]): FlowPage[] {
  if (pages.length === 0) return pages
  const pageOf = new Map<string, number>()
  pages.forEach((page, index) => {
    for (const id of page.questions) if (!pageOf.has(id)) pageOf.set(id, index)
  })
  const lists: string[][] = pages.map(() => [])
  let previous = 0
  for (const id of questionIds) {
    const page = pageOf.get(id) ?? previous
    lists[page]?.push(id)
    previous = page
  }
  return pages.map((page, index) => ({ ...page, questions: lists[index] ?? [] }))
}
