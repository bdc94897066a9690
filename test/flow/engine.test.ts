import { describe, expect, it } from 'vitest'
import { flowPath } from '../../src/shared/flow/path.js'
import { recall } from '../../src/shared/flow/recall.js'
import type { FormDefinition, FormInput } from '../../src/shared/forms/definition.js'
import { normaliseDefinition } from '../../src/shared/forms/normalise.js'
import { richForm } from './fixtures.js'

// The path engine (docs/api.md#survey-flow): which pages a set of answers visits, which questions
// are on the path and required, what is missing or off the path, the variables and the ending.

function defined(input: object): FormDefinition {
  const { definition, errors } = normaliseDefinition(input as FormInput)
  expect(errors).toEqual([])
  return definition
}

const rich = defined(richForm)
const traveller = { name: 'Ada', travelled: true, rating: 5 }

describe('the path', () => {
  it('is one implied page holding every question when a form lists no pages', () => {
    const form = defined({
      title: 'Flat',
      questions: [
        { id: 'a', title: 'A', type: 'short_text', required: true },
        { id: 'b', title: 'B', type: 'nps' },
      ],
    })
    expect(flowPath(form, { b: 9 })).toEqual({
      pages: ['page_1'],
      questions: ['a', 'b'],
      required: ['a'],
      missing: ['a'],
      not_on_path: [],
      variables: [],
      ending: null,
    })
  })

  it('visits the pages in order, and the first jump of a rule that holds leaves its page', () => {
    const path = flowPath(rich, { ...traveller, nights: 1 })
    expect(path.pages).toEqual(['intro', 'trip', 'stay'])
    expect(path.questions).toEqual(['name', 'travelled', 'rating', 'issues', 'nights', 'when'])
    expect(path.ending).toBe('happy')
    const skipped = flowPath(rich, { name: 'Bo', travelled: false, why: 'Price' })
    expect(skipped.pages).toEqual(['intro', 'not_travelled'])
    expect(skipped.questions).toEqual(['name', 'travelled', 'why'])
    expect(skipped.missing).toEqual([])
  })

  it('reports required questions unanswered as missing, and answers off the path as not_on_path', () => {
    const path = flowPath(rich, { name: 'Bo', travelled: false, rating: 4, nights: 2 })
    expect(path.missing).toEqual([])
    expect(path.not_on_path).toEqual(['rating', 'nights'])
    expect(flowPath(rich, { travelled: true }).missing).toEqual(['name', 'rating'])
  })

  it('keeps a question named by show hidden until a rule that holds shows it, and require makes it required', () => {
    const withoutFood = flowPath(rich, { ...traveller, issues: ['Delay'], details: 'Cold soup' })
    expect(withoutFood.questions).not.toContain('details')
    expect(withoutFood.not_on_path).toEqual(['details'])
    const withFood = flowPath(rich, { ...traveller, issues: ['Delay', 'Food'] })
    expect(withFood.questions).toContain('details')
    expect(withFood.required).toContain('details')
    expect(withFood.missing).toEqual(['details'])
  })

  it('hides a question a rule hides', () => {
    const form = defined({
      title: 'Hide',
      questions: [
        { id: 'pet', title: 'Pet?', type: 'yes_no' },
        { id: 'kind', title: 'Which?', type: 'short_text', required: true },
      ],
      logic: [{ if: { question: 'pet', op: 'equals', value: false }, then: [{ hide: 'kind' }] }],
    })
    expect(flowPath(form, { pet: false }).questions).toEqual(['pet'])
    expect(flowPath(form, { pet: false }).missing).toEqual([])
    expect(flowPath(form, { pet: true }).missing).toEqual(['kind'])
    expect(flowPath(form, {}).missing).toEqual(['kind'])
  })

  it('calculates variables along the path in rule order; dividing by an answer of 0 leaves the variable', () => {
    expect(flowPath(rich, { ...traveller, nights: 2 }).variables).toEqual([{ name: 'score', value: 2.5 }])
    expect(flowPath(rich, { ...traveller, nights: 0 }).variables).toEqual([{ name: 'score', value: 5 }])
    // Not travelled: the rules that calculate are on pages not visited.
    expect(flowPath(rich, { name: 'Bo', travelled: false }).variables).toEqual([{ name: 'score', value: 0 }])
    const form = defined({
      title: 'Order',
      questions: [{ id: 'n', title: 'N', type: 'number' }],
      variables: [{ name: 'v', initial: 1, calculations: [{ op: 'add', question_id: 'n' }] }],
      logic: [
        { if: { all: [] }, then: [{ calculate: { variable: 'v', op: 'multiply', value: 10 } }] },
        {
          if: { variable: 'v', op: 'greater_than', value: 100 },
          then: [{ calculate: { variable: 'v', op: 'set', value: -1 } }],
        },
      ],
    })
    // The variable's own calculation first, then the rules in order: (1 + 9) * 10 = 100, not over 100.
    expect(flowPath(form, { n: 9 }).variables).toEqual([{ name: 'v', value: 100 }])
    expect(flowPath(form, { n: 10 }).variables).toEqual([{ name: 'v', value: -1 }])
  })

  it('ends on the ending set last by a rule that holds, else null', () => {
    // rating 2: the "sorry" rule holds on the trip page; the happy rule on the stay page does not.
    expect(flowPath(rich, { ...traveller, rating: 2 }).ending).toBe('sorry')
    expect(flowPath(rich, { ...traveller, rating: 3 }).ending).toBe(null)
    // A hidden field can veto the happy ending.
    expect(flowPath(rich, { ...traveller, rating: 5 }, { source: 'test' }).ending).toBe(null)
    expect(flowPath(rich, { ...traveller, rating: 5 }, { source: 'TEST' }).ending).toBe('happy')
  })

  it('compares each kind as the contract says', () => {
    const form = defined({
      title: 'Kinds',
      questions: [
        { id: 'text', title: 'T', type: 'short_text' },
        { id: 'when', title: 'D', type: 'date' },
        { id: 'pick', title: 'P', type: 'dropdown', properties: { choices: ['Red', 'Blue'] } },
        {
          id: 'many',
          title: 'M',
          type: 'multiple_choice',
          properties: { choices: ['A', 'B'], allow_multiple: true },
        },
        { id: 'shown', title: 'S', type: 'short_text' },
      ],
      hidden: ['ref'],
      logic: [
        {
          if: {
            all: [
              { question: 'text', op: 'includes', value: 'HELLO' },
              { question: 'when', op: 'at_least', value: '2026-01-01' },
              { question: 'pick', op: 'equals', value: 'Red' },
              { question: 'many', op: 'includes', value: 'B' },
              { hidden: 'ref', op: 'includes', value: 'news' },
            ],
          },
          then: [{ show: 'shown' }],
        },
      ],
    })
    const answers = { text: 'well hello there', when: '2026-03-01', pick: 'Red', many: ['A', 'B'] }
    const shownWith = (changes: object, hidden = { ref: 'Newsletter' }) =>
      flowPath(form, { ...answers, ...changes }, hidden).questions.includes('shown')
    expect(shownWith({})).toBe(true)
    expect(shownWith({ text: 'goodbye' })).toBe(false)
    expect(shownWith({ when: '2025-12-31' })).toBe(false)
    expect(shownWith({ pick: 'Blue' })).toBe(false)
    expect(shownWith({ many: ['A'] })).toBe(false)
    expect(shownWith({}, { ref: 'ads' })).toBe(false)
    expect(shownWith({}, {} as { ref: string })).toBe(false)
  })

  it('holds not_ ops when nothing was answered, and reads no answer of a page not visited', () => {
    const form = defined({
      title: 'Not',
      questions: [
        { id: 'a', title: 'A', type: 'yes_no' },
        { id: 'b', title: 'B', type: 'short_text' },
        { id: 'c', title: 'C', type: 'short_text' },
        { id: 'd', title: 'D', type: 'short_text' },
      ],
      pages: [
        { id: 'p1', questions: ['a'] },
        { id: 'p2', questions: ['b'] },
        { id: 'p3', questions: ['c', 'd'] },
      ],
      logic: [
        { if: { question: 'a', op: 'equals', value: true }, then: [{ jump_to: 'p3' }] },
        { if: { question: 'b', op: 'not_equals', value: 'x' }, then: [{ show: 'd' }] },
      ],
    })
    expect(flowPath(form, { a: false }).questions).toEqual(['a', 'b', 'c', 'd'])
    expect(flowPath(form, { a: false, b: 'x' }).questions).toEqual(['a', 'b', 'c'])
    // b's page is skipped: its answer is off the path, and the rule reading it is never decided.
    const jumped = flowPath(form, { a: true, b: 'y' })
    expect(jumped.pages).toEqual(['p1', 'p3'])
    expect(jumped.questions).toEqual(['a', 'c'])
    expect(jumped.not_on_path).toEqual(['b'])
  })

  it('is linear in the size of the definition (counted, not timed)', () => {
    const size = 400
    const questions = Array.from({ length: size }, (_, index) => ({
      id: `q${index}`,
      title: 'Q',
      type: 'number',
    }))
    const pages = Array.from({ length: size / 4 }, (_, index) => ({
      id: `p${index}`,
      questions: questions.slice(index * 4, index * 4 + 4).map((question) => question.id),
    }))
    // Every rule reads every question of its page and computes a variable: the widest rules allowed.
    const logic = pages.flatMap((page, index) => [
      {
        if: {
          all: page.questions.map((id) => ({
            any: [{ question: id, op: 'at_least', value: 0 }, { not: { question: id, op: 'answered' } }],
          })),
        },
        then: [{ calculate: { variable: 'total', op: 'add', value: 1 } }, { show: page.questions[3] }],
      },
      { if: { variable: 'total', op: 'greater_than', value: index }, then: [{ set_ending: 'done' }] },
    ])
    const input = (count: number) => ({
      title: 'Large',
      questions: questions.slice(0, count * 4),
      variables: [{ name: 'total' }],
      pages: pages.slice(0, count),
      logic: logic.slice(0, count * 2),
      endings: [{ id: 'done' }],
    })
    const answers = Object.fromEntries(questions.map((question, index) => [question.id, index]))
    const work = (count: number) => {
      const meter = { steps: 0 }
      const path = flowPath(defined(input(count)), answers, {}, meter)
      expect(path.pages).toHaveLength(count)
      return meter.steps
    }
    const [small, large] = [work(10), work(100)]
    // Ten times the definition, at most ten times the work (give or take the constant part).
    expect(large).toBeLessThanOrEqual(small * 10 + 10)
    expect(large).toBeGreaterThan(small * 5)
  })
})

describe('recall', () => {
  const values = {
    answers: {
      name: 'Ada',
      issues: ['Delay', 'Food'],
      when: '2026-11-02',
      ok: true,
      rating: 4,
      why: 'Price',
    },
    hidden: { source: 'mail' },
    variables: [
      { name: 'score', value: 2.5 },
      { name: 'third', value: 1 / 3 },
    ],
  }

  it('replaces each reference by the answer as a person reads it', () => {
    expect(recall('Hi {{question:name}}, you chose {{question:issues}} on {{question:when}}', values)).toBe(
      'Hi Ada, you chose Delay, Food on 2026-11-02',
    )
    expect(recall('{{question:ok}} {{question:rating}} {{question:why}} {{hidden:source}}', values)).toBe(
      'Yes 4 Price mail',
    )
    expect(recall('Score {{variable:score}}, {{variable:third}}', values)).toBe('Score 2.5, 0.33')
  })

  it('is empty where there is no answer, and leaves text without references as it is', () => {
    expect(recall('[{{question:missing}}][{{hidden:nope}}][{{variable:none}}]', values)).toBe('[][][]')
    expect(recall('Plain <b>text</b> {{ not a reference }}', values)).toBe(
      'Plain <b>text</b> {{ not a reference }}',
    )
  })

  it('returns plain text: escaping for HTML is the template’s job', () => {
    expect(recall('{{question:name}}', { answers: { name: '<script>' } })).toBe('<script>')
  })
})
