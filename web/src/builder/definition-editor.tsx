import './flow.css'
import { Endings } from './endings'
import { Field } from './field'
import { HiddenFields } from './hidden-fields'
import { Messages } from './messages'
import { Publishing, type PublishingProps } from './publishing'
import { QuestionList } from './question-list'
import { RecallNames, recallableOf } from './recall-menu'
import { Rules } from './rules'
import { Translations } from './translations'
import { Variables } from './variables'

/** The form definition, section by section, publishing first; Enter in a field saves, as in any form. */
export function DefinitionEditor(props: PublishingProps & { save: () => void }) {
  const { draft, change, messageAt } = props
  const sections = { draft, change, messageAt }
  return (
    <RecallNames.Provider value={recallableOf(draft)}>
      <form
        class="builder-editor"
        aria-label="Form definition"
        onSubmit={(event) => {
          event.preventDefault()
          props.save()
        }}
      >
        <Publishing {...sections} saved={props.saved} saving={props.saving} publish={props.publish} />
        <Field
          path="/title"
          label="Form title"
          hint="The heading of the public page, and the form’s name in your list."
          message={messageAt('/title')}
        >
          {(control) => (
            <input
              {...control}
              value={draft.title}
              onInput={(event) => change({ ...draft, title: event.currentTarget.value })}
            />
          )}
        </Field>
        <QuestionList {...sections} />
        <Rules {...sections} />
        <Endings {...sections} />
        <Messages {...sections} />
        <Translations {...sections} />
        <HiddenFields {...sections} />
        <Variables {...sections} />
      </form>
    </RecallNames.Provider>
  )
}
