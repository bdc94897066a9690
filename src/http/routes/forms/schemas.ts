import { Type } from 'typebox'
import {
  calculationOps,
  type QuestionKind,
  questionKinds,
  VARIABLE_VALUE_MAX,
} from '../../../domain/forms/definition.js'
import { IdString, Timestamp } from '../../schemas.js'
import { SettingsBody, SettingsSchema } from './settings-schemas.js'

// Schemas of forms and responses: they validate requests and document the API (OpenAPI).

const QuestionKindSchema = Type.Unsafe<QuestionKind>({
  type: 'string',
  enum: [...questionKinds],
  description: 'The question kind, from a closed set.',
})

const Properties = Type.Object(
  {},
  {
    additionalProperties: true,
    description:
      'Kind-specific: `max_length` (text), `min`/`max` (number), `steps` (rating 3..10, opinion_scale 5..11), ' +
      '`start` (opinion_scale 0|1), `choices` (multiple_choice, dropdown: labels or `{label}`), `allow_multiple` (multiple_choice).',
  },
)

const VariableValue = Type.Number({ minimum: -VARIABLE_VALUE_MAX, maximum: VARIABLE_VALUE_MAX })

const CalculationSchema = Type.Object(
  {
    op: Type.Unsafe<(typeof calculationOps)[number]>({ type: 'string', enum: [...calculationOps] }),
    value: Type.Optional(VariableValue),
    question_id: Type.Optional(IdString),
  },
  { additionalProperties: false, description: 'Applies `value`, or the numeric answer of `question_id`.' },
)

export const FormBody = Type.Object(
  {
    title: Type.String({ minLength: 1, maxLength: 1000 }),
    questions: Type.Array(
      Type.Object(
        {
          id: Type.Optional(IdString),
          title: Type.String({ minLength: 1, maxLength: 1000 }),
          type: QuestionKindSchema,
          required: Type.Optional(Type.Boolean()),
          properties: Type.Optional(Properties),
        },
        { additionalProperties: false },
      ),
      { maxItems: 500 },
    ),
    hidden: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 64 }), { maxItems: 100 })),
    variables: Type.Optional(
      Type.Array(
        Type.Object(
          {
            name: Type.String({ minLength: 1, maxLength: 64 }),
            initial: Type.Optional(VariableValue),
            calculations: Type.Optional(Type.Array(CalculationSchema, { maxItems: 100 })),
          },
          {
            additionalProperties: false,
            description:
              'A variable that some answers could take beyond ±1e300 is refused when the form is saved (`400` at `/variables/N`).',
          },
        ),
        { maxItems: 100 },
      ),
    ),
    settings: Type.Optional(SettingsBody),
  },
  { additionalProperties: false },
)

export const FormSchema = Type.Object(
  {
    id: Type.String(),
    title: Type.String(),
    questions: Type.Array(
      Type.Object({
        id: Type.String(),
        title: Type.String(),
        type: Type.String(),
        required: Type.Boolean(),
        properties: Properties,
      }),
    ),
    hidden: Type.Array(Type.String()),
    variables: Type.Array(
      Type.Object({
        name: Type.String(),
        initial: Type.Number(),
        calculations: Type.Array(
          Type.Object({
            op: Type.String(),
            value: Type.Optional(Type.Number()),
            question_id: Type.Optional(Type.String()),
          }),
        ),
      }),
    ),
    settings: SettingsSchema,
    response_count: Type.Integer(),
    created_at: Timestamp,
    updated_at: Timestamp,
  },
  { description: 'A form and its definition.' },
)

export const SubmissionBody = Type.Object(
  {
    answers: Type.Record(Type.String(), Type.Unknown(), {
      maxProperties: 500,
      description:
        'By question id: an integer (number kinds), a string, true/false (yes_no), a label (choice), ' +
        'an array of labels (multiple_choice with allow_multiple), `YYYY-MM-DD` (date).',
    }),
    hidden: Type.Optional(
      Type.Record(Type.String(), Type.Unknown(), {
        maxProperties: 100,
        description: 'String values by hidden field name.',
      }),
    ),
  },
  { additionalProperties: false },
)

export const AnswerSchema = Type.Object(
  {
    question: Type.Object({ id: Type.String(), title: Type.String(), type: Type.String() }),
    type: Type.String({
      description:
        'Names the field that carries the value: number, text, email, url, phone_number, date, boolean, choice, choices.',
    }),
    number: Type.Optional(Type.String({ description: 'A string of digits, e.g. "5", "-3".' })),
    text: Type.Optional(Type.String()),
    email: Type.Optional(Type.String()),
    url: Type.Optional(Type.String()),
    phone_number: Type.Optional(Type.String()),
    date: Type.Optional(Type.String()),
    boolean: Type.Optional(Type.Boolean()),
    choice: Type.Optional(Type.Object({ label: Type.String() })),
    choices: Type.Optional(Type.Object({ labels: Type.Array(Type.String()) })),
  },
  { description: 'One answer; the field named by `type` carries the value.' },
)

export const ResponseItemSchema = Type.Object(
  {
    id: Type.String(),
    submitted_at: Timestamp,
    answers: Type.Array(AnswerSchema),
    hidden: Type.Array(Type.Object({ name: Type.String(), value: Type.String() })),
    variables: Type.Array(Type.Object({ name: Type.String(), value: Type.Number() })),
  },
  { description: 'A response exactly as listed.' },
)

export const ResponseFilterQuery = {
  since: Type.Optional(
    Type.String({
      format: 'timestamp',
      description: 'Inclusive lower bound on submission time: ISO 8601 or Unix seconds.',
    }),
  ),
  until: Type.Optional(
    Type.String({
      format: 'timestamp',
      description:
        'Inclusive upper bound on submission time: ISO 8601 or Unix seconds. A bound without ' +
        'fractional digits includes its whole second (`until=1700000000` includes 1700000000.5).',
    }),
  ),
  sort: Type.Optional(
    Type.Unsafe<'submitted_at,desc' | 'submitted_at,asc'>({
      type: 'string',
      enum: ['submitted_at,desc', 'submitted_at,asc'],
      default: 'submitted_at,desc',
    }),
  ),
  included_response_ids: Type.Optional(
    Type.String({ description: 'Comma-separated response ids (at most 1000).' }),
  ),
}
