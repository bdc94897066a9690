import { useState } from 'preact/hooks'

/**
 * The search in text answers: applied on Enter or with the button, and at once when the field is
 * cleared. The table, the total and the exports all follow it.
 */
export function ResponseSearch(props: { query: string; onSearch: (query: string) => void }) {
  const [text, setText] = useState(props.query)
  return (
    <search aria-label="Search responses">
      <form
        class="filters"
        onSubmit={(event) => {
          event.preventDefault()
          props.onSearch(text)
        }}
      >
        <label class="search">
          Search text answers
          <input
            type="search"
            name="query"
            maxLength={200}
            value={text}
            onInput={(event) => {
              const next = event.currentTarget.value
              setText(next)
              if (next === '' && props.query !== '') props.onSearch('')
            }}
          />
        </label>
        <button type="submit">Search</button>
      </form>
    </search>
  )
}
