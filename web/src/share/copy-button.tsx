import { useState } from 'preact/hooks'

/**
 * Copies a text, saying so in a status. Where the browser gives no clipboard (a page reached over
 * plain http at another machine's address), the text's own field is selected for Ctrl+C instead.
 */
export function CopyButton(props: {
  text: string
  label: string
  done: string
  field?: () => HTMLElement | null
}) {
  const [said, setSaid] = useState('')
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(props.text)
      setSaid(props.done)
    } catch {
      const field = props.field?.()
      if (field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement) {
        field.focus()
        field.select()
        setSaid('Selected: press Ctrl+C (⌘C on a Mac) to copy')
      } else setSaid('Copying failed: select the text and copy it')
    }
    setTimeout(() => setSaid(''), 4000)
  }
  return (
    <>
      <button type="button" class="secondary" onClick={copy}>
        {props.label}
      </button>
      <span role="status" class="copy-status">
        {said}
      </span>
    </>
  )
}
