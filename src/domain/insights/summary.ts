import {
  choiceLabels,
  columnLabels,
  type FormDefinition,
  type Question,
  rowLabels,
} from '../../shared/forms/definition.js'
import { DAY } from './buckets.js'
import { exactSumValue } from './exact-sum.js'
import type { Figures, QuestionTally } from './figures.js'
import type { Funnel } from './funnel-read.js'

// The insights document (docs/api.md#insights) from merged figures and the form's current definition.
// Questions are listed as the form is now: titles, kinds and choice labels are today's, and
// answers given under earlier definitions still count (a label since removed follows today's
// labels). A question removed from the form is not listed: the document describes the form as it
// is, and its old answers stay in the responses and their export.

export interface QuestionInsights {
  id: string
  title: string
  type: string
  answered: number
  shown: number
  distribution?: Record<string, number>
  mean?: number | null
  nps?: { promoters: number; passives: number; detractors: number; score: number | null }
  csat?: { satisfied: number; percent: number | null }
  yes?: number
  no?: number
  choices?: { label: string; count: number }[]
  dates?: { date: string; count: number }[]
  accepted?: number
  declined?: number
  /** file_upload: the files' bytes in all (their count is `answered`). */
  bytes?: number
  rows?: MatrixRowInsights[]
  ranks?: RankInsights[]
}

export interface MatrixRowInsights {
  label: string
  answered: number
  columns: { label: string; count: number }[]
}

export interface RankInsights {
  label: string
  ranked: number
  mean_rank: number | null
}

export interface Insights {
  form_id: string
  responses: number
  questions: QuestionInsights[]
  variables: { name: string; mean: number | null; min: number | null; max: number | null }[]
  timeline: { date: string; responses: number }[]
  funnel: Funnel
}

const round = (value: number, decimals: number): number => {
  const factor = 10 ** decimals
  const rounded = Math.round(value * factor) / factor
  return Object.is(rounded, -0) ? 0 : rounded
}

/** Every value of a bounded scale, or undefined for an open `number` question. */
function scaleOf(question: Question): number[] | undefined {
  const p = question.properties
  const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i)
  switch (question.type) {
    case 'rating':
      return range(1, (p['steps'] as number | undefined) ?? 5)
    case 'opinion_scale': {
      const start = (p['start'] as number | undefined) ?? 0
      return range(start, start + ((p['steps'] as number | undefined) ?? 11) - 1)
    }
    case 'nps':
      return range(0, 10)
    case 'customer_sat':
      return range(1, 5)
    default:
      return undefined
  }
}

/** Values of one prefix (`n:`, `b:`, `l:`) of a tally, without the prefix. */
function valuesOf(tally: QuestionTally | undefined, prefix: string): Map<string, number> {
  const found = new Map<string, number>()
  for (const [key, count] of tally?.values ?? []) {
    if (key.startsWith(prefix)) found.set(key.slice(prefix.length), count)
  }
  if (prefix === 'n:') for (const [value, count] of tally?.ints ?? []) found.set(String(value), count)
  return found
}

function numericInsights(
  question: Question,
  tally: QuestionTally | undefined,
  shaped: QuestionInsights,
): void {
  const given = valuesOf(tally, 'n:')
  const distribution: Record<string, number> = {}
  for (const value of scaleOf(question) ?? []) distribution[String(value)] = 0
  const others = [...given.keys()].filter((value) => !(value in distribution))
  for (const value of others.sort((a, b) => Number(a) - Number(b))) distribution[value] = 0
  let count = 0
  for (const [value, n] of given) {
    distribution[value] = n
    count += n
  }
  shaped.distribution = distribution
  shaped.mean = count === 0 || !tally ? null : round(exactSumValue(tally.sum) / count, 2)
  const between = (low: number, high: number) =>
    [...given].reduce((sum, [value, n]) => (Number(value) >= low && Number(value) <= high ? sum + n : sum), 0)
  if (question.type === 'nps') {
    const promoters = between(9, 10)
    const passives = between(7, 8)
    const detractors = between(0, 6)
    shaped.nps = {
      promoters,
      passives,
      detractors,
      score: count === 0 ? null : round((100 * (promoters - detractors)) / count, 1),
    }
  } else if (question.type === 'customer_sat') {
    const satisfied = between(4, 5)
    shaped.csat = { satisfied, percent: count === 0 ? null : round((100 * satisfied) / count, 1) }
  }
}

/** The labels of now, then those answered under an earlier definition (in code-point order). */
function nowThenEarlier(current: string[], given: Iterable<string>): string[] {
  const earlier = [...new Set(given)].filter((label) => !current.includes(label)).sort()
  return [...current, ...earlier]
}

/** Per row its answers' distribution over the columns (zeros included). */
function matrixInsights(question: Question, cells: Map<string, number>): MatrixRowInsights[] {
  const counts = new Map<string, Map<string, number>>()
  for (const [key, count] of cells) {
    const [row, column] = JSON.parse(key) as [string, string]
    const columns = counts.get(row) ?? new Map<string, number>()
    columns.set(column, count)
    counts.set(row, columns)
  }
  const columns = nowThenEarlier(
    columnLabels(question),
    [...counts.values()].flatMap((row) => [...row.keys()]),
  )
  return nowThenEarlier(rowLabels(question), counts.keys()).map((row) => {
    const given = counts.get(row)
    const answers = columns.map((label) => ({ label, count: given?.get(label) ?? 0 }))
    return { label: row, answered: answers.reduce((sum, answer) => sum + answer.count, 0), columns: answers }
  })
}

/** Per label how many ranked it and its mean rank (1 is first), best first; null when none did. */
function rankingInsights(
  question: Question,
  counts: Map<string, number>,
  sums: Map<string, number>,
): RankInsights[] {
  return nowThenEarlier(choiceLabels(question), counts.keys())
    .map((label) => {
      const ranked = counts.get(label) ?? 0
      return { label, ranked, mean_rank: ranked === 0 ? null : round((sums.get(label) ?? 0) / ranked, 2) }
    })
    .sort((a, b) => (a.mean_rank ?? Number.POSITIVE_INFINITY) - (b.mean_rank ?? Number.POSITIVE_INFINITY))
}

export function summarise(
  formId: string,
  definition: FormDefinition,
  figures: Figures,
  days: Map<number, number>,
  funnel: Funnel,
): Insights {
  const questions = definition.questions.map((question) => {
    const tally = figures.questions.get(question.id)
    const shaped: QuestionInsights = {
      id: question.id,
      title: question.title,
      type: question.type,
      answered: tally?.answered ?? 0,
      // Only a question on a response's path can be answered: shown is answered or left unanswered.
      shown: (tally?.answered ?? 0) + (figures.unanswered.get(question.id) ?? 0),
    }
    switch (question.type) {
      case 'number':
      case 'rating':
      case 'opinion_scale':
      case 'nps':
      case 'customer_sat':
        numericInsights(question, tally, shaped)
        break
      case 'yes_no': {
        const given = valuesOf(tally, 'b:')
        shaped.yes = given.get('true') ?? 0
        shaped.no = given.get('false') ?? 0
        break
      }
      case 'multiple_choice':
      case 'dropdown': {
        const given = valuesOf(tally, 'l:')
        const current = choiceLabels(question)
        const earlier = [...given.keys()].filter((label) => !current.includes(label)).sort()
        shaped.choices = [...current, ...earlier].map((label) => ({ label, count: given.get(label) ?? 0 }))
        break
      }
      case 'consent': {
        const given = valuesOf(tally, 'b:')
        shaped.accepted = given.get('true') ?? 0
        shaped.declined = given.get('false') ?? 0
        break
      }
      case 'file_upload':
        shaped.bytes = valuesOf(tally, 'z:').get('') ?? 0
        break
      case 'matrix':
        shaped.rows = matrixInsights(question, valuesOf(tally, 'm:'))
        break
      case 'ranking':
        shaped.ranks = rankingInsights(question, valuesOf(tally, 'c:'), valuesOf(tally, 'r:'))
        break
      case 'date': {
        // `YYYY-MM-DD` with a four-digit year sorts as the calendar does.
        const given = [...valuesOf(tally, 'd:')].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
        shaped.dates = given.map(([date, count]) => ({ date, count }))
        break
      }
    }
    return shaped
  })
  const variables = definition.variables.map(({ name }) => {
    const tally = figures.variables.get(name)
    return tally
      ? { name, mean: round(exactSumValue(tally.sum) / tally.n, 2), min: tally.min, max: tally.max }
      : { name, mean: null, min: null, max: null }
  })
  const timeline = [...days]
    .filter(([, responses]) => responses > 0)
    .sort(([a], [b]) => a - b)
    .map(([day, responses]) => ({ date: new Date(day / 1000).toISOString().slice(0, 10), responses }))
  return { form_id: formId, responses: figures.responses, questions, variables, timeline, funnel }
}

export const dayOf = (at: number): number => Math.floor(at / DAY) * DAY
