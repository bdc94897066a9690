import type { ComponentChildren } from 'preact'
import { renderToString } from 'preact-render-to-string'

// Every respondent page: one stylesheet, one small script, nothing from third parties. Text is
// escaped by the renderer; user-written text carries dir="auto" so right-to-left titles read right.
// A form of several pages gets the script with the flow engine (flow.js), every other page form.js.

export function Layout(props: { title: string; children: ComponentChildren; script?: 'form' | 'flow' }) {
  return (
    <html lang="en">
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
        <main class="page">{props.children}</main>
        <footer class="footer">
          <p>Powered by Canvass</p>
        </footer>
      </body>
    </html>
  )
}

export function renderPage(page: preact.VNode): string {
  return `<!doctype html>${renderToString(page)}`
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
