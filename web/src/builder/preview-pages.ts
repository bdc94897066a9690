import { flowPath } from '../../../src/shared/flow/path'
import { recall } from '../../../src/shared/flow/recall'
import { type Ending, type FlowPage, IMPLIED_PAGE_ID } from '../../../src/shared/flow/types'
import type { FormView } from '../../../src/shared/forms/definition'
import type { Tried } from './try-path'

// The preview, one page at a time: the pages the tried answers' path visits (the shared
// flowPath, as the hosted page and the server walk it), each with the questions on the path,
// its texts' recall filled in from those answers.

export interface PreviewPage {
  /** The form as the hosted page would draw this page of it. */
  view: FormView
  index: number
  count: number
  page: FlowPage
  /** The ending the path reaches, if a rule chose one. */
  ending: Ending | undefined
}

export function previewPage(view: FormView, tried: Tried, wanted: number): PreviewPage {
  const path = flowPath(view, tried.answers, tried.hidden)
  const pages: FlowPage[] =
    view.pages.length > 0 ? view.pages : [{ id: IMPLIED_PAGE_ID, questions: view.questions.map((q) => q.id) }]
  const visited = path.pages
    .map((id) => pages.find((page) => page.id === id))
    .filter((page): page is FlowPage => page !== undefined)
  const index = Math.max(0, Math.min(wanted, visited.length - 1))
  const page = visited[index] ?? (pages[0] as FlowPage)
  const here = new Set(page.questions)
  const onPath = new Set(path.questions)
  const values = { answers: tried.answers, hidden: tried.hidden, variables: path.variables }
  const questions = view.questions
    .filter((question) => here.has(question.id) && onPath.has(question.id))
    .map((question) => ({
      ...question,
      title: recall(question.title, values),
      ...(question.description === undefined ? {} : { description: recall(question.description, values) }),
    }))
  const ending = view.endings.find((each) => each.id === path.ending)
  const recalled = ending && {
    ...ending,
    ...(ending.title === undefined ? {} : { title: recall(ending.title, values) }),
    ...(ending.message === undefined ? {} : { message: recall(ending.message, values) }),
  }
  return {
    view: { ...view, questions },
    index,
    count: visited.length,
    page: page.title === undefined ? page : { ...page, title: recall(page.title, values) },
    ending: recalled,
  }
}

/** The form whose thank-you screen is the ending reached, when a rule chose one. */
export function withEnding(view: FormView, ending: Ending | undefined): FormView {
  if (!ending) return view
  return {
    ...view,
    settings: {
      ...view.settings,
      thank_you: {
        title: ending.title ?? null,
        message: ending.message ?? null,
        redirect_url: ending.redirect_url ?? null,
      },
    },
  }
}
