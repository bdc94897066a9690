import fc from 'fast-check'

// Random flow definitions and answers (fast-check), for the property tests here and in the browser
// (test/respondents/flow-browser.test.ts): six questions of six kinds over up to four pages,
// rules of any shape over them; most are refused by the save-time checks, some pass.

const kinds = ['yes_no', 'rating', 'dropdown', 'short_text', 'number', 'date'] as const
const values = [true, false, 1, 3, 5, 'A', 'B', 'x', '2026-01-01', 0]
const ops = [
  'answered',
  'not_answered',
  'equals',
  'not_equals',
  'less_than',
  'at_least',
  'includes',
  'not_includes',
] as const

const questionIds = ['q0', 'q1', 'q2', 'q3', 'q4', 'q5']
const pageIds = ['p0', 'p1', 'p2', 'p3']

const leaf = fc.oneof(
  fc.record(
    {
      question: fc.constantFrom(...questionIds),
      op: fc.constantFrom(...ops),
      value: fc.constantFrom(...values),
    },
    { requiredKeys: ['question', 'op'] },
  ),
  fc.record(
    { hidden: fc.constant('src'), op: fc.constantFrom(...ops), value: fc.constantFrom('a', 'b') },
    { requiredKeys: ['hidden', 'op'] },
  ),
  fc.record({
    variable: fc.constant('v'),
    op: fc.constantFrom('equals', 'less_than', 'at_least'),
    value: fc.integer({ min: -3, max: 9 }),
  }),
)
const { condition } = fc.letrec((tie) => ({
  condition: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    leaf,
    fc.record({ all: fc.array(tie('condition'), { maxLength: 3 }) }),
    fc.record({ any: fc.array(tie('condition'), { maxLength: 3 }) }),
    fc.record({ not: tie('condition') }),
  ),
}))
const action = fc.oneof(
  fc.record({ show: fc.constantFrom(...questionIds) }),
  fc.record({ hide: fc.constantFrom(...questionIds) }),
  fc.record({ require: fc.constantFrom(...questionIds) }),
  fc.record({ jump_to: fc.constantFrom(...pageIds, 'end') }),
  fc.record({ set_ending: fc.constantFrom('e1', 'e2') }),
  fc.record({
    calculate: fc.oneof(
      fc.record({
        variable: fc.constant('v'),
        op: fc.constantFrom('add', 'divide', 'set'),
        value: fc.integer({ min: 1, max: 3 }),
      }),
      fc.record({
        variable: fc.constant('v'),
        op: fc.constantFrom('add', 'multiply', 'divide'),
        question: fc.constantFrom(...questionIds),
      }),
    ),
  }),
)
const rule = fc.record(
  { page: fc.constantFrom(...pageIds), if: condition, then: fc.array(action, { maxLength: 3 }) },
  { requiredKeys: ['if', 'then'] },
)

export const definition = fc
  .record({
    kinds: fc.array(fc.constantFrom(...kinds), { minLength: 6, maxLength: 6 }),
    required: fc.array(fc.boolean(), { minLength: 6, maxLength: 6 }),
    cuts: fc.uniqueArray(fc.integer({ min: 1, max: 5 }), { maxLength: 3 }),
    logic: fc.array(rule, { maxLength: 6 }),
  })
  .map(({ kinds: chosen, required, cuts, logic }) => {
    const bounds = [0, ...[...cuts].sort((a, b) => a - b), 6]
    return {
      title: 'Random',
      questions: questionIds.map((id, index) => ({
        id,
        title: id,
        type: chosen[index],
        required: required[index],
        ...(chosen[index] === 'dropdown' ? { properties: { choices: ['A', 'B'] } } : {}),
      })),
      hidden: ['src'],
      variables: [{ name: 'v', initial: 1 }],
      pages: bounds
        .slice(1)
        .map((end, index) => ({ id: pageIds[index], questions: questionIds.slice(bounds[index], end) })),
      logic,
      endings: [{ id: 'e1' }, { id: 'e2' }],
    }
  })

export const answers = fc.dictionary(
  fc.constantFrom(...questionIds),
  fc.constantFrom(...values, ['A'], ['A', 'B']),
  { maxKeys: 6 },
)
