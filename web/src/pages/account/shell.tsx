import type { ComponentChildren } from 'preact'
import { ApiError } from '../../api'
import { BrandMark } from '../../brand-mark'
import { ErrorMessage, Link, usePageTitle } from '../../components'

// The frame of the pages a person reaches without a session (sign-in, setup, joining, password
// reset): the brand mark, a narrow column, one heading.

export function AccountShell(props: { title: string; tabTitle?: string; children: ComponentChildren }) {
  usePageTitle([props.tabTitle ?? props.title])
  return (
    <main id="main" class="sign-in">
      <BrandMark />
      <h1>{props.title}</h1>
      {props.children}
    </main>
  )
}

/** The code in the address (`?code=`), as a link in a mail carries it. */
export function codeInAddress(): string {
  return new URLSearchParams(location.search).get('code') ?? ''
}

/** A link's code that the server does not know (any more): said plainly, with a way on. */
export function CodeProblem({ error, onRetry, what }: { error: unknown; onRetry: () => void; what: string }) {
  if (error instanceof ApiError && (error.status === 404 || error.status === 400))
    return (
      <div class="error" role="alert">
        <p>
          This {what} link is not valid: it has expired, was already used, or was copied incompletely. Ask for
          a new one.
        </p>
        <p>
          <Link href="/app">Go to sign-in</Link>
        </p>
      </div>
    )
  return <ErrorMessage error={error} onRetry={onRetry} />
}

/** When a link stops working, in words. */
export function validUntil(expiresAt: string): string {
  return new Date(expiresAt).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' })
}
