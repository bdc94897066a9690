import type { UnsubscribeTarget } from '../../domain/mail/unsubscribes.js'
import { Layout, MessagePage } from '../../shared/pages/layout.js'

// The pages of an invitation's unsubscribe link (docs/api.md#unsubscribing): the question, with one
// button that posts to the same address (as a mail client's one-click POST does), and the answer.

export function unsubscribePage(target: UnsubscribeTarget, token: string) {
  if (target.unsubscribed) return unsubscribedPage(target)
  return (
    <Layout title="Unsubscribe">
      <section class="card message" aria-labelledby="unsubscribe-title">
        <h1 id="unsubscribe-title">Unsubscribe?</h1>
        <p class="prose">
          Unsubscribe <strong>{target.email}</strong> from <span dir="auto">{target.workspace}</span>’s
          surveys? You will get no more invitations or reminders from them.
        </p>
        <form method="post" action={`/u/${token}`}>
          <input type="hidden" name="List-Unsubscribe" value="One-Click" />
          <p>
            <button type="submit">Unsubscribe</button>
          </p>
        </form>
      </section>
    </Layout>
  )
}

export function unsubscribedPage(target: UnsubscribeTarget) {
  return (
    <MessagePage
      title="Unsubscribed"
      heading="You are unsubscribed"
      message={`${target.email} will get no more surveys from ${target.workspace}.`}
      tone="done"
    />
  )
}

export function unsubscribeNotFoundPage() {
  return (
    <MessagePage
      title="Link not found"
      heading="This unsubscribe link is not valid"
      message="The link may be mistyped or cut short. Open it again from the mail it came in."
    />
  )
}

export function unsubscribeLimitedPage(retryAfter: number) {
  return (
    <MessagePage
      title="Too many requests"
      heading="Too many requests"
      message={`Too many requests came from your address in a short time. Please try again in ${retryAfter} seconds.`}
    />
  )
}
