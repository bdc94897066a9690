import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  addPage,
  moveToPage,
  type Paged,
  pageIndexes,
  pagesOf,
  placeQuestion,
  removePage,
  stepQuestion,
} from '../../src/shared/flow/page-edits.js'
import type { FormInput } from '../../src/shared/forms/definition.js'
import { normaliseDefinition } from '../../src/shared/forms/normalise.js'

// The builder's page editing (src/shared/flow/page-edits.ts, web/src/builder/pages.ts): whatever a person does with pages and
// question moves, the definition keeps each question on one page and the pages in question
// order, as docs/api.md#survey-flow asks, so the save-time checks never refuse it for that.

type Q = { id: string; title: string; type: string }
const form: Paged<Q> = {
  questions: ['a', 'b', 'c', 'd', 'e'].map((id) => ({ id, title: id, type: 'short_text' })),
  pages: [],
}
const saved = (paged: Paged<Q>) =>
  normaliseDefinition({ title: 'Pages', questions: paged.questions, pages: pagesOf(paged) } as FormInput)

const edit = fc.oneof(
  fc.constant({ kind: 'add' as const }),
  fc.record({ kind: fc.constant('remove' as const), page: fc.nat(5) }),
  fc.record({ kind: fc.constant('to' as const), question: fc.nat(4), page: fc.nat(5) }),
  fc.record({ kind: fc.constant('step' as const), question: fc.nat(4), down: fc.boolean() }),
  fc.record({ kind: fc.constant('place' as const), question: fc.nat(4), to: fc.nat(4) }),
)

function apply(draft: Paged<Q>, step: typeof edit extends fc.Arbitrary<infer T> ? T : never): Paged<Q> {
  if (step.kind === 'add') return addPage(draft)
  if (step.kind === 'remove') return removePage(draft, step.page)
  if (step.kind === 'to') return moveToPage(draft, step.question, step.page)
  if (step.kind === 'step') return stepQuestion(draft, step.question, step.question + (step.down ? 1 : -1))
  return placeQuestion(draft, step.question, step.to)
}

describe('pages edited in the builder', () => {
  it('stay in question order with each question on one page, whatever the edits', () => {
    fc.assert(
      fc.property(fc.array(edit, { maxLength: 25 }), (steps) => {
        let draft = form
        for (const step of steps) draft = apply(draft, step)
        expect(saved(draft).errors).toEqual([])
        expect(draft.questions.map((q) => q.id).sort()).toEqual(['a', 'b', 'c', 'd', 'e'])
        const indexes = pageIndexes(draft)
        expect([...indexes].sort((x, y) => x - y)).toEqual(indexes)
      }),
      { numRuns: 300 },
    )
  })

  it('moves a question across one page edge at a time, and gives a removed page’s questions to the one before', () => {
    let draft = addPage(addPage(form))
    draft = moveToPage(draft, 4, 2)
    draft = moveToPage(draft, 2, 1)
    expect(pagesOf(draft).map((page) => page.questions)).toEqual([['a', 'b', 'd'], ['c'], ['e']])
    draft = stepQuestion(draft, 2, 3)
    expect(pagesOf(draft).map((page) => page.questions)).toEqual([['a', 'b'], ['d', 'c'], ['e']])
    draft = stepQuestion(draft, 4, 5)
    expect(pagesOf(draft).map((page) => page.questions)).toEqual([['a', 'b'], ['d', 'c'], ['e']])
    draft = moveToPage(draft, 3, 0)
    expect(pagesOf(draft).map((page) => page.questions)).toEqual([['a', 'b', 'c'], ['d'], ['e']])
    draft = removePage(draft, 1)
    expect(pagesOf(draft)).toEqual([
      { id: 'page_1', questions: ['a', 'b', 'c', 'd'] },
      { id: 'page_3', questions: ['e'] },
    ])
  })
})
