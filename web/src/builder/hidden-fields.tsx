import { Field, type SectionProps } from './field'

/** Names a link to the form may carry (`?utm_source=mail`), stored with each response. */
export function HiddenFields({ draft, change, messageAt }: SectionProps) {
  const set = (hidden: string[]) => change({ ...draft, hidden })
  return (
    <fieldset class="builder-section">
      <legend>Hidden fields</legend>
      <p class="hint">
        Names a link may carry, e.g. <code>?utm_source=mail</code>, stored with each response.
      </p>
      {draft.hidden.map((name, at) => (
        <div class="choice-row" key={at}>
          <Field
            path={`/hidden/${at}`}
            label={`Hidden field ${at + 1}`}
            message={messageAt(`/hidden/${at}`)}
            class="grow"
          >
            {(control) => (
              <input
                {...control}
                value={name}
                onInput={(event) =>
                  set(draft.hidden.map((n, i) => (i === at ? event.currentTarget.value : n)))
                }
              />
            )}
          </Field>
          <button
            type="button"
            class="danger"
            aria-label={`Remove hidden field ${at + 1}`}
            onClick={() => set(draft.hidden.filter((_, i) => i !== at))}
          >
            Remove
          </button>
        </div>
      ))}
      <button
        type="button"
        class="secondary"
        onClick={() => set([...draft.hidden, `field_${draft.hidden.length + 1}`])}
      >
        Add a hidden field
      </button>
    </fieldset>
  )
}
