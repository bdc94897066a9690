import { type ComponentChildren, createContext } from 'preact'
import { useContext } from 'preact/hooks'
import { renderToString } from 'preact-render-to-string'
import { localise } from '../forms/translations.js'
import type { MessageKey, MessageValues } from '../i18n/locales.js'
import { english, type Words } from '../i18n/words.js'

// Every respondent page: one stylesheet, one small script, nothing from third parties. Text is
// escaped by the renderer; user-written text carries dir="auto" so right-to-left titles read right.
// A form of several pages gets the script with the flow engine (flow.js), every other page form.js.
// The page speaks one language (renderPage's `language`): `<html lang dir>`, Canvass's words from
// its catalog, and, on a form of several languages, links to the others.

/** Another language of the form, as the switcher offers it. */
export interface LanguageLink {
  lang: string
  /** The language's name in itself: "Deutsch". */
  name: string
  href: string
}

export interface PageLanguage {
  words: Words
  /** The form's languages, when it has more than one. */
  others?: LanguageLink[]
  /** A choice's, row's or column's label as the page shows it (its translation); stored by `label`. */
  shown?: (questionId: string, label: string) => string
}

const PageContext = createContext<PageLanguage>({ words: english })

/** The language of the page being rendered. */
export const usePageLanguage = (): PageLanguage => useContext(PageContext)

const localised = new WeakMap<object, Map<string, object>>()

/** A form as the page's language reads it (translations.ts): its words translated where they are. */
export function useLocalised<F extends Parameters<typeof localise>[0]>(form: F): F {
  const { lang } = usePageLanguage().words
  if (!form.languages || form.languages.length < 2) return form
  const byLang = localised.get(form) ?? new Map<string, object>()
  localised.set(form, byLang)
  const read = (byLang.get(lang) as F | undefined) ?? localise(form, lang).form
  byLang.set(lang, read)
  return read
}

function LanguageSwitcher(props: { links: LanguageLink[]; current: string }) {
  const { t } = usePageLanguage().words
  return (
    <nav class="languages" aria-label={t('layout.language')}>
      <ul>
        {props.links.map((link) => (
          <li>
            <a
              href={link.href}
              lang={link.lang}
              hreflang={link.lang}
              aria-current={link.lang === props.current ? 'true' : undefined}
            >
              {link.name}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  )
}

export function Layout(props: { title: string; children: ComponentChildren; script?: 'form' | 'flow' }) {
  const { words, others } = usePageLanguage()
  return (
    <html lang={words.lang} dir={words.dir}>
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light dark" />
        <meta name="referrer" content="strict-origin-when-cross-origin" />
        <title>{props.title}</title>
        <link rel="stylesheet" href="/static/form.css" />
        <script src={props.script === 'flow' ? '/static/flow.js' : '/static/form.js'} defer />
      </head>
      <body>
        {others && others.length > 1 && <LanguageSwitcher links={others} current={words.lang} />}
        <main class="page">{props.children}</main>
        <footer class="footer">
          <p>{words.t('layout.poweredBy')}</p>
        </footer>
      </body>
    </html>
  )
}

/** The page as HTML, in `language` (English when none is given). */
export function renderPage(page: preact.VNode, language?: PageLanguage): string {
  const html = renderToString(
    language ? <PageContext.Provider value={language}>{page}</PageContext.Provider> : page,
  )
  return `<!doctype html>${html}`
}

/** A page with one message: not found, closed, thanks, too many submissions. */
export function MessagePage(props: { title: string; heading: string; message: string; tone?: 'done' }) {
  return (
    <Layout title={props.title}>
      <section class={props.tone === 'done' ? 'card message done' : 'card message'}>
        {props.tone === 'done' && (
          <p class="done-mark" aria-hidden="true">
            ✓
          </p>
        )}
        <h1 dir="auto">{props.heading}</h1>
        {props.message.split(/\n{2,}/).map((paragraph) => (
          <p dir="auto" class="prose">
            {paragraph}
          </p>
        ))}
      </section>
    </Layout>
  )
}

/** A page with one message of Canvass's own, by its catalog keys: said in the page's language. */
export function SaidPage(props: {
  title: MessageKey
  heading: MessageKey
  message: MessageKey
  values?: MessageValues
  tone?: 'done'
}) {
  const { t } = usePageLanguage().words
  const { values } = props
  return (
    <MessagePage
      title={t(props.title, values)}
      heading={t(props.heading, values)}
      message={t(props.message, values)}
      {...(props.tone ? { tone: props.tone } : {})}
    />
  )
}
