import { Type } from 'typebox'
import type { Answer } from '../../../shared/forms/answers.js'
import {
  calculationOps,
  type Question,
  type QuestionKind,
  questionKinds,
  VARIABLE_VALUE_MAX,
} from '../../../shared/forms/definition.js'
import { PagedList, PageQuery } from '../../pagination.js'
import { IdString, ref, Timestamp } from '../../schemas.js'
import { FlowBodyFields, FlowFields } from './flow-schemas.js'
import { SettingsBody, SettingsSchema } from './settings-schemas.js'
import { TranslationBodyFields, TranslationFields } from './translation-schemas.js'

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
      '`start` (opinion_scale 0|1), `choices` (multiple_choice, dropdown, ranking: labels or `{label}`), `allow_multiple` (multiple_choice), ' +
      '`rows` and `columns` (matrix: labels or `{label}`).',
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
          description: Type.Optional(
            Type.String({
              maxLength: 2000,
              description: 'Shown under the title on the hosted page; empty or blank means none.',
            }),
          ),
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
    ...FlowBodyFields,
    ...TranslationBodyFields,
    last_response_at: Type.Optional(
      Type.Union([Type.String(), Type.Null()], {
        description:
          'Read-only, ignored: accepted so that a form read with a client written before this field existed can be sent back as it was read.',
      }),
    ),
  },
  { additionalProperties: false },
)

// What each kind may carry in `properties`, for the documented Question variants.
const kindProperties: Record<QuestionKind, string> = {
  short_text: '`max_length`.',
  long_text: '`max_length`.',
  email: 'None.',
  url: 'None.',
  phone_number: 'None (answers are E.164, e.g. `+14155550100`).',
  number: '`min`, `max`.',
  rating: '`steps` (3..10).',
  opinion_scale: '`steps` (5..11), `start` (0 or 1).',
  nps: 'None (0..10).',
  customer_sat: 'None.',
  yes_no: 'None.',
  multiple_choice: '`choices` (labels or `{label}`), `allow_multiple`.',
  dropdown: '`choices` (labels or `{label}`).',
  date: 'None (answers are `YYYY-MM-DD`).',
  consent:
    'None: the title is the statement, accepted by ticking "I accept" (answers are `true` or `false`; a required consent must be `true`).',
  matrix:
    '`rows` (1..100 labels) and `columns` (2..20 labels, the one scale of every row); answers are an object from row to column label (a required matrix answers every row).',
  ranking: '`choices` (2..100 labels); answers are an array holding every label once, first the highest.',
  file_upload:
    "`max_size` (bytes, at most the server's `CANVASS_UPLOAD_MAX`, its default), `types` (media types such as `application/pdf` or `image/*`, checked against the bytes, not the name). Answered with `{id}` of a file uploaded with `POST /v1/public/forms/{form_id}/files`.",
}

const pascal = (name: string) =>
  name.replace(/(^|_)([a-z])/g, (_, _sep, letter: string) => letter.toUpperCase())

/** The stored question of one kind, as a form answers it: component `<Kind>Question`. */
function questionOf(kind: QuestionKind) {
  return Type.Object(
    {
      id: Type.String(),
      title: Type.String(),
      type: Type.Literal(kind),
      required: Type.Boolean(),
      description: Type.Optional(Type.String({ description: 'Absent when the question has none.' })),
      properties: Type.Object({}, { additionalProperties: true, description: kindProperties[kind] }),
    },
    { $id: `${pascal(kind)}Question` },
  )
}

/** `anyOf` the named variants, told apart by `type` (the mapping names document components). */
function discriminated(variants: { $id?: string; properties: { type: { const?: unknown } } }[]) {
  const mapping: Record<string, string> = {}
  for (const variant of variants)
    mapping[String(variant.properties.type.const)] = `#/components/schemas/${variant.$id}`
  return {
    anyOf: variants.map((variant) => ({ $ref: `${variant.$id}#` })),
    discriminator: { propertyName: 'type', mapping },
  }
}

export const QuestionVariants = questionKinds.map(questionOf)

// Named components (src/http/openapi.ts registers them): the document references them with
// $ref and generated clients get one type each. The serialiser of forms reads the same schemas;
// every stored question matches exactly one variant, so the bytes are unchanged.
export const QuestionSchema = Type.Unsafe<Question>({
  $id: 'Question',
  description: 'A question of a form; `type` names its kind and what `properties` may hold.',
  ...discriminated(QuestionVariants),
})

export const FormSchema = Type.Object(
  {
    id: Type.String(),
    title: Type.String(),
    questions: Type.Array(Type.Unsafe<Question>({ $ref: 'Question#' })),
    hidden: Type.Array(Type.String()),
    variables: Type.Array(
      Type.Object({
        name: Type.String(),
        initial: Type.Number(),
        calculations: Type.Array(
          Type.Object({
            op: Type.Unsafe<(typeof calculationOps)[number]>({ type: 'string', enum: [...calculationOps] }),
            value: Type.Optional(Type.Number()),
            question_id: Type.Optional(Type.String()),
          }),
        ),
      }),
    ),
    ...FlowFields,
    settings: SettingsSchema,
    ...TranslationFields,
    response_count: Type.Integer(),
    last_response_at: Type.Union([Timestamp, Type.Null()], {
      description: 'When the latest response arrived; null before the first.',
    }),
    created_at: Timestamp,
    updated_at: Timestamp,
  },
  { $id: 'Form', description: 'A form and its definition.' },
)

export const SubmissionBody = Type.Object(
  {
    answers: Type.Record(Type.String(), Type.Unknown(), {
      maxProperties: 500,
      description:
        'By question id: an integer (number kinds), a string, true/false (yes_no, consent), a label (choice), ' +
        'an array of labels (multiple_choice with allow_multiple; ranking: every label once, in order), ' +
        '`YYYY-MM-DD` (date), an object from row to column label (matrix), `{"id": "file_..."}` of an uploaded file (file_upload).',
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

const answerValues = {
  number: Type.String({ description: 'A string of digits, e.g. "5", "-3".' }),
  text: Type.String(),
  email: Type.String(),
  url: Type.String(),
  phone_number: Type.String(),
  date: Type.String({ description: '`YYYY-MM-DD`.' }),
  boolean: Type.Boolean(),
  choice: Type.Object({ label: Type.String() }),
  choices: Type.Object({ labels: Type.Array(Type.String()) }),
  matrix: Type.Record(Type.String(), Type.String(), {
    description: 'From each row answered to its column label, in the order of the rows.',
  }),
  ranking: Type.Array(Type.String(), { description: 'Every label once, first the highest ranked.' }),
  file: Type.Object(
    {
      name: Type.String({
        description: "The file's name as the respondent's device gave it, made safe to show.",
      }),
      size: Type.Integer({ description: 'In bytes.' }),
      type: Type.String({
        description: 'The media type its bytes show (sniffed, not the one the client claimed).',
      }),
      url: Type.String({
        description:
          'Where the file is read: `GET /v1/files/{file_id}` with a token that may read responses.',
      }),
    },
    { description: 'An uploaded file (file_upload).' },
  ),
}

/** The answer whose value is in the field `type` names: component `<Type>Answer`. */
function answerOf<K extends keyof typeof answerValues>(type: K) {
  return Type.Object(
    {
      question: Type.Object({
        id: Type.String(),
        title: Type.String(),
        type: Type.Unsafe<QuestionKind>({ type: 'string', enum: [...questionKinds] }),
      }),
      type: Type.Literal(type),
      [type]: answerValues[type],
    },
    { $id: `${pascal(type)}Answer` },
  )
}

export const AnswerVariants = (Object.keys(answerValues) as (keyof typeof answerValues)[]).map(answerOf)

// Responses are sent as stored text (the listing is a frozen wire format), so this schema
// documents them and never serialises them.
export const AnswerSchema = Type.Unsafe<Answer>({
  $id: 'Answer',
  description: 'One answer; `type` names the field that carries the value.',
  ...discriminated(AnswerVariants),
})

export const ResponseItemSchema = Type.Object(
  {
    id: Type.String(),
    submitted_at: Timestamp,
    answers: Type.Array(Type.Unsafe<Answer>({ $ref: 'Answer#' })),
    hidden: Type.Array(Type.Object({ name: Type.String(), value: Type.String() })),
    variables: Type.Array(Type.Object({ name: Type.String(), value: Type.Number() })),
  },
  { $id: 'Response', description: 'A response exactly as listed.' },
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
  query: Type.Optional(
    Type.String({
      maxLength: 200,
      description:
        'Only responses that include this string in a text answer (short and long text, e-mail, ' +
        'URL, phone number), a choice label or a hidden field value. Case- and accent-insensitive ' +
        '(`muller` finds `Müller`, `strasse` finds `Straße`); `%`, `_` and `\\` are matched as ' +
        'themselves. At most 200 characters, no control characters; empty or blank: no filter. ' +
        'Numbers, dates and yes/no answers are not searched.',
    }),
  ),
}

export const FormPage = PagedList(ref(FormSchema), 'FormPage')

export const FormListQuery = Type.Object(
  {
    ...PageQuery,
    sort: Type.Optional(
      Type.Unsafe<'created_at,asc' | 'created_at,desc'>({
        type: 'string',
        enum: ['created_at,asc', 'created_at,desc'],
        default: 'created_at,asc',
        description: 'Oldest first (the default) or newest first.',
      }),
    ),
    title: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 1000,
        description: 'Only forms whose title contains this text, ignoring case (ASCII letters on SQLite).',
      }),
    ),
  },
  { additionalProperties: false },
)
export const ResponsePage = PagedList(ref(ResponseItemSchema), 'ResponsePage')

export const IfMatchHeaders = Type.Object({
  'if-match': Type.Optional(
    Type.String({
      description:
        'The `ETag` of the version being replaced (or `*`). If the form was saved since, the answer is ' +
        '`412 precondition_failed` and nothing changes.',
    }),
  ),
})
