import { useMemo } from 'preact/hooks'
import { buildPlan } from '../../../src/shared/flow/plan'
import type { Action, Rule } from '../../../src/shared/flow/types'
import { normaliseCore } from '../../../src/shared/forms/definition'
import { ActionEditor, newAction } from './action-editor'
import { RuleCondition } from './condition-editor'
import { type Draft, fieldId, inputOf, move } from './draft'
import type { SectionProps } from './field'
import { MoveButtons } from './move-buttons'
import { pageName } from './pages'
import { ProblemsAt } from './problems-at'
import { newComparison, type RuleNames, ruleNames } from './rule-words'

// The form's rules (`logic`), in order: each a condition and the actions taken when it holds,
// decided when people leave the page the rule reads last (src/shared/flow/plan.ts says which).

/** The page each rule is decided on, by rule index; empty while the draft cannot be read whole. */
function homesOf(draft: Draft): number[] {
  try {
    return buildPlan(normaliseCore(inputOf(draft)).definition).homes.map((home) => home.page)
  } catch {
    return []
  }
}

export function Rules({ draft, change, messageAt }: SectionProps) {
  const names = ruleNames(draft, messageAt)
  const homes = useMemo(() => homesOf(draft), [draft])
  const logic = draft.flow.logic
  const set = (next: Rule[]) => change({ ...draft, flow: { ...draft.flow, logic: next } })
  const first = newComparison(names)
  return (
    <fieldset class="builder-section">
      <legend>Rules</legend>
      <p class="hint">
        Show, hide or require questions, skip pages, choose the ending or calculate a variable from the
        answers. A rule is decided when people leave the page of the last answer it reads.
      </p>
      {logic.map((rule, at) => (
        <RuleEditor
          key={at}
          rule={rule}
          at={at}
          count={logic.length}
          home={homes[at]}
          names={names}
          set={(next) => set(logic.map((r, i) => (i === at ? next : r)))}
          move={(from, to) => set(move(logic, from, to))}
          remove={() => set(logic.filter((_, i) => i !== at))}
        />
      ))}
      {first ? (
        <button
          type="button"
          class="secondary"
          onClick={() => set([...logic, { if: first, then: [newAction('jump_to', names)] }])}
        >
          Add a rule
        </button>
      ) : (
        <p class="meta">Add a question, a hidden field or a variable first: a rule reads one of them.</p>
      )}
    </fieldset>
  )
}

function RuleEditor(props: {
  rule: Rule
  at: number
  count: number
  home: number | undefined
  names: RuleNames
  set: (rule: Rule) => void
  move: (from: number, to: number) => void
  remove: () => void
}) {
  const { rule, at, names, set } = props
  const path = `/logic/${at}`
  const actions: Action[] = Array.isArray(rule.then) ? rule.then : []
  const setActions = (then: Action[]) => set({ ...rule, then })
  const page = props.home === undefined ? undefined : names.pages[props.home]
  return (
    <fieldset class="rule panel" id={fieldId(path)}>
      <legend>Rule {at + 1}</legend>
      <div class="rule-head">
        {page && props.home !== undefined && (
          <p class="meta rule-home">
            Decided when people leave {pageName(page, props.home).replace(/^P/, 'p')}
          </p>
        )}
        <span class="question-tools">
          <MoveButtons noun="rule" index={at} count={props.count} move={props.move} />
          <button type="button" class="danger" aria-label={`Remove rule ${at + 1}`} onClick={props.remove}>
            Remove
          </button>
        </span>
      </div>
      <ProblemsAt messages={[names.messageAt(path), names.messageAt(`${path}/page`)]} />
      <RuleCondition
        condition={rule.if}
        path={`${path}/if`}
        names={names}
        set={(condition) => set({ ...rule, if: condition })}
      />
      <p class="rule-then">Then</p>
      <ol class="actions-list">
        {actions.map((action, a) => (
          <li key={a}>
            <ActionEditor
              action={action}
              path={`${path}/then/${a}`}
              n={a + 1}
              names={names}
              set={(next) => setActions(actions.map((x, i) => (i === a ? next : x)))}
              {...(actions.length > 1 ? { remove: () => setActions(actions.filter((_, i) => i !== a)) } : {})}
            />
          </li>
        ))}
      </ol>
      <button
        type="button"
        class="secondary"
        onClick={() => setActions([...actions, newAction('show', names)])}
      >
        Add an action
      </button>
    </fieldset>
  )
}
