import { useEffect, useState } from 'preact/hooks'
import { redirectLocation } from '../../../src/shared/forms/settings'
import { FormPage } from '../../../src/shared/pages/form-page'
import { renderPage } from '../../../src/shared/pages/layout'
import { closedPage, thanksPage } from '../../../src/shared/pages/outcome-pages'
import type { Form } from '../api'
import { type Draft, previewView } from './draft'

type Screen = 'form' | 'thanks' | 'closed'

const screens: { screen: Screen; label: string; title: string }[] = [
  { screen: 'form', label: 'Form', title: 'Preview of the public page' },
  { screen: 'thanks', label: 'Thank-you', title: 'Preview of the thank-you screen' },
  { screen: 'closed', label: 'Closed', title: 'Preview of the closed screen' },
]

/**
 * The hosted pages of the draft (the form, the thank-you screen, the closed screen), drawn by the
 * pages' own renderers into a sandboxed frame, at full width or a phone's.
 */
export function Preview({ draft, saved }: { draft: Draft; saved: Form | undefined }) {
  const [screen, setScreen] = useState<Screen>('form')
  const [phone, setPhone] = useState(false)
  const [html, setHtml] = useState('')
  // Drawn once typing pauses: the whole page is rendered again for each change.
  useEffect(() => {
    const timer = setTimeout(() => {
      const view = previewView(draft, saved)
      if (!view) return
      const page = screen === 'thanks' ? thanksPage(view) : screen === 'closed' ? closedPage(view) : null
      setHtml(renderPage(page ?? <FormPage form={view} hidden={new Map()} />))
    }, 150)
    return () => clearTimeout(timer)
  }, [draft, saved, screen])
  const shown = screens.find((each) => each.screen === screen) ?? screens[0]
  return (
    <aside class="builder-preview" aria-labelledby="preview-heading">
      <h2 id="preview-heading">Preview</h2>
      <div class="preview-controls">
        <fieldset class="segmented">
          <legend class="visually-hidden">Screen to preview</legend>
          {screens.map((each) => (
            <button
              key={each.screen}
              type="button"
              aria-pressed={screen === each.screen}
              onClick={() => setScreen(each.screen)}
            >
              {each.label}
            </button>
          ))}
        </fieldset>
        <button
          type="button"
          class="secondary phone-toggle"
          aria-pressed={phone}
          onClick={() => setPhone(!phone)}
        >
          Phone width
        </button>
      </div>
      <p class="hint preview-hint">{hintFor(screen, draft)}</p>
      <iframe class={phone ? 'phone' : undefined} title={shown?.title} sandbox="" srcdoc={html} />
    </aside>
  )
}

function hintFor(screen: Screen, draft: Draft): string {
  if (screen === 'form') return 'The public page as people will see it (answering is off here).'
  if (screen === 'closed')
    return 'What people see after the closing time, or once the form has its most responses.'
  const redirect = redirectLocation(draft.settings.thank_you)
  return redirect
    ? `People are sent to ${redirect} after answering, so they will not see this screen.`
    : 'What people see once they have sent their answers.'
}
