import { useEffect, useState } from 'preact/hooks'
import { redirectLocation } from '../../../src/shared/forms/settings'
import { FlowPage } from '../../../src/shared/pages/flow-page'
import { isPaged, pageState } from '../../../src/shared/pages/flow-view'
import { FormPage } from '../../../src/shared/pages/form-page'
import { renderPage } from '../../../src/shared/pages/layout'
import { closedPage, thanksPage } from '../../../src/shared/pages/outcome-pages'
import type { Form } from '../api'
import { type Draft, previewView } from './draft'
import { pageName } from './pages'
import { type PreviewPage, previewPage, withEnding } from './preview-pages'
import { nothingTried, type Tried, TryPath } from './try-path'

type Screen = 'form' | 'thanks' | 'closed' | 'path'

/** The form's page as the hosted page draws it: one page of a paged form, with the tried answers. */
function formPage(view: NonNullable<ReturnType<typeof previewView>>, paged: PreviewPage, tried: Tried) {
  const state = isPaged(view) ? pageState(view, tried.answers, tried.hidden, paged.page.id) : undefined
  if (!state) return <FormPage form={paged.view} hidden={new Map()} />
  const hidden = Object.fromEntries(
    Object.entries(tried.hidden).map(([name, value]) => [name, String(value)]),
  )
  return <FlowPage form={view} page={paged.page.id} state={state} answers={tried.answers} hidden={hidden} />
}

const screens: { screen: Screen; label: string; title: string }[] = [
  { screen: 'form', label: 'Form', title: 'Preview of the public page' },
  { screen: 'thanks', label: 'Thank-you', title: 'Preview of the thank-you screen' },
  { screen: 'closed', label: 'Closed', title: 'Preview of the closed screen' },
  { screen: 'path', label: 'Try a path', title: 'Try a path' },
]

/**
 * The hosted pages of the draft (the form page by page, the thank-you screen or the ending
 * reached, the closed screen), drawn by the pages' own renderers into a sandboxed frame, at full
 * width or a phone's; and "Try a path", whose answers the form's pages and ending follow.
 */
export function Preview({ draft, saved }: { draft: Draft; saved: Form | undefined }) {
  const [screen, setScreen] = useState<Screen>('form')
  const [phone, setPhone] = useState(false)
  const [html, setHtml] = useState('')
  const [tried, setTried] = useState<Tried>(nothingTried)
  const [wanted, setWanted] = useState(0)
  const [shownPage, setShownPage] = useState<PreviewPage | undefined>(undefined)
  // Drawn once typing pauses: the whole page is rendered again for each change.
  useEffect(() => {
    if (screen === 'path') return
    const timer = setTimeout(() => {
      const view = previewView(draft, saved)
      if (!view) return
      const paged = previewPage(view, tried, wanted)
      setShownPage(paged)
      const page =
        screen === 'thanks'
          ? thanksPage(withEnding(view, paged.ending))
          : screen === 'closed'
            ? closedPage(view)
            : null
      setHtml(renderPage(page ?? formPage(view, paged, tried)))
    }, 150)
    return () => clearTimeout(timer)
  }, [draft, saved, screen, tried, wanted])
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
        {screen !== 'path' && (
          <button
            type="button"
            class="secondary phone-toggle"
            aria-pressed={phone}
            onClick={() => setPhone(!phone)}
          >
            Phone width
          </button>
        )}
      </div>
      {screen === 'path' ? (
        <TryPath
          draft={draft}
          tried={tried}
          setTried={(next) => {
            // Other answers take another path: the preview starts again from its first page.
            setTried(next)
            setWanted(0)
          }}
        />
      ) : (
        <>
          <p class="hint preview-hint">{hintFor(screen, draft, shownPage)}</p>
          {screen === 'form' && shownPage && shownPage.count > 1 && (
            <PageSteps paged={shownPage} go={(index) => setWanted(index)} />
          )}
          <iframe class={phone ? 'phone' : undefined} title={shown?.title} sandbox="" srcdoc={html} />
        </>
      )}
    </aside>
  )
}

/** Previous and Next through the pages of the path, as people will move through them. */
function PageSteps({ paged, go }: { paged: PreviewPage; go: (index: number) => void }) {
  return (
    <div class="page-steps">
      <button
        type="button"
        class="secondary"
        disabled={paged.index === 0}
        onClick={() => go(paged.index - 1)}
      >
        Previous page
      </button>
      <p aria-live="polite">
        {pageName(paged.page, paged.index).replace(/^Page \d+/, `Page ${paged.index + 1} of ${paged.count}`)}
      </p>
      <button
        type="button"
        class="secondary"
        disabled={paged.index === paged.count - 1}
        onClick={() => go(paged.index + 1)}
      >
        Next page
      </button>
    </div>
  )
}

function hintFor(screen: Screen, draft: Draft, paged: PreviewPage | undefined): string {
  const tried = paged && paged.count > 1 ? ' Pages follow the path of the answers in “Try a path”.' : ''
  if (screen === 'form') return `The public page as people will see it (answering is off here).${tried}`
  if (screen === 'closed')
    return 'What people see after the closing time, or once the form has its most responses.'
  if (paged?.ending) return `The ending “${paged.ending.id}”, which the answers in “Try a path” reach.`
  const redirect = redirectLocation(draft.settings.thank_you)
  return redirect
    ? `People are sent to ${redirect} after answering, so they will not see this screen.`
    : 'What people see once they have sent their answers.'
}
