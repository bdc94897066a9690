import * as edits from '../../../src/shared/flow/page-edits'
import type { FlowPage } from '../../../src/shared/flow/types'
import type { Draft, DraftQuestion } from './draft'

// The pages of a draft, edited by the shared page edits (src/shared/flow/page-edits.ts): each
// question on one page, the pages in question order, as the contract asks.

const paged = (draft: Draft): edits.Paged<DraftQuestion> => ({
  questions: draft.questions,
  pages: draft.flow.pages,
})
const drafted = (draft: Draft, next: edits.Paged<DraftQuestion>): Draft =>
  next.questions === draft.questions && next.pages === draft.flow.pages
    ? draft
    : { ...draft, questions: next.questions, flow: { ...draft.flow, pages: next.pages } }

/** The draft's pages brought up to date with its questions; [] while the form is one page. */
export const pagesOf = (draft: Draft): FlowPage[] => edits.pagesOf(paged(draft))
/** The index of the page each question is on, by question index (all 0 without pages). */
export const pageIndexes = (draft: Draft): number[] => edits.pageIndexes(paged(draft))
export const addPage = (draft: Draft): Draft => drafted(draft, edits.addPage(paged(draft)))
export const removePage = (draft: Draft, page: number): Draft =>
  drafted(draft, edits.removePage(paged(draft), page))
export const renamePage = (draft: Draft, page: number, title: string): Draft =>
  drafted(draft, edits.renamePage(paged(draft), page, title))
export const moveToPage = (draft: Draft, question: number, page: number): Draft =>
  drafted(draft, edits.moveToPage(paged(draft), question, page))
export const stepQuestion = (draft: Draft, from: number, to: number): Draft =>
  drafted(draft, edits.stepQuestion(paged(draft), from, to))
export const placeQuestion = (draft: Draft, from: number, to: number): Draft =>
  drafted(draft, edits.placeQuestion(paged(draft), from, to))
export { pageName } from '../../../src/shared/flow/page-edits'
