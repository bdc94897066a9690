import type { ResponseItem } from '../forms/answers.js'
import { addToSum, type ExactSum } from './exact-sum.js'

// The figures of a set of responses, in a form that can be added and subtracted exactly: counts
// per question and value, exact sums for means, and per variable its count, sum, min and max.
// One response's figures come from its stored item (the answers as they were given), so the
// figures maintained at submission, subtracted at deletion and rebuilt from the responses are
// all computed by the one function below.

export interface QuestionTally {
  answered: number
  /** Count per value given: `n:<digits>` numbers, `b:true|false` booleans, `l:<label>` choice labels. */
  values: Map<string, number>
  /** Exact sum of the number answers, for the mean. */
  sum: ExactSum
}

export interface VariableTally {
  n: number
  sum: ExactSum
  min: number
  max: number
}

export interface Figures {
  responses: number
  questions: Map<string, QuestionTally>
  variables: Map<string, VariableTally>
}

export const emptyFigures = (): Figures => ({ responses: 0, questions: new Map(), variables: new Map() })

/** The figures of one stored response. */
export function figuresOfItem(item: ResponseItem): Figures {
  const figures = emptyFigures()
  figures.responses = 1
  for (const answer of item.answers) {
    const tally: QuestionTally = { answered: 1, values: new Map(), sum: [] }
    const value = answer[answer.type]
    if (answer.type === 'number') {
      tally.values.set(`n:${value as string}`, 1)
      tally.sum.push(Number(value))
    } else if (answer.type === 'boolean') {
      tally.values.set(`b:${String(value)}`, 1)
    } else if (answer.type === 'choice') {
      tally.values.set(`l:${(value as { label: string }).label}`, 1)
    } else if (answer.type === 'choices') {
      for (const label of (value as { labels: string[] }).labels) tally.values.set(`l:${label}`, 1)
    }
    figures.questions.set(answer.question.id, tally)
  }
  for (const variable of item.variables) {
    figures.variables.set(variable.name, {
      n: 1,
      sum: variable.value === 0 ? [] : [variable.value],
      min: variable.value,
      max: variable.value,
    })
  }
  return figures
}

/**
 * Adds (sign 1) or subtracts (sign -1) source into target, in place; entries that reach zero are
 * removed, so subtracting what was added leaves exactly what was there before. A subtraction
 * cannot say what a variable's min or max becomes when the value removed was the extreme: the
 * names of such variables are returned, for the caller to recompute (store.ts).
 */
export function addFigures(target: Figures, source: Figures, sign: 1 | -1): Set<string> {
  const stale = new Set<string>()
  target.responses += sign * source.responses
  for (const [id, tally] of source.questions) {
    let into = target.questions.get(id)
    if (!into) {
      into = { answered: 0, values: new Map(), sum: [] }
      target.questions.set(id, into)
    }
    into.answered += sign * tally.answered
    for (const [key, count] of tally.values) {
      const next = (into.values.get(key) ?? 0) + sign * count
      if (next === 0) into.values.delete(key)
      else into.values.set(key, next)
    }
    for (const part of tally.sum) addToSum(into.sum, sign * part)
    if (into.answered === 0) target.questions.delete(id)
  }
  for (const [name, tally] of source.variables) {
    let into = target.variables.get(name)
    if (!into) {
      into = { n: 0, sum: [], min: tally.min, max: tally.max }
      target.variables.set(name, into)
    }
    if (sign > 0) {
      into.min = Math.min(into.min, tally.min)
      into.max = Math.max(into.max, tally.max)
    } else if (tally.min <= into.min || tally.max >= into.max) {
      stale.add(name)
    }
    into.n += sign * tally.n
    for (const part of tally.sum) addToSum(into.sum, sign * part)
    if (into.n === 0) {
      target.variables.delete(name)
      stale.delete(name)
    }
  }
  return stale
}

// Stored as arrays of entries: labels are user text ("__proto__" included), never object keys.
type QuestionJson = [id: string, answered: number, values: [string, number][], sum: number[]]
type VariableJson = [name: string, n: number, sum: number[], min: number, max: number]
interface FiguresJson {
  r: number
  q: QuestionJson[]
  v: VariableJson[]
}

export function figuresToJson(figures: Figures): string {
  const json: FiguresJson = {
    r: figures.responses,
    q: [...figures.questions].map(([id, t]) => [id, t.answered, [...t.values], t.sum]),
    v: [...figures.variables].map(([name, t]) => [name, t.n, t.sum, t.min, t.max]),
  }
  return JSON.stringify(json)
}

export function figuresFromJson(text: string): Figures {
  const json = JSON.parse(text) as FiguresJson
  return {
    responses: json.r,
    questions: new Map(
      json.q.map(([id, answered, values, sum]) => [id, { answered, values: new Map(values), sum }]),
    ),
    variables: new Map(json.v.map(([name, n, sum, min, max]) => [name, { n, sum, min, max }])),
  }
}

/**
 * addFigures(target, figuresFromJson(text), 1) without building the stored figures first: an
 * answer over a window adds up to a few hundred stored rows, and their maps were most of its cost.
 */
export function addStoredFigures(target: Figures, text: string): void {
  const json = JSON.parse(text) as FiguresJson
  target.responses += json.r
  for (const [id, answered, values, sum] of json.q) {
    let into = target.questions.get(id)
    if (!into) {
      into = { answered: 0, values: new Map(), sum: [] }
      target.questions.set(id, into)
    }
    into.answered += answered
    for (const [key, count] of values) into.values.set(key, (into.values.get(key) ?? 0) + count)
    for (const part of sum) addToSum(into.sum, part)
  }
  for (const [name, n, sum, min, max] of json.v) {
    let into = target.variables.get(name)
    if (!into) {
      into = { n: 0, sum: [], min, max }
      target.variables.set(name, into)
    }
    into.min = Math.min(into.min, min)
    into.max = Math.max(into.max, max)
    into.n += n
    for (const part of sum) addToSum(into.sum, part)
  }
}
