import { type TSchema, Type } from 'typebox'
import {
  ACTIONS_MAX,
  CONDITION_DEPTH_MAX,
  CONDITIONS_MAX,
  type Condition,
  type ConditionOp,
  conditionOps,
  ENDINGS_MAX,
  type Ending,
  type FlowPage,
  type LogicCalculationOp,
  logicCalculationOps,
  PAGES_MAX,
  RULES_MAX,
  type Rule,
} from '../../../shared/flow/types.js'
import { IdString } from '../../schemas.js'
import { sharedSchema } from '../../validation.js'

// The flow of a form (docs/api.md#survey-flow) as the API takes and answers it: pages, rules
// (a condition and actions, each kind of condition and action a named component of an `anyOf`
// union) and endings. The components are shared by request validation, the serialiser and the
// OpenAPI document (src/http/openapi.ts registers them); a condition refers to conditions by
// `$ref`, and its depth is bounded before validation (definition-check.ts).

const refTo = <T>(id: string) => Type.Unsafe<T>({ $ref: `${id}#` })

const Name = Type.String({ minLength: 1, maxLength: 64 })
const Op = Type.Unsafe<ConditionOp>({
  type: 'string',
  enum: [...conditionOps],
  description:
    '`answered`, `not_answered` (no `value`); `equals`, `not_equals` (any kind; a choice compares its label); ' +
    '`less_than`, `at_most`, `greater_than`, `at_least` (numbers, dates, variables); `includes`, ' +
    '`not_includes` (choices: has the label; text and hidden fields: contains the text, ignoring case). ' +
    'A `not_` op holds exactly when its positive does not, so also when nothing was answered.',
})
const Value = Type.Union([Type.String({ maxLength: 10_000 }), Type.Number(), Type.Boolean()], {
  description:
    'What the answer is compared with: a label, text, an integer, a date `YYYY-MM-DD`, true/false.',
})

const comparison = (key: 'question' | 'hidden' | 'variable', id: string, description: string) =>
  Type.Object(
    { [key]: key === 'question' ? IdString : Name, op: Op, value: Type.Optional(Value) },
    { $id: id, additionalProperties: false, description },
  )

export const ConditionVariants: TSchema[] = [
  comparison('question', 'QuestionCondition', 'Compares the answer of a question on the path so far.'),
  comparison('hidden', 'HiddenCondition', 'Compares the value of a hidden field.'),
  comparison('variable', 'VariableCondition', 'Compares a variable as calculated so far along the path.'),
  Type.Object(
    { all: Type.Array(refTo<Condition>('Condition'), { maxItems: CONDITIONS_MAX }) },
    {
      $id: 'AllCondition',
      additionalProperties: false,
      description: 'Holds when every condition holds (`[]`: always).',
    },
  ),
  Type.Object(
    { any: Type.Array(refTo<Condition>('Condition'), { maxItems: CONDITIONS_MAX }) },
    {
      $id: 'AnyCondition',
      additionalProperties: false,
      description: 'Holds when some condition holds (`[]`: never).',
    },
  ),
  Type.Object(
    { not: refTo<Condition>('Condition') },
    { $id: 'NotCondition', additionalProperties: false, description: 'Holds when the condition does not.' },
  ),
]

const union = <T>(id: string, variants: TSchema[], description: string) =>
  Type.Unsafe<T>({
    $id: id,
    description,
    anyOf: variants.map((variant) => ({ $ref: `${(variant as { $id: string }).$id}#` })),
  })

export const ConditionSchema = union<Condition>(
  'Condition',
  ConditionVariants,
  `A comparison, or \`all\`/\`any\`/\`not\` of conditions, at most ${CONDITION_DEPTH_MAX} levels deep.`,
)

const action = (key: string, id: string, value: TSchema, description: string) =>
  Type.Object({ [key]: value }, { $id: id, additionalProperties: false, description })

const Calculation = Type.Object(
  {
    variable: Name,
    op: Type.Unsafe<LogicCalculationOp>({ type: 'string', enum: [...logicCalculationOps] }),
    value: Type.Optional(Type.Number({ minimum: -1e12, maximum: 1e12 })),
    question: Type.Optional(IdString),
  },
  { additionalProperties: false, description: 'Exactly one of `value` and `question` (a numeric question).' },
)

export const ActionVariants: TSchema[] = [
  action(
    'show',
    'ShowAction',
    IdString,
    'Shows a question: a question named by any `show` is hidden until shown.',
  ),
  action('hide', 'HideAction', IdString, 'Hides a question: it is not on the path.'),
  action('require', 'RequireAction', IdString, 'Makes a question on the path required.'),
  action(
    'jump_to',
    'JumpToAction',
    IdString,
    'The next page, after this rule’s page, or `end`. Leaving a page, the first jump of a rule that holds wins.',
  ),
  action('set_ending', 'SetEndingAction', IdString, 'The ending, unless a rule decided later sets another.'),
  action(
    'calculate',
    'CalculateAction',
    Calculation,
    'Calculates a variable with a constant or a numeric answer (skipped when unanswered); dividing by an answer of 0 leaves it.',
  ),
]

export const ActionSchema = union<Rule['then'][number]>(
  'Action',
  ActionVariants,
  'What a rule does when it holds.',
)

export const RuleSchema = Type.Object(
  {
    page: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 64,
        pattern: '^[A-Za-z0-9_-]+$',
        description:
          'The page whose leaving decides this rule (e.g. an `{all: []}` jump after that page). By default the ' +
          'latest page its condition and calculations read, the first page when they read none; never earlier.',
      }),
    ),
    if: refTo<Condition>('Condition'),
    then: Type.Array(refTo<Rule['then'][number]>('Action'), { maxItems: ACTIONS_MAX }),
  },
  {
    $id: 'Rule',
    additionalProperties: false,
    description:
      'When its condition holds, its actions apply. Decided when the path leaves its page; the rules of one ' +
      'page in order.',
  },
)

export const PageSchema = Type.Object(
  {
    id: IdString,
    title: Type.Optional(Type.String({ minLength: 1, maxLength: 1000 })),
    questions: Type.Array(IdString, {
      maxItems: 500,
      description: 'Question ids, in the order of `questions`.',
    }),
  },
  { $id: 'Page', additionalProperties: false, description: 'A page: its questions are shown together.' },
)

export const EndingSchema = Type.Object(
  {
    id: IdString,
    title: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
    message: Type.Optional(Type.String({ minLength: 1, maxLength: 2000 })),
    redirect_url: Type.Optional(
      Type.String({ minLength: 1, maxLength: 2048, description: 'Absolute http(s) URL.' }),
    ),
  },
  {
    $id: 'Ending',
    additionalProperties: false,
    description: 'An ending a rule may choose instead of the thank-you.',
  },
)

/** Every named schema of the flow: registered for the document and the serialiser, and for validation. */
export const FlowComponents: TSchema[] = [
  ...ConditionVariants,
  ConditionSchema,
  ...ActionVariants,
  ActionSchema,
  RuleSchema,
  PageSchema,
  EndingSchema,
].map(sharedSchema)

/** The flow's fields of a definition as written: each optional. */
export const FlowBodyFields = {
  pages: Type.Optional(
    Type.Array(refTo<FlowPage>('Page'), {
      maxItems: PAGES_MAX,
      description:
        'Absent or `[]`: one page holding every question. Else each question on exactly one page, in order.',
    }),
  ),
  logic: Type.Optional(
    Type.Array(refTo<Rule>('Rule'), { maxItems: RULES_MAX, description: 'Rules, in order.' }),
  ),
  endings: Type.Optional(Type.Array(refTo<Ending>('Ending'), { maxItems: ENDINGS_MAX })),
}

/** The flow's fields of a form as answered: always there. */
export const FlowFields = {
  pages: Type.Array(refTo<FlowPage>('Page')),
  logic: Type.Array(refTo<Rule>('Rule')),
  endings: Type.Array(refTo<Ending>('Ending')),
}
