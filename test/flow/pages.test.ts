import { describe, expect, it } from 'vitest'
import { pagesForQuestions } from '../../src/shared/flow/pages.js'
import type { FormInput } from '../../src/shared/forms/definition.js'
import { normaliseDefinition } from '../../src/shared/forms/normalise.js'
import { richForm } from './fixtures.js'

// A form the dashboard's builder saves keeps its pages following the questions added, duplicated
// or removed there (pagesForQuestions, checked here; web/src/builder/draft.ts); moves between
// pages are the page edits' (builder-pages.test.ts).

describe('pages kept through an edit of the questions', () => {
  it('puts a question added on the page of the one before it, and takes a removed one off its page', () => {
    const ids = richForm.questions.map((question) => question.id).filter((id) => id !== 'when')
    ids.splice(3, 0, 'extra')
    ids.unshift('first')
    const pages = pagesForQuestions(richForm.pages, ids)
    expect(pages.map((page) => page.questions)).toEqual([
      ['first', 'name', 'travelled'],
      ['rating', 'extra', 'issues', 'details'],
      ['nights'],
      ['why'],
    ])
    expect(pages.map((page) => page.title)).toEqual(richForm.pages.map((page) => page.title))
    const questions = ids.map(
      (id) =>
        richForm.questions.find((question) => question.id === id) ?? { id, title: id, type: 'short_text' },
    )
    expect(normaliseDefinition({ ...richForm, questions, pages } as unknown as FormInput).errors).toEqual([])
  })

  it('leaves a form without pages without pages, and lets the checks report questions moved across pages', () => {
    expect(pagesForQuestions([], ['a', 'b'])).toEqual([])
    const moved = pagesForQuestions(
      [
        { id: 'p1', questions: ['a', 'b'] },
        { id: 'p2', questions: ['c'] },
      ],
      ['a', 'c', 'b'],
    )
    expect(moved.map((page) => page.questions)).toEqual([['a', 'b'], ['c']])
  })
})
