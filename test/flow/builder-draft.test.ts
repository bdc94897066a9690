import { describe, expect, it } from 'vitest'
import type { FormInput } from '../../src/shared/forms/definition.js'
import { normaliseDefinition } from '../../src/shared/forms/normalise.js'
import { draftOf, inputOf, newKey } from '../../web/src/builder/draft.js'
import { richForm } from './fixtures.js'

// The dashboard's builder has no editor for the flow yet: a form it saves keeps its pages, logic
// and endings as they were read, with questions added or removed in the builder kept on pages.

describe('the builder’s draft of a form with a flow', () => {
  it('keeps pages, logic and endings through a save', () => {
    const input = inputOf(draftOf(richForm as unknown as FormInput))
    expect(input.pages).toEqual(richForm.pages)
    expect(input.logic).toEqual(richForm.logic)
    expect(input.endings).toEqual(richForm.endings)
    expect(normaliseDefinition(input).errors).toEqual([])
  })

  it('puts a question added on the page of the one before it, and takes a removed one off its page', () => {
    const draft = draftOf(richForm as unknown as FormInput)
    const added = {
      key: newKey(),
      id: 'extra',
      title: 'Extra',
      type: 'short_text' as const,
      required: false,
      properties: {},
    }
    draft.questions.splice(3, 0, added)
    draft.questions = draft.questions.filter((question) => question.id !== 'when')
    const input = inputOf(draft)
    expect(input.pages?.map((page) => page.questions)).toEqual([
      ['name', 'travelled'],
      ['rating', 'extra', 'issues', 'details'],
      ['nights'],
      ['why'],
    ])
    expect(normaliseDefinition(input).errors).toEqual([])
  })
})
