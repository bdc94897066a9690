import type { Condition } from '../../../src/shared/flow/types'
import { Comparison } from './comparison'
import { ProblemsAt } from './problems-at'
import { newComparison, type RuleNames } from './rule-words'

// A rule's condition: one comparison, or a group (all of, any of, none of) of comparisons and of
// groups one level down. Any tree the API accepts is shown as it is, at its own JSON pointers, so
// the save-time checks' messages land beside the part they are about.

type Mode = 'all' | 'any' | 'none'
interface Group {
  mode: Mode
  items: { condition: Condition; path: string }[]
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** A condition as a group, or undefined for a comparison. */
function groupOf(condition: Condition, path: string): Group | undefined {
  const list = (mode: Mode, items: unknown, at: string): Group => ({
    mode,
    items: (Array.isArray(items) ? items : []).map((item: Condition, i) => ({
      condition: item,
      path: `${at}/${i}`,
    })),
  })
  if ('all' in condition) return list('all', condition.all, `${path}/all`)
  if ('any' in condition) return list('any', condition.any, `${path}/any`)
  if ('not' in condition) {
    const inner = condition.not
    if (isObject(inner) && 'any' in inner) return list('none', inner['any'], `${path}/not/any`)
    return { mode: 'none', items: [{ condition: inner, path: `${path}/not` }] }
  }
  return undefined
}

function build(mode: Mode, items: Condition[]): Condition {
  if (mode === 'all') return { all: items }
  if (mode === 'any') return { any: items }
  return items.length === 1 ? { not: items[0] as Condition } : { not: { any: items } }
}

const modeWords: Record<Mode, string> = {
  all: 'all of these hold',
  any: 'any of these holds',
  none: 'none of these holds',
}

/** The condition of one rule: a comparison that can grow into a group, or a group. */
export function RuleCondition(props: {
  condition: Condition
  path: string
  names: RuleNames
  set: (condition: Condition) => void
}) {
  const { condition, path, names, set } = props
  const group = groupOf(condition, path)
  if (group) return <GroupEditor group={group} path={path} label="" depth={1} names={names} set={set} />
  const added = newComparison(names)
  return (
    <div class="condition">
      <Comparison condition={condition} path={path} label="Condition 1" names={names} set={set} />
      {added && (
        <button type="button" class="secondary" onClick={() => set({ all: [condition, added] })}>
          Add a condition
        </button>
      )}
    </div>
  )
}

function GroupEditor(props: {
  group: Group
  path: string
  /** "" for the rule's own group, "2." for the second condition's group. */
  label: string
  depth: number
  names: RuleNames
  set: (condition: Condition) => void
  remove?: () => void
}) {
  const { group, label, names } = props
  const conditions = group.items.map((item) => item.condition)
  const setItems = (items: Condition[], mode = group.mode) => {
    // The rule's own group of one is that one condition: a simple rule stays simple.
    if (props.depth === 1 && items.length === 1 && mode !== 'none') props.set(items[0] as Condition)
    else props.set(build(mode, items))
  }
  const added = newComparison(names)
  const modeId = `mode-${props.path.replace(/[^A-Za-z0-9]+/g, '-')}`
  return (
    <div class={`condition-group depth-${props.depth}`}>
      <div class="group-head">
        <label class="group-label" for={modeId}>
          {label ? `Condition ${label.slice(0, -1)}: when` : 'When'}
        </label>
        <select
          id={modeId}
          value={group.mode}
          onChange={(event) => setItems(conditions, event.currentTarget.value as Mode)}
        >
          {(Object.keys(modeWords) as Mode[]).map((mode) => (
            <option key={mode} value={mode}>
              {modeWords[mode]}
            </option>
          ))}
        </select>
        {props.remove && (
          <button type="button" class="danger" onClick={props.remove}>
            Remove group {label.slice(0, -1)}
          </button>
        )}
      </div>
      <ProblemsAt messages={[names.messageAt(props.path)]} />
      <ol class="conditions">
        {group.items.map((item, at) => {
          const setOne = (next: Condition) => setItems(conditions.map((c, i) => (i === at ? next : c)))
          const remove =
            conditions.length > 1 ? () => setItems(conditions.filter((_, i) => i !== at)) : undefined
          const inner = groupOf(item.condition, item.path)
          const name = `${label}${at + 1}`
          return (
            <li key={item.path}>
              {inner ? (
                <GroupEditor
                  group={inner}
                  path={item.path}
                  label={`${name}.`}
                  depth={props.depth + 1}
                  names={names}
                  set={setOne}
                  {...(remove ? { remove } : {})}
                />
              ) : (
                <Comparison
                  condition={item.condition}
                  path={item.path}
                  label={`Condition ${name}`}
                  names={names}
                  set={setOne}
                  {...(remove ? { remove } : {})}
                />
              )}
            </li>
          )
        })}
      </ol>
      {added && (
        <div class="actions">
          <button type="button" class="secondary" onClick={() => setItems([...conditions, added])}>
            Add a condition{label ? ` to group ${label.slice(0, -1)}` : ''}
          </button>
          {props.depth === 1 && (
            <button
              type="button"
              class="secondary"
              onClick={() => setItems([...conditions, { any: [added] }])}
            >
              Add a group
            </button>
          )}
        </div>
      )}
    </div>
  )
}
