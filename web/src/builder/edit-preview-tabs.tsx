import type { ComponentChildren, JSX } from 'preact'
import { useEffect, useRef, useState } from 'preact/hooks'

// On a narrow screen the editor and the preview cannot sit side by side, and the preview below a
// long editor is thousands of pixels away: two tabs show one or the other, right under the tabs.

export type BuilderTab = 'edit' | 'preview'

const tabs: { tab: BuilderTab; label: string }[] = [
  { tab: 'edit', label: 'Edit' },
  { tab: 'preview', label: 'Preview' },
]

/** Below the width where the two columns sit side by side (style.css, .builder-columns). */
const NARROW = '(max-width: 63.99rem)'

/**
 * The tabs and panels of the builder: tabs only on a narrow screen. Switching shows the panel
 * right under the tabs; problems to fix bring the editor back, where their fields are.
 */
export function useEditPreviewTabs(problems: boolean): {
  tablist: JSX.Element | null
  panel: (tab: BuilderTab, children: ComponentChildren) => JSX.Element
} {
  const tabbed = useMediaQuery(NARROW)
  const [selected, setSelected] = useState<BuilderTab>('edit')
  useEffect(() => {
    if (problems) setSelected('edit')
  }, [problems])
  const select = (tab: BuilderTab) => {
    setSelected(tab)
    requestAnimationFrame(() => {
      const panel = document.getElementById(`builder-panel-${tab}`)
      const tabsBottom = document.querySelector('.builder-tabs')?.getBoundingClientRect().bottom ?? 0
      if (panel && (tab === 'preview' || panel.getBoundingClientRect().top < tabsBottom))
        panel.scrollIntoView({ block: 'start' })
    })
  }
  return {
    tablist: tabbed ? <EditPreviewTabs selected={selected} select={select} /> : null,
    panel: (tab, children) => (
      <BuilderPanel tab={tab} tabbed={tabbed} selected={selected}>
        {children}
      </BuilderPanel>
    ),
  }
}

/** Whether a media query matches, kept up to date as the window changes. */
export function useMediaQuery(query: string): boolean {
  const [matches, setMatches] = useState(() => window.matchMedia(query).matches)
  useEffect(() => {
    const list = window.matchMedia(query)
    const update = () => setMatches(list.matches)
    update()
    list.addEventListener('change', update)
    return () => list.removeEventListener('change', update)
  }, [query])
  return matches
}

/** The Edit and Preview tabs (the ARIA tabs pattern: arrows, Home and End move between them). */
export function EditPreviewTabs(props: { selected: BuilderTab; select: (tab: BuilderTab) => void }) {
  const refs = useRef<(HTMLButtonElement | null)[]>([])
  const go = (at: number) => {
    const next = tabs[(at + tabs.length) % tabs.length]
    if (!next) return
    props.select(next.tab)
    refs.current[tabs.indexOf(next)]?.focus()
  }
  const current = tabs.findIndex((each) => each.tab === props.selected)
  return (
    <div
      class="builder-tabs"
      role="tablist"
      aria-label="Editor or preview"
      onKeyDown={(event) => {
        const moves: Record<string, number> = {
          ArrowLeft: current - 1,
          ArrowRight: current + 1,
          Home: 0,
          End: tabs.length - 1,
        }
        const to = moves[event.key]
        if (to === undefined) return
        event.preventDefault()
        go(to)
      }}
    >
      {tabs.map((each, at) => (
        <button
          key={each.tab}
          ref={(element) => {
            refs.current[at] = element
          }}
          type="button"
          role="tab"
          id={`builder-tab-${each.tab}`}
          aria-controls={`builder-panel-${each.tab}`}
          aria-selected={props.selected === each.tab}
          tabIndex={props.selected === each.tab ? 0 : -1}
          onClick={() => props.select(each.tab)}
        >
          {each.label}
        </button>
      ))}
    </div>
  )
}

/** One side of the builder: a tab panel on a narrow screen, a plain column on a wide one. */
export function BuilderPanel(props: {
  tab: BuilderTab
  tabbed: boolean
  selected: BuilderTab
  children: ComponentChildren
}) {
  const own = { id: `builder-panel-${props.tab}`, class: 'builder-panel' }
  if (!props.tabbed) return <div {...own}>{props.children}</div>
  return (
    <div
      {...own}
      role="tabpanel"
      aria-labelledby={`builder-tab-${props.tab}`}
      hidden={props.selected !== props.tab}
    >
      {props.children}
    </div>
  )
}
