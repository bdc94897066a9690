import { opsForHidden, opsForQuestion, opsForVariable } from '../../../src/shared/flow/checks-rules'
import {
  type Condition,
  type ConditionOp,
  type ConditionValue,
  type FlowPage,
  IMPLIED_PAGE_ID,
} from '../../../src/shared/flow/types'
import { answerRange, choiceLabels, isNumericKind } from '../../../src/shared/forms/definition'
import type { Draft, DraftQuestion } from './draft'
import { pagesOf } from './pages'

// What a rule's editor offers, from the shared checks' own tables: the ops that fit what a
// condition reads, the values its answers can have, and the words a person reads for each.

export type SourceKind = 'question' | 'hidden' | 'variable'

/** What the rules of a draft can name. */
export interface RuleNames {
  questions: DraftQuestion[]
  hidden: string[]
  variables: string[]
  /** The draft's pages, or the one page a form without pages has. */
  pages: FlowPage[]
  endings: string[]
  messageAt: (path: string) => string | undefined
}

export function ruleNames(draft: Draft, messageAt: RuleNames['messageAt']): RuleNames {
  const pages = pagesOf(draft)
  return {
    questions: draft.questions,
    hidden: draft.hidden,
    variables: draft.variables.map((variable) => variable.name),
    pages: pages.length > 0 ? pages : [{ id: IMPLIED_PAGE_ID, questions: draft.questions.map((q) => q.id) }],
    endings: draft.flow.endings.map((ending) => ending.id),
    messageAt,
  }
}

const words: Record<ConditionOp, string> = {
  answered: 'is answered',
  not_answered: 'is not answered',
  equals: 'is',
  not_equals: 'is not',
  less_than: 'is less than',
  at_most: 'is at most',
  greater_than: 'is more than',
  at_least: 'is at least',
  includes: 'includes',
  not_includes: 'does not include',
}
const dateWords: Partial<Record<ConditionOp, string>> = {
  less_than: 'is before',
  at_most: 'is on or before',
  greater_than: 'is after',
  at_least: 'is on or after',
}

export function opWords(op: ConditionOp, question: DraftQuestion | undefined): string {
  return (question?.type === 'date' ? dateWords[op] : undefined) ?? words[op]
}

/** The ops that fit what a comparison reads (the checks' own lists); all of them for a name that is gone. */
export function opsFor(kind: SourceKind, question: DraftQuestion | undefined): ConditionOp[] {
  if (kind === 'question') return question ? opsForQuestion(question) : ['answered', 'not_answered']
  return kind === 'hidden' ? opsForHidden : opsForVariable
}

export const needsValue = (op: ConditionOp): boolean => op !== 'answered' && op !== 'not_answered'

/** How a comparison's value is asked for. */
export type ValueControl =
  | { kind: 'choices'; labels: string[] }
  | { kind: 'yes_no' }
  | { kind: 'number' }
  | { kind: 'date' }
  | { kind: 'text' }

export function valueControl(kind: SourceKind, question: DraftQuestion | undefined): ValueControl {
  if (kind === 'variable') return { kind: 'number' }
  if (kind === 'hidden' || !question) return { kind: 'text' }
  if (question.type === 'multiple_choice' || question.type === 'dropdown')
    return { kind: 'choices', labels: choiceLabels(question) }
  if (question.type === 'yes_no' || question.type === 'consent') return { kind: 'yes_no' }
  if (question.type === 'date') return { kind: 'date' }
  return isNumericKind(question.type) ? { kind: 'number' } : { kind: 'text' }
}

/** A value a new comparison starts with: one an answer can have. */
function startingValue(control: ValueControl, question: DraftQuestion | undefined): ConditionValue {
  if (control.kind === 'choices') return control.labels[0] ?? ''
  if (control.kind === 'yes_no') return true
  if (control.kind === 'date') return new Date().toISOString().slice(0, 10)
  if (control.kind === 'number') {
    const [min, max] = question ? answerRange(question) : [0, 0]
    return Math.min(Math.max(0, min), max)
  }
  return ''
}

const fits = (control: ValueControl, value: unknown): boolean =>
  control.kind === 'choices'
    ? typeof value === 'string' && control.labels.includes(value)
    : control.kind === 'yes_no'
      ? typeof value === 'boolean'
      : control.kind === 'number'
        ? typeof value === 'number'
        : typeof value === 'string'

/**
 * A comparison made to fit after one of its parts changed: an op that fits what it reads, and a
 * value when the op needs one (the one it had, when that still fits).
 */
export function fitted(
  kind: SourceKind,
  name: string,
  op: ConditionOp,
  value: unknown,
  names: RuleNames,
): Condition {
  const question = kind === 'question' ? names.questions.find((q) => q.id === name) : undefined
  const ops = opsFor(kind, question)
  const nextOp = ops.includes(op) ? op : (ops.find((each) => needsValue(each)) ?? 'answered')
  const base = { [kind]: name, op: nextOp } as unknown as Condition
  if (!needsValue(nextOp)) return base
  const control = valueControl(kind, question)
  return {
    ...base,
    value: fits(control, value) ? (value as ConditionValue) : startingValue(control, question),
  }
}

/** A new comparison: the first question's, else a hidden field's, else a variable's. */
export function newComparison(names: RuleNames): Condition | undefined {
  const first = names.questions[0]
  if (first) return fitted('question', first.id, 'equals', undefined, names)
  if (names.hidden[0] !== undefined) return fitted('hidden', names.hidden[0], 'equals', undefined, names)
  if (names.variables[0] !== undefined)
    return fitted('variable', names.variables[0], 'greater_than', undefined, names)
  return undefined
}
