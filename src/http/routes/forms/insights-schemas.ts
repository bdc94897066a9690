import { Type } from 'typebox'
import { PagedList } from '../../pagination.js'
import { IdString, ref, Timestamp } from '../../schemas.js'

// The insights document (docs/api.md#insights), as validated on the way out and shown in OpenAPI.

const Count = Type.Integer({ minimum: 0 })
const Decimal = (description: string) => Type.Union([Type.Number(), Type.Null()], { description })

const QuestionInsightsSchema = Type.Object(
  {
    id: Type.String(),
    title: Type.String({ description: 'The title in the current definition.' }),
    type: Type.String({ description: 'The question kind in the current definition.' }),
    answered: Type.Integer({ minimum: 0, description: 'Responses that answered this question.' }),
    shown: Type.Integer({
      minimum: 0,
      description:
        'Responses whose path showed this question (its page visited and no rule hiding it), answered or ' +
        'not: `answered` of `shown` is the answer rate among those who saw it. A response stored before ' +
        'this was kept counts the path its answers take through the form as it is now.',
    }),
    distribution: Type.Optional(
      Type.Record(Type.String(), Count, {
        description:
          'Numeric kinds: each value given, as a string, to its count; every value of a bounded scale ' +
          '(rating, opinion_scale, nps, customer_sat) is listed, zeros included.',
      }),
    ),
    mean: Type.Optional(Decimal('Numeric kinds: the mean answer, rounded to 2 decimals; null when none.')),
    nps: Type.Optional(
      Type.Object(
        {
          promoters: Count,
          passives: Count,
          detractors: Count,
          score: Decimal('100 x (promoters - detractors) / answered, 1 decimal; null when none.'),
        },
        { description: 'nps: promoters answered 9-10, passives 7-8, detractors 0-6.' },
      ),
    ),
    csat: Type.Optional(
      Type.Object(
        { satisfied: Count, percent: Decimal('100 x satisfied / answered, 1 decimal; null when none.') },
        { description: 'customer_sat: satisfied = answers 4 or 5.' },
      ),
    ),
    yes: Type.Optional(Count),
    no: Type.Optional(Count),
    choices: Type.Optional(
      Type.Array(Type.Object({ label: Type.String(), count: Count }), {
        description:
          'multiple_choice, dropdown: the current labels in order (zeros included), then labels answered ' +
          'under an earlier definition (in code-point order).',
      }),
    ),
    accepted: Type.Optional(Type.Integer({ minimum: 0, description: 'consent: answers that accepted it.' })),
    bytes: Type.Optional(
      Type.Integer({
        minimum: 0,
        description: 'file_upload: the size of its files in all, in bytes (`answered` counts them).',
      }),
    ),
    declined: Type.Optional(
      Type.Integer({ minimum: 0, description: 'consent: answers that did not (only an optional consent).' }),
    ),
    rows: Type.Optional(
      Type.Array(
        Type.Object({
          label: Type.String(),
          answered: Count,
          columns: Type.Array(Type.Object({ label: Type.String(), count: Count })),
        }),
        {
          description:
            'matrix: per row (current rows in order, then rows answered under an earlier definition) how many answered it ' +
            'and its distribution over the columns (current columns in order, zeros included, then earlier ones).',
        },
      ),
    ),
    ranks: Type.Optional(
      Type.Array(
        Type.Object({
          label: Type.String(),
          ranked: Count,
          mean_rank: Decimal(
            'The mean rank, 1 being first, rounded to 2 decimals; null when nobody ranked it.',
          ),
        }),
        { description: 'ranking: per label how many ranked it and its mean rank, best (lowest) first.' },
      ),
    ),
    dates: Type.Optional(
      Type.Array(
        Type.Object({ date: Type.String({ description: 'A day answered, `YYYY-MM-DD`.' }), count: Count }),
        {
          description:
            'date: each day answered with its count, oldest first (days nobody answered are left out).',
        },
      ),
    ),
  },
  { description: 'One question of the form as it is now; questions removed from the form are not listed.' },
)

export const InsightsSchema = Type.Object(
  {
    form_id: IdString,
    responses: Type.Integer({ minimum: 0, description: 'Responses matching the filters.' }),
    questions: Type.Array(QuestionInsightsSchema, { description: 'In form order.' }),
    variables: Type.Array(
      Type.Object({
        name: Type.String(),
        mean: Decimal('Rounded to 2 decimals; null when no response matched.'),
        min: Decimal('null when no response matched.'),
        max: Decimal('null when no response matched.'),
      }),
    ),
    timeline: Type.Array(
      Type.Object({ date: Type.String({ description: 'A UTC day, `YYYY-MM-DD`.' }), responses: Count }),
      { description: 'UTC days with at least one matching response, oldest first.' },
    ),
    funnel: Type.Object(
      {
        started: Type.Integer({
          minimum: 0,
          description:
            'Respondents who started in the window: drafts started, and responses submitted in one go.',
        }),
        completed: Type.Integer({
          minimum: 0,
          description:
            'Of those, how many completed: their response is stored (in one go or by completing the draft).',
        }),
        pages: Type.Array(
          Type.Object({
            id: Type.String({
              description: 'A page of the form as it is now (`page_1` for a form without pages).',
            }),
            reached: Type.Integer({
              minimum: 0,
              description:
                'Of those started, how many reached this page: a draft the pages of its path up to its next page, a response every page of its path.',
            }),
          }),
          { description: 'The pages of the current definition, in order.' },
        ),
      },
      {
        description:
          'Respondents counted by when they *started* (a draft its `started_at`, a response submitted in one go ' +
          'its `submitted_at`) within `since`/`until`; with `included_response_ids` or `query`, only those whose ' +
          'response matches. ' +
          'A deleted response leaves the funnel (not started, no page, not completed); drafts deleted by ' +
          'retention stay counted as they were.',
      },
    ),
  },
  { description: 'Figures over the matching responses (docs/api.md#insights).' },
)

export const TextAnswerSchema = Type.Object(
  {
    response_id: IdString,
    submitted_at: Timestamp,
    value: Type.String({ description: 'The answer as given.' }),
  },
  { $id: 'TextAnswerItem', description: 'One answer to a text question, with the response that gave it.' },
)

export const TextAnswerPage = PagedList(ref(TextAnswerSchema), 'TextAnswerPage')
