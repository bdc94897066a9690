import { Field, type SectionProps } from './field'
import { HiddenFields } from './hidden-fields'
import { Publishing } from './publishing'
import { QuestionList } from './question-list'
import { Variables } from './variables'

/** The form definition, section by section; Enter in a field saves, as in any form. */
export function DefinitionEditor(props: SectionProps & { save: () => void }) {
  const { draft, change, messageAt } = props
  const sections = { draft, change, messageAt }
  return (
    <form
      class="builder-editor"
      aria-label="Form definition"
      onSubmit={(event) => {
        event.preventDefault()
        props.save()
      }}
    >
      <Field path="/title" label="Form title" message={messageAt('/title')}>
        {(control) => (
          <input
            {...control}
            value={draft.title}
            onInput={(event) => change({ ...draft, title: event.currentTarget.value })}
          />
        )}
      </Field>
      <QuestionList {...sections} />
      <HiddenFields {...sections} />
      <Variables {...sections} />
      <Publishing {...sections} />
    </form>
  )
}
