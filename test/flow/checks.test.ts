import { describe, expect, it } from 'vitest'
import type { FormInput } from '../../src/shared/forms/definition.js'
import { normaliseDefinition } from '../../src/shared/forms/normalise.js'
import { richForm } from './fixtures.js'

// The save-time checks of the flow (docs/api.md#survey-flow): a definition whose rules cannot work
// is refused, each problem at its JSON pointer. The same function runs on save, on simulating an
// unsaved definition and in the builder as you type; test/flow/simulate.test.ts checks the HTTP side.

const errorsOf = (input: object) => normaliseDefinition(input as FormInput).errors

const base = {
  title: 'Checks',
  questions: [
    { id: 'yes', title: 'Yes?', type: 'yes_no' },
    { id: 'stars', title: 'Stars', type: 'rating' },
    { id: 'color', title: 'Color', type: 'dropdown', properties: { choices: ['Red', 'Blue'] } },
    { id: 'day', title: 'Day', type: 'date' },
    { id: 'note', title: 'Note', type: 'short_text' },
  ],
  hidden: ['src'],
  variables: [{ name: 'v' }],
  pages: [
    { id: 'p1', questions: ['yes', 'stars'] },
    { id: 'p2', questions: ['color', 'day'] },
    { id: 'p3', questions: ['note'] },
  ],
  endings: [{ id: 'bye' }],
}
const withRules = (...logic: object[]) => ({ ...base, logic })
const rule = (condition: object, ...then: object[]) => ({
  if: condition,
  then: then.length ? then : [{ set_ending: 'bye' }],
})

/** The errors' pointers (and a word of each message, to say which refusal it is). */
const at = (input: object) => errorsOf(input).map((error) => error.path)

describe('save-time checks of the flow', () => {
  it('accept a valid rich definition', () => {
    expect(errorsOf(richForm)).toEqual([])
    expect(errorsOf(base)).toEqual([])
  })

  it('refuse names that do not exist, each at its pointer', () => {
    expect(
      at(
        withRules(
          rule({ question: 'nope', op: 'answered' }),
          rule({ hidden: 'nope', op: 'answered' }),
          rule({ variable: 'nope', op: 'equals', value: 1 }),
          rule({ all: [] }, { jump_to: 'nope' }, { set_ending: 'nope' }, { show: 'nope' }),
          rule({ all: [] }, { calculate: { variable: 'nope', op: 'add', value: 1 } }),
          rule({ all: [] }, { calculate: { variable: 'v', op: 'add', question: 'nope' } }),
          { page: 'nope', ...rule({ all: [] }) },
        ),
      ),
    ).toEqual([
      '/logic/0/if/question',
      '/logic/1/if/hidden',
      '/logic/2/if/variable',
      '/logic/3/then/0/jump_to',
      '/logic/3/then/1/set_ending',
      '/logic/3/then/2/show',
      '/logic/4/then/0/calculate/variable',
      '/logic/5/then/0/calculate/question',
      '/logic/6/page',
    ])
  })

  it('refuse an op that does not fit the kind, and a value no answer can have', () => {
    const errors = errorsOf(
      withRules(
        rule({ question: 'yes', op: 'less_than', value: 1 }),
        rule({ question: 'color', op: 'equals', value: 'Green' }),
        rule({ question: 'stars', op: 'equals', value: 6 }),
        rule({ question: 'stars', op: 'less_than', value: 1 }),
        rule({ question: 'day', op: 'at_least', value: '2026-02-30' }),
        rule({ question: 'note', op: 'answered', value: 'x' }),
        rule({ question: 'note', op: 'equals' }),
        rule({ variable: 'v', op: 'includes', value: 'x' }),
        rule({ hidden: 'src', op: 'greater_than', value: 'x' }),
        rule({ question: 'color', op: 'includes', value: 'Red' }),
      ),
    )
    expect(errors).toEqual([
      {
        path: '/logic/0/if/op',
        message: expect.stringContaining('less_than does not fit a yes_no question'),
      },
      { path: '/logic/1/if/value', message: expect.stringContaining('"Green" is not one of the choices') },
      { path: '/logic/2/if/value', message: expect.stringContaining('no answer can equal 6') },
      { path: '/logic/3/if/value', message: expect.stringContaining('no answer can be less than 1') },
      { path: '/logic/4/if/value', message: expect.stringContaining('calendar date') },
      { path: '/logic/5/if/value', message: expect.stringContaining('must be absent') },
      { path: '/logic/6/if/value', message: 'is required for equals' },
      { path: '/logic/7/if/op', message: expect.stringContaining('does not fit a variable') },
      { path: '/logic/8/if/op', message: expect.stringContaining('does not fit a hidden field') },
    ])
  })

  it('refuse a jump to the same or an earlier page, so no path loops', () => {
    expect(
      at(
        withRules(
          rule({ question: 'color', op: 'answered' }, { jump_to: 'p2' }),
          rule({ question: 'color', op: 'answered' }, { jump_to: 'p1' }),
          rule({ question: 'color', op: 'answered' }, { jump_to: 'p3' }),
          rule({ question: 'note', op: 'answered' }, { jump_to: 'end' }),
        ),
      ),
    ).toEqual(['/logic/0/then/0/jump_to', '/logic/1/then/0/jump_to'])
  })

  it('refuse a rule on a page that refers to a question of a later page', () => {
    // Its page named: the condition reads what comes after it.
    const named = errorsOf(withRules({ page: 'p1', ...rule({ question: 'note', op: 'answered' }) }))
    expect(named).toEqual([
      {
        path: '/logic/0/if/question',
        message: expect.stringContaining('is on page p3, after page p1 of this rule'),
      },
    ])
    // Acting on a question already left: decided on p2 (its condition), it would show a question of p1.
    const acting = errorsOf(
      withRules(rule({ question: 'color', op: 'equals', value: 'Red' }, { show: 'stars' })),
    )
    expect(acting).toEqual([
      {
        path: '/logic/0/if/question',
        message: expect.stringContaining(
          'decided when page p2 is left, after page p1 where question stars is',
        ),
      },
    ])
  })

  it('refuse a page no path reaches', () => {
    const always = { all: [] }
    expect(errorsOf(withRules(rule(always, { jump_to: 'p3' })))).toEqual([
      { path: '/pages/1', message: expect.stringContaining('no path reaches this page') },
    ])
    // A jump that can hold leaves the next page reachable; one that never holds reaches nothing.
    expect(
      errorsOf(withRules(rule({ question: 'yes', op: 'equals', value: true }, { jump_to: 'p3' }))),
    ).toEqual([])
    expect(at(withRules(rule(always, { jump_to: 'end' })))).toEqual(['/pages/1', '/pages/2'])
    // A condition and its negation: `any` of them always holds.
    const tautology = {
      any: [
        { question: 'yes', op: 'equals', value: true },
        { not: { question: 'yes', op: 'equals', value: true } },
      ],
    }
    expect(at(withRules(rule(tautology, { jump_to: 'p3' })))).toEqual(['/pages/1'])
    expect(
      at(
        withRules(rule({ any: [] }, { jump_to: 'p3' }), { page: 'p2', ...rule(always, { jump_to: 'end' }) }),
      ),
    ).toEqual(['/pages/2'])
  })

  it('refuse a required question that no show rule can ever show', () => {
    const questions = base.questions.map((question) =>
      question.id === 'note' ? { ...question, required: true } : question,
    )
    const never = errorsOf({ ...withRules(rule({ any: [] }, { show: 'note' })), questions })
    expect(never).toEqual([
      { path: '/questions/4/required', message: expect.stringContaining('no rule that can hold shows it') },
    ])
    // Shown by a rule on an unreachable path: p3 is skipped by every path.
    const unreachable = errorsOf({
      ...withRules(
        { page: 'p2', ...rule({ all: [] }, { jump_to: 'end' }) },
        { page: 'p3', ...rule({ all: [] }, { show: 'note' }) },
      ),
      questions,
    })
    expect(unreachable.map((error) => error.path)).toEqual(['/pages/2', '/questions/4/required'])
    expect(
      errorsOf({ ...withRules(rule({ question: 'yes', op: 'answered' }, { show: 'note' })), questions }),
    ).toEqual([])
  })

  it('refuse pages that do not hold each question exactly once, in question order', () => {
    const pages = (...lists: string[][]) => ({
      ...base,
      pages: lists.map((questions, index) => ({ id: `p${index + 1}`, questions })),
    })
    expect(errorsOf(pages(['yes', 'stars'], ['color', 'day']))).toEqual([
      { path: '/questions/4', message: expect.stringContaining('is on no page') },
    ])
    expect(at(pages(['yes', 'stars', 'color'], ['color', 'day', 'note']))).toEqual(['/pages/1/questions/0'])
    expect(at(pages(['yes', 'color'], ['stars', 'day', 'note']))).toEqual(['/pages/1/questions/0'])
    expect(at(pages(['yes', 'stars', 'ghost'], ['color', 'day', 'note']))).toEqual(['/pages/0/questions/2'])
    expect(
      at({
        ...base,
        pages: [
          { id: 'end', questions: ['yes', 'stars'] },
          { id: 'end', questions: ['color', 'day', 'note'] },
        ],
      }),
    ).toEqual(['/pages/0/id', '/pages/1/id', '/pages/1/id'])
  })

  it('refuse conditions deeper than 8 levels and more than 1,000 rules', () => {
    const nested = (depth: number): object =>
      depth === 1 ? { question: 'yes', op: 'answered' } : { not: nested(depth - 1) }
    expect(errorsOf(withRules(rule(nested(8))))).toEqual([])
    expect(errorsOf(withRules(rule(nested(9))))).toEqual([
      { path: `/logic/0/if${'/not'.repeat(8)}`, message: expect.stringContaining('at most 8 levels deep') },
    ])
    const many = Array.from({ length: 1001 }, () => rule({ question: 'yes', op: 'answered' }))
    expect(errorsOf(withRules(...many))).toEqual([
      { path: '/logic', message: 'must have at most 1000 rules' },
    ])
    expect(errorsOf(withRules(...many.slice(1)))).toEqual([])
  })

  it('refuse recall of names that do not exist', () => {
    const errors = errorsOf({
      ...base,
      questions: base.questions.map((question, index) =>
        index === 0 ? { ...question, title: 'Hi {{question:ghost}} {{question:note}}' } : question,
      ),
      endings: [{ id: 'bye', message: 'Thanks {{hidden:src}} {{variable:nope}}' }],
      settings: { thank_you: { title: '{{hidden:ghost}}' } },
    })
    expect(errors).toEqual([
      { path: '/questions/0/title', message: '{{question:ghost}} names no question of this form' },
      { path: '/endings/0/message', message: '{{variable:nope}} names no variable of this form' },
      { path: '/settings/thank_you/title', message: '{{hidden:ghost}} names no hidden field of this form' },
    ])
  })

  it('refuse calculations that cannot work: dividing by 0, overflowing, reading a question that is not a number', () => {
    const times = (count: number, action: object) =>
      Array.from({ length: count }, () => rule({ all: [] }, action))
    expect(
      errorsOf(
        withRules(
          rule({ all: [] }, { calculate: { variable: 'v', op: 'divide', value: 0 } }),
          rule({ all: [] }, { calculate: { variable: 'v', op: 'add', question: 'note' } }),
          rule({ all: [] }, { calculate: { variable: 'v', op: 'add', value: 1, question: 'stars' } }),
        ),
      ),
    ).toEqual([
      { path: '/logic/0/then/0/calculate/value', message: expect.stringContaining('must not be 0') },
      { path: '/logic/1/then/0/calculate/question', message: 'must name a question with a numeric answer' },
      { path: '/logic/2/then/0/calculate', message: 'needs exactly one of value and question' },
    ])
    const overflow = errorsOf(
      withRules(
        rule({ all: [] }, { calculate: { variable: 'v', op: 'set', value: 1e12 } }),
        ...times(30, { calculate: { variable: 'v', op: 'multiply', value: 1e12 } }),
      ),
    )
    expect(overflow).toEqual([
      { path: '/logic/25/then/0/calculate', message: expect.stringContaining('beyond ±1e+300') },
    ])
    // Dividing by answers that may be small cannot overflow where multiplying could.
    expect(
      errorsOf(withRules(...times(100, { calculate: { variable: 'v', op: 'divide', question: 'stars' } }))),
    ).toEqual([])
  })

  it('refuse endings with the same id or a redirect that is not an http(s) URL', () => {
    expect(
      errorsOf({ ...base, endings: [{ id: 'bye' }, { id: 'bye', redirect_url: 'javascript:alert(1)' }] }),
    ).toEqual([
      { path: '/endings/1/id', message: 'duplicates the ending id at index 0' },
      { path: '/endings/1/redirect_url', message: 'must be an absolute http(s) URL' },
    ])
  })
})
