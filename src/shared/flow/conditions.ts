import { answerType, type Question } from '../forms/definition.js'
import {
  type AllCondition,
  type AnyCondition,
  CONDITION_DEPTH_MAX,
  type Condition,
  type ConditionOp,
  type ConditionValue,
  type HiddenCondition,
  type NotCondition,
  type QuestionCondition,
  type VariableCondition,
} from './types.js'

// Conditions: walking their trees (bounded by CONDITION_DEPTH_MAX, without recursion, since a
// definition not yet checked may nest thousands deep) and deciding whether one holds.

export type Leaf =
  | { kind: 'question'; name: string; op: ConditionOp; value?: ConditionValue }
  | { kind: 'hidden'; name: string; op: ConditionOp; value?: ConditionValue }
  | { kind: 'variable'; name: string; op: ConditionOp; value?: ConditionValue }

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** The comparison a condition is, or undefined for all/any/not (and for what is neither). */
export function leafOf(condition: unknown): Leaf | undefined {
  if (!isObject(condition)) return undefined
  const { op, value } = condition as { op: ConditionOp; value?: ConditionValue }
  for (const kind of ['question', 'hidden', 'variable'] as const) {
    const name = condition[kind]
    if (typeof name === 'string') return { kind, name, op, ...(value === undefined ? {} : { value }) }
  }
  return undefined
}

interface WalkNode {
  condition: unknown
  parent: WalkNode | undefined
  /** Where it is in its parent (`all`, `any` with an index, or `not`); the root has its pointer instead. */
  key: string
  index: number
  depth: number
}

/** A node's JSON pointer, written only when asked for (an error, a reason): most walks need none. */
function pointerOf(node: WalkNode): string {
  const segments: string[] = []
  for (let at: WalkNode | undefined = node; at; at = at.parent)
    segments.push(at.parent === undefined ? at.key : at.key === 'not' ? '/not' : `/${at.key}/${at.index}`)
  return segments.reverse().join('')
}

/** Pushes the conditions directly inside a node, last first, so that they are visited in order. */
function pushChildren(stack: WalkNode[], node: WalkNode): void {
  const condition = node.condition
  if (!isObject(condition)) return
  const depth = node.depth + 1
  for (const key of ['all', 'any']) {
    const list = condition[key]
    if (!Array.isArray(list)) continue
    for (let index = list.length - 1; index >= 0; index--)
      stack.push({ condition: list[index], parent: node, key, index, depth })
    return
  }
  if ('not' in condition)
    stack.push({ condition: condition['not'], parent: node, key: 'not', index: 0, depth })
}

/**
 * Visits every comparison of a tree, depth first in order, with a function that writes its
 * pointer; a node deeper than CONDITION_DEPTH_MAX is given to `tooDeep` and not entered.
 */
export function walkCondition(
  condition: unknown,
  path: string,
  visit: (leaf: Leaf, pointer: () => string) => void,
  tooDeep: (path: string) => void = () => {},
): void {
  const stack: WalkNode[] = [{ condition, parent: undefined, key: path, index: 0, depth: 1 }]
  while (stack.length > 0) {
    const node = stack.pop() as WalkNode
    if (node.depth > CONDITION_DEPTH_MAX) tooDeep(pointerOf(node))
    else {
      const leaf = leafOf(node.condition)
      if (leaf) visit(leaf, () => pointerOf(node))
      else pushChildren(stack, node)
    }
  }
}

/** What a condition reads: answers on the path so far, hidden fields, variables as they are now. */
export interface ConditionState {
  /** The answer of a question on the path so far, as a submission gives it; undefined when none. */
  answer(id: string): unknown
  hidden(name: string): unknown
  variable(name: string): number | undefined
  /** Counts the work done, for the test that the path is linear in the definition's size. */
  meter?: { steps: number }
}

const textOf = (value: unknown) => (typeof value === 'string' ? value : undefined)
const lower = (text: string) => text.toLowerCase()

/** The positive comparison (`equals`, `less_than`, `includes`...) of an answer that is there. */
function compare(op: ConditionOp, kind: string, answer: unknown, value: unknown): boolean {
  if (kind === 'choices') {
    const labels = Array.isArray(answer) ? answer : []
    if (op === 'equals') return labels.length === 1 && labels[0] === value
    return op === 'includes' && labels.includes(value)
  }
  switch (op) {
    case 'equals':
      return answer === value
    case 'includes': {
      const [text, part] = [textOf(answer), textOf(value)]
      if (kind === 'choice') return text !== undefined && text === part
      return text !== undefined && part !== undefined && lower(text).includes(lower(part))
    }
    case 'less_than':
    case 'at_most':
    case 'greater_than':
    case 'at_least': {
      const comparable =
        (typeof answer === 'number' && typeof value === 'number') ||
        (kind === 'date' && typeof answer === 'string' && typeof value === 'string')
      if (!comparable) return false
      const [a, b] = [answer as number | string, value as number | string]
      if (op === 'less_than') return a < b
      if (op === 'at_most') return a <= b
      if (op === 'greater_than') return a > b
      return a >= b
    }
    default:
      return false
  }
}

const negated: Partial<Record<ConditionOp, ConditionOp>> = {
  not_answered: 'answered',
  not_equals: 'equals',
  not_includes: 'includes',
}

/** A condition made ready to decide: whether it holds for a state. */
export type Predicate = (state: ConditionState) => boolean

/** Counts one step of work on the state's meter, if it has one. */
export const tick = (state: { meter?: { steps: number } }): void => {
  if (state.meter) state.meter.steps++
}

const never: Predicate = (state) => {
  tick(state)
  return false
}

/**
 * A comparison made ready: what it reads and how it compares are worked out once. `not_*` is the
 * negation of its positive: true when nothing is there.
 */
function comparison(
  condition: QuestionCondition & HiddenCondition & VariableCondition,
  question: (id: string) => Question | undefined,
): Predicate {
  const positive = negated[condition.op]
  const op = positive ?? condition.op
  const value = condition.value
  let read: (state: ConditionState) => unknown
  let kind: string
  if (typeof condition.question === 'string') {
    const id = condition.question
    const asked = question(id)
    read = asked ? (state) => state.answer(id) : () => undefined
    kind = asked ? answerType(asked) : 'none'
  } else if (typeof condition.hidden === 'string') {
    const name = condition.hidden
    read = (state) => state.hidden(name)
    kind = 'text'
  } else {
    const name = condition.variable
    read = (state) => state.variable(name)
    kind = 'number'
  }
  return (state) => {
    tick(state)
    const given = read(state)
    const there = given !== undefined && given !== null
    const holdsPositive = there && (op === 'answered' || compare(op, kind, given, value))
    return positive ? !holdsPositive : holdsPositive
  }
}

type SomeCondition = Partial<
  QuestionCondition & HiddenCondition & VariableCondition & AllCondition & AnyCondition & NotCondition
>

/**
 * A condition made ready to decide, once per definition (plan.ts): a path decides hundreds of
 * them. One deeper than CONDITION_DEPTH_MAX (refused at save) never holds; `question` finds the
 * form's questions, which say how answers compare.
 */
export function predicateOf(
  condition: Condition,
  question: (id: string) => Question | undefined,
  depth = 1,
): Predicate {
  if (depth > CONDITION_DEPTH_MAX || typeof condition !== 'object' || condition === null) return never
  const node = condition as SomeCondition
  if (
    typeof node.question === 'string' ||
    typeof node.hidden === 'string' ||
    typeof node.variable === 'string'
  )
    return comparison(node as QuestionCondition & HiddenCondition & VariableCondition, question)
  const children = (list: Condition[]) => list.map((child) => predicateOf(child, question, depth + 1))
  if (Array.isArray(node.all)) {
    const all = children(node.all)
    return (state) => {
      tick(state)
      for (const child of all) if (!child(state)) return false
      return true
    }
  }
  if (Array.isArray(node.any)) {
    const any = children(node.any)
    return (state) => {
      tick(state)
      for (const child of any) if (child(state)) return true
      return false
    }
  }
  if (node.not !== undefined) {
    const [inner] = children([node.not]) as [Predicate]
    return (state) => {
      tick(state)
      return !inner(state)
    }
  }
  return never
}

/** A comparison as a key and a polarity: `x not_equals 1` is the negation of `x equals 1`. */
function literalOf(condition: unknown): { key: string; positive: boolean } | undefined {
  let positive = true
  let node = condition
  if (isObject(node) && 'not' in node) {
    positive = false
    node = node['not']
  }
  const leaf = leafOf(node)
  if (!leaf) return undefined
  const base = negated[leaf.op]
  if (base) positive = !positive
  return { key: JSON.stringify([leaf.kind, leaf.name, base ?? leaf.op, leaf.value ?? null]), positive }
}

/** Whether a list holds a comparison and its negation (`any` of them always holds, `all` never). */
function hasComplements(conditions: unknown[]): boolean {
  const seen = new Map<string, boolean>()
  for (const condition of conditions) {
    const literal = literalOf(condition)
    if (!literal) continue
    const other = seen.get(literal.key)
    if (other !== undefined && other !== literal.positive) return true
    seen.set(literal.key, literal.positive)
  }
  return false
}

/** Whether a condition holds whatever the answers (`{all: []}`, `{any: [x, {not: x}]}`). */
export function alwaysHolds(condition: unknown, depth = 1): boolean {
  if (depth > CONDITION_DEPTH_MAX || !isObject(condition)) return false
  if (Array.isArray(condition['all'])) return condition['all'].every((child) => alwaysHolds(child, depth + 1))
  if (Array.isArray(condition['any']))
    return hasComplements(condition['any']) || condition['any'].some((child) => alwaysHolds(child, depth + 1))
  if ('not' in condition) return neverHolds(condition['not'], depth + 1)
  return false
}

/** Whether a condition holds for no answers (`{any: []}`, `{all: [x, {not: x}]}`). */
export function neverHolds(condition: unknown, depth = 1): boolean {
  if (depth > CONDITION_DEPTH_MAX || !isObject(condition)) return false
  if (Array.isArray(condition['any'])) return condition['any'].every((child) => neverHolds(child, depth + 1))
  if (Array.isArray(condition['all']))
    return hasComplements(condition['all']) || condition['all'].some((child) => neverHolds(child, depth + 1))
  if ('not' in condition) return alwaysHolds(condition['not'], depth + 1)
  return false
}
