import type { ResponseItem } from '../../shared/forms/answers.js'
import { addToSum, type ExactSum } from './exact-sum.js'

// The figures of a set of responses, in a form that can be added and subtracted exactly: counts
// per question and value, exact sums for means, and per variable its count, sum, min and max.
// One response's figures come from its stored item (the answers as they were given), so the
// figures maintained at submission, subtracted at deletion and rebuilt from the responses are
// all computed by the one function below.

export interface QuestionTally {
  answered: number
  /**
   * Count per value given: `n:<digits>` numbers, `b:true|false` booleans, `l:<label>` choice
   * labels, `d:YYYY-MM-DD` dates, `m:["<row>","<column>"]` a matrix's cells; a ranking's labels
   * as `c:<label>` (responses that ranked it) and `r:<label>` (the sum of its ranks, from 1);
   * `z:` the bytes of a file question's files;
   * except whole numbers, which are counted in `ints`.
   */
  values: Map<string, number>
  /** Count per whole-number answer (`n:42` is 42 here, never in `values`). */
  ints: Map<number, number>
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
  /**
   * Per question, responses whose path showed it and that left it unanswered: with `answered`
   * (an answer is only accepted on the path), how many were shown it.
   */
  unanswered: Map<string, number>
  /**
   * The funnel's share of responses submitted in one go (each started and completed at once, when
   * it was submitted): how many, and per page how many of their paths reached it. A response that
   * completed a draft is counted in the funnel by its draft instead (funnel-store.ts).
   */
  oneGo: number
  pagesReached: Map<string, number>
}

export const emptyFigures = (): Figures => ({
  responses: 0,
  questions: new Map(),
  variables: new Map(),
  unanswered: new Map(),
  oneGo: 0,
  pagesReached: new Map(),
})

const emptyTally = (): QuestionTally => ({ answered: 0, values: new Map(), ints: new Map(), sum: [] })

// A number answer's text is its canonical JSON number; the whole ones in the safe range are
// counted by value, so that stored figures can hold them as one dense array (figuresToJson).
const WHOLE = /^(0|-?[1-9]\d{0,14})$/

function countValue(tally: QuestionTally, key: string, count: number): void {
  if (key.startsWith('n:') && WHOLE.test(key.slice(2))) addCount(tally.ints, Number(key.slice(2)), count)
  else addCount(tally.values, key, count)
}

/** Adds to a count, removing the entry when it reaches zero. */
function addCount<K>(counts: Map<K, number>, key: K, count: number): void {
  const next = (counts.get(key) ?? 0) + count
  if (next === 0) counts.delete(key)
  else counts.set(key, next)
}

/**
 * The figures of one stored response; `unanswered`: the questions its path showed that it did not
 * answer; `oneGoPages`: for a response submitted in one go, the pages its path visited.
 */
export function figuresOfItem(
  item: ResponseItem,
  unanswered: readonly string[],
  oneGoPages?: readonly string[],
): Figures {
  const figures = emptyFigures()
  figures.responses = 1
  for (const id of unanswered) figures.unanswered.set(id, 1)
  if (oneGoPages) {
    figures.oneGo = 1
    for (const id of oneGoPages) figures.pagesReached.set(id, 1)
  }
  for (const answer of item.answers) {
    const tally = emptyTally()
    tally.answered = 1
    const value = answer[answer.type]
    if (answer.type === 'number') {
      countValue(tally, `n:${value as string}`, 1)
      tally.sum.push(Number(value))
    } else if (answer.type === 'boolean') {
      tally.values.set(`b:${String(value)}`, 1)
    } else if (answer.type === 'choice') {
      tally.values.set(`l:${(value as { label: string }).label}`, 1)
    } else if (answer.type === 'choices') {
      for (const label of (value as { labels: string[] }).labels) tally.values.set(`l:${label}`, 1)
    } else if (answer.type === 'date') {
      tally.values.set(`d:${value as string}`, 1)
    } else if (answer.type === 'matrix') {
      for (const cell of Object.entries(value as Record<string, string>))
        tally.values.set(`m:${JSON.stringify(cell)}`, 1)
    } else if (answer.type === 'file') {
      // A file question's bytes in all: a sum kept as the count of one key, added and subtracted.
      tally.values.set('z:', (value as { size: number }).size)
    } else if (answer.type === 'ranking') {
      // Per label its rank (summed over responses) and how many ranked it: their mean rank.
      for (const [index, label] of (value as string[]).entries()) {
        tally.values.set(`r:${label}`, index + 1)
        tally.values.set(`c:${label}`, 1)
      }
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
      into = emptyTally()
      target.questions.set(id, into)
    }
    into.answered += sign * tally.answered
    for (const [key, count] of tally.values) addCount(into.values, key, sign * count)
    for (const [value, count] of tally.ints) addCount(into.ints, value, sign * count)
    for (const part of tally.sum) addToSum(into.sum, sign * part)
    if (into.answered === 0) target.questions.delete(id)
  }
  for (const [id, count] of source.unanswered) addCount(target.unanswered, id, sign * count)
  target.oneGo += sign * source.oneGo
  for (const [id, count] of source.pagesReached) addCount(target.pagesReached, id, sign * count)
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
// Whole-number counts are one dense array from the smallest value given, when the values are
// close together (a scale, an age, a count of visits: `[base, c0, c1, ...]`, zeros between), else
// `n:` entries like any value. A stored bucket of a busy form holds hundreds of values per
// question; as entries, parsing them was most of the cost of an answer over a window.
type QuestionJson = [id: string, answered: number, values: [string, number][], sum: number[], ints?: number[]]
type VariableJson = [name: string, n: number, sum: number[], min: number, max: number]
interface FiguresJson {
  r: number
  q: QuestionJson[]
  v: VariableJson[]
  /** Unanswered counts per question; absent when none (and in figures stored before they were kept). */
  u?: [id: string, count: number][]
  /** Responses submitted in one go, and the pages their paths reached; absent when none. */
  o?: number
  p?: [id: string, count: number][]
}

/** At most this many zeros per value given, and a few more, in a dense array of counts. */
const denseSpan = (values: number) => 2 * values + 32

function questionJson(id: string, tally: QuestionTally): QuestionJson {
  const values = [...tally.values]
  if (tally.ints.size === 0) return [id, tally.answered, values, tally.sum]
  let low = Number.POSITIVE_INFINITY
  let high = Number.NEGATIVE_INFINITY
  for (const value of tally.ints.keys()) {
    low = Math.min(low, value)
    high = Math.max(high, value)
  }
  if (high - low + 1 > denseSpan(tally.ints.size)) {
    const entries = [...tally.ints].map(([value, count]): [string, number] => [`n:${value}`, count])
    return [id, tally.answered, [...entries, ...values], tally.sum]
  }
  const dense = new Array<number>(high - low + 2).fill(0)
  dense[0] = low
  for (const [value, count] of tally.ints) dense[value - low + 1] = count
  return [id, tally.answered, values, tally.sum, dense]
}

/** Adds one stored question's counts into a tally (entries and the dense whole numbers). */
function addStoredCounts(into: QuestionTally, values: [string, number][], dense: number[] | undefined): void {
  for (const [key, count] of values) countValue(into, key, count)
  if (dense === undefined) return
  const low = dense[0] as number
  for (let index = 1; index < dense.length; index++) {
    const count = dense[index] as number
    if (count !== 0) addCount(into.ints, low + index - 1, count)
  }
}

export function figuresToJson(figures: Figures): string {
  const json: FiguresJson = {
    r: figures.responses,
    q: [...figures.questions].map(([id, tally]) => questionJson(id, tally)),
    v: [...figures.variables].map(([name, t]) => [name, t.n, t.sum, t.min, t.max]),
  }
  if (figures.unanswered.size > 0) json.u = [...figures.unanswered]
  if (figures.oneGo !== 0) json.o = figures.oneGo
  if (figures.pagesReached.size > 0) json.p = [...figures.pagesReached]
  return JSON.stringify(json)
}

export function figuresFromJson(text: string): Figures {
  const json = JSON.parse(text) as FiguresJson
  const figures = emptyFigures()
  figures.responses = json.r
  for (const [id, answered, values, sum, dense] of json.q) {
    const tally: QuestionTally = { answered, values: new Map(), ints: new Map(), sum }
    addStoredCounts(tally, values, dense)
    figures.questions.set(id, tally)
  }
  for (const [name, n, sum, min, max] of json.v) figures.variables.set(name, { n, sum, min, max })
  for (const [id, count] of json.u ?? []) figures.unanswered.set(id, count)
  figures.oneGo = json.o ?? 0
  for (const [id, count] of json.p ?? []) figures.pagesReached.set(id, count)
  return figures
}

// The most an answer adds into one dense array of whole-number counts; stored rows whose values
// lie further apart are counted entry by entry.
const MERGE_SPAN = 1 << 16

/**
 * The sum of many stored rows, as addFigures(sum, figuresFromJson(text), 1) for each would give,
 * without building each row's figures: an answer over a window adds dozens of stored rows, and
 * their maps were most of its cost. Whole-number counts are added into one dense array per
 * question and put into the question's map once, by `figures()`.
 */
export class StoredFiguresSum {
  private readonly sum = emptyFigures()
  private readonly dense = new Map<QuestionTally, { low: number; counts: number[] }>()

  add(text: string): void {
    const json = JSON.parse(text) as FiguresJson
    const target = this.sum
    target.responses += json.r
    for (const [id, answered, values, sum, dense] of json.q) {
      let into = target.questions.get(id)
      if (!into) {
        into = emptyTally()
        target.questions.set(id, into)
      }
      into.answered += answered
      if (dense === undefined || !this.addDense(into, dense)) addStoredCounts(into, values, dense)
      else for (const [key, count] of values) countValue(into, key, count)
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
    for (const [id, count] of json.u ?? []) addCount(target.unanswered, id, count)
    target.oneGo += json.o ?? 0
    for (const [id, count] of json.p ?? []) addCount(target.pagesReached, id, count)
  }

  /** Adds a stored dense array into the question's; false when the two together would span too much. */
  private addDense(tally: QuestionTally, stored: number[]): boolean {
    const low = stored[0] as number
    const high = low + stored.length - 2
    let into = this.dense.get(tally)
    if (!into) {
      into = { low, counts: [] }
      this.dense.set(tally, into)
    }
    const from = Math.min(into.low, low)
    const to = Math.max(into.low + into.counts.length - 1, high)
    if (to - from + 1 > MERGE_SPAN) return false
    if (from < into.low) {
      into.counts = [...new Array<number>(into.low - from).fill(0), ...into.counts]
      into.low = from
    }
    const counts = into.counts
    for (let index = counts.length; index <= to - from; index++) counts.push(0)
    const offset = low - from - 1
    for (let index = 1; index < stored.length; index++) {
      counts[offset + index] = (counts[offset + index] as number) + (stored[index] as number)
    }
    return true
  }

  figures(): Figures {
    for (const [tally, { low, counts }] of this.dense) {
      for (let index = 0; index < counts.length; index++) {
        const count = counts[index] as number
        if (count !== 0) addCount(tally.ints, low + index, count)
      }
    }
    this.dense.clear()
    return this.sum
  }
}
