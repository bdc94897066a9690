// The flow of a form (docs/api.md#survey-flow): its pages, the rules that show, hide and require
// questions, jump between pages, calculate variables and choose an ending, and the endings. Pure
// types and bounds: the server, the dashboard's builder and the hosted page's script share them.

export interface FlowPage {
  id: string
  title?: string
  /** Question ids, in the form's question order. */
  questions: string[]
}

export const conditionOps = [
  'answered',
  'not_answered',
  'equals',
  'not_equals',
  'less_than',
  'at_most',
  'greater_than',
  'at_least',
  'includes',
  'not_includes',
] as const
export type ConditionOp = (typeof conditionOps)[number]

export type ConditionValue = string | number | boolean

export interface QuestionCondition {
  question: string
  op: ConditionOp
  value?: ConditionValue
}
export interface HiddenCondition {
  hidden: string
  op: ConditionOp
  value?: ConditionValue
}
export interface VariableCondition {
  variable: string
  op: ConditionOp
  value?: ConditionValue
}
export interface AllCondition {
  all: Condition[]
}
export interface AnyCondition {
  any: Condition[]
}
export interface NotCondition {
  not: Condition
}
export type Condition =
  | QuestionCondition
  | HiddenCondition
  | VariableCondition
  | AllCondition
  | AnyCondition
  | NotCondition

export const logicCalculationOps = ['add', 'subtract', 'multiply', 'divide', 'set'] as const
export type LogicCalculationOp = (typeof logicCalculationOps)[number]

export interface LogicCalculation {
  variable: string
  op: LogicCalculationOp
  value?: number
  /** A numeric question whose answer is the operand; skipped when it is not answered. */
  question?: string
}

export type Action =
  | { show: string }
  | { hide: string }
  | { require: string }
  | { jump_to: string }
  | { set_ending: string }
  | { calculate: LogicCalculation }

export interface Rule {
  /**
   * The page whose leaving decides the rule; by default the latest page its condition and
   * calculations read (the first page when they read none). Never before that page.
   */
  page?: string
  if: Condition
  then: Action[]
}

export interface Ending {
  id: string
  title?: string
  message?: string
  redirect_url?: string
}

/** The parts of a definition the flow adds; absent in definitions stored before it. */
export interface FlowParts {
  pages?: FlowPage[]
  logic?: Rule[]
  endings?: Ending[]
}

/** `jump_to` this to end the form after the page. */
export const END = 'end'
/** The id of the one page of a form that lists no pages. */
export const IMPLIED_PAGE_ID = 'page_1'
/** Most rules in a definition. */
export const RULES_MAX = 1000
/** Deepest condition tree: a comparison alone is depth 1, `{not: comparison}` depth 2. */
export const CONDITION_DEPTH_MAX = 8
export const PAGES_MAX = 500
export const ENDINGS_MAX = 100
export const ACTIONS_MAX = 100
/** Most conditions in one `all` or `any`. */
export const CONDITIONS_MAX = 100

/** The path one set of answers takes through a form, as `simulate` answers it. */
export interface FlowPath {
  /** Page ids visited, in order. */
  pages: string[]
  /** Question ids on the path (on a visited page and shown), in question order. */
  questions: string[]
  /** Question ids on the path that must be answered: required by the form or by a rule. */
  required: string[]
  /** Required question ids on the path that are not answered. */
  missing: string[]
  /** Answered question ids that are not on the path. */
  not_on_path: string[]
  variables: { name: string; value: number }[]
  /** The ending set last by a rule that holds, or null (the form's thank-you). */
  ending: string | null
}
