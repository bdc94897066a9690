import { useEffect, useState } from 'preact/hooks'
import { FormPage } from '../../../src/shared/pages/form-page'
import { renderPage } from '../../../src/shared/pages/layout'
import type { Form } from '../api'
import { type Draft, previewView } from './draft'

/** The hosted page of the draft, drawn by the page's own renderer into a sandboxed frame. */
export function Preview({ draft, saved }: { draft: Draft; saved: Form | undefined }) {
  const [html, setHtml] = useState('')
  // Drawn once typing pauses: the whole page is rendered again for each change.
  useEffect(() => {
    const timer = setTimeout(() => {
      const view = previewView(draft, saved)
      if (view) setHtml(renderPage(<FormPage form={view} hidden={new Map()} />))
    }, 150)
    return () => clearTimeout(timer)
  }, [draft, saved])
  return (
    <aside class="builder-preview" aria-label="Preview">
      <h2>Preview</h2>
      <p class="hint">The public page as people will see it (answering is off here).</p>
      <iframe title="Preview of the public page" sandbox="" srcdoc={html} />
    </aside>
  )
}
