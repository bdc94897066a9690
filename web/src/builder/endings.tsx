import { useRef } from 'preact/hooks'
import type { Action, Ending, Rule } from '../../../src/shared/flow/types'
import { fieldId } from './draft'
import { Field, type SectionProps } from './field'
import { ProblemsAt } from './problems-at'
import { RecallText } from './recall-menu'

// Endings a rule can choose instead of the thank-you screen: each its own title and message, or a
// page to send people to.

/** The rules with every `set_ending` of one id made another's: an ending renamed keeps its rules. */
function renamedInRules(logic: Rule[], from: string, to: string): Rule[] {
  return logic.map((rule) => ({
    ...rule,
    then: (Array.isArray(rule.then) ? rule.then : []).map((action: Action) =>
      'set_ending' in action && action.set_ending === from ? { set_ending: to } : action,
    ),
  }))
}

export function Endings({ draft, change, messageAt }: SectionProps) {
  const endings = draft.flow.endings
  const set = (next: Ending[], logic = draft.flow.logic) =>
    change({ ...draft, flow: { ...draft.flow, endings: next, logic } })
  const update = (at: number, next: Ending) => set(endings.map((e, i) => (i === at ? next : e)))
  const add = () => {
    const ids = new Set(endings.map((ending) => ending.id))
    let n = endings.length + 1
    while (ids.has(`ending_${n}`)) n++
    set([...endings, { id: `ending_${n}` }])
  }
  return (
    <fieldset class="builder-section">
      <legend>Endings</legend>
      <p class="hint">
        What people see once they send their answers, when a rule chooses it; otherwise the thank-you screen
        below.
      </p>
      {endings.map((ending, at) => (
        <EndingEditor
          key={at}
          ending={ending}
          at={at}
          messageAt={messageAt}
          update={(next) => update(at, next)}
          rename={(from, to) => {
            // Only an id no other ending has is followed into the rules.
            if (from === to || endings.some((e, i) => i !== at && (e.id === from || e.id === to))) return
            set(
              endings.map((e, i) => (i === at ? { ...e, id: to } : e)),
              renamedInRules(draft.flow.logic, from, to),
            )
          }}
          remove={() => set(endings.filter((_, i) => i !== at))}
        />
      ))}
      <button type="button" class="secondary" onClick={add}>
        Add an ending
      </button>
    </fieldset>
  )
}

const withText = (ending: Ending, key: 'title' | 'message' | 'redirect_url', text: string): Ending => {
  const { [key]: _old, ...rest } = ending
  return text === '' ? rest : { ...rest, [key]: text }
}

function EndingEditor(props: {
  ending: Ending
  at: number
  messageAt: SectionProps['messageAt']
  update: (ending: Ending) => void
  rename: (from: string, to: string) => void
  remove: () => void
}) {
  const { ending, at, messageAt, update } = props
  const base = `/endings/${at}`
  // The id as it was when its field was entered: the rules follow it once the field is left.
  const before = useRef(ending.id)
  return (
    <fieldset class="ending panel" id={fieldId(base)}>
      <legend>Ending {at + 1}</legend>
      <ProblemsAt messages={[messageAt(base)]} />
      <Field
        path={`${base}/id`}
        label="Id"
        hint="What rules and the responses’ webhook events call it."
        message={messageAt(`${base}/id`)}
      >
        {(control) => (
          <input
            {...control}
            value={ending.id}
            onFocus={(event) => {
              before.current = event.currentTarget.value
            }}
            onInput={(event) => update({ ...ending, id: event.currentTarget.value })}
            onChange={(event) => props.rename(before.current, event.currentTarget.value)}
          />
        )}
      </Field>
      <RecallText
        path={`${base}/title`}
        label="Title"
        hint="Empty: “Thank you!”"
        message={messageAt(`${base}/title`)}
        value={ending.title ?? ''}
        set={(text) => update(withText(ending, 'title', text))}
      />
      <RecallText
        path={`${base}/message`}
        label="Message"
        message={messageAt(`${base}/message`)}
        value={ending.message ?? ''}
        set={(text) => update(withText(ending, 'message', text))}
        multiline
      />
      <Field
        path={`${base}/redirect_url`}
        label="Send people to (optional)"
        hint="A web address to open instead of this screen."
        message={messageAt(`${base}/redirect_url`)}
      >
        {(control) => (
          <input
            {...control}
            type="url"
            value={ending.redirect_url ?? ''}
            onInput={(event) => update(withText(ending, 'redirect_url', event.currentTarget.value))}
          />
        )}
      </Field>
      <button type="button" class="danger" aria-label={`Remove ending ${at + 1}`} onClick={props.remove}>
        Remove ending
      </button>
    </fieldset>
  )
}
