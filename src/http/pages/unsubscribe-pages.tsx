import type { UnsubscribeTarget } from '../../domain/mail/unsubscribes.js'
import { Layout, SaidPage, usePageLanguage } from '../../shared/pages/layout.js'

// The pages of an invitation's unsubscribe link (docs/api.md#unsubscribing): the question, with one
// button that posts to the same address (as a mail client's one-click POST does), and the answer.

function UnsubscribePage(props: { target: UnsubscribeTarget; token: string }) {
  const { t, rich } = usePageLanguage().words
  const { target, token } = props
  const question = rich('unsubscribe.question', {
    email: <strong>{target.email}</strong>,
    workspace: <span dir="auto">{target.workspace}</span>,
  })
  return (
    <Layout title={t('unsubscribe.title')}>
      <section class="card message" aria-labelledby="unsubscribe-title">
        <h1 id="unsubscribe-title">{t('unsubscribe.heading')}</h1>
        <p class="prose">{question}</p>
        <form method="post" action={`/u/${token}`}>
          <input type="hidden" name="List-Unsubscribe" value="One-Click" />
          <p>
            <button type="submit">{t('unsubscribe.button')}</button>
          </p>
        </form>
      </section>
    </Layout>
  )
}

export function unsubscribePage(target: UnsubscribeTarget, token: string) {
  if (target.unsubscribed) return unsubscribedPage(target)
  return <UnsubscribePage target={target} token={token} />
}

export function unsubscribedPage(target: UnsubscribeTarget) {
  return (
    <SaidPage
      title="unsubscribe.doneTitle"
      heading="unsubscribe.doneHeading"
      message="unsubscribe.doneMessage"
      values={{ email: target.email, workspace: target.workspace }}
      tone="done"
    />
  )
}

export function unsubscribeNotFoundPage() {
  return (
    <SaidPage
      title="unsubscribe.unknownTitle"
      heading="unsubscribe.unknownHeading"
      message="unsubscribe.unknownMessage"
    />
  )
}

export function unsubscribeLimitedPage(retryAfter: number) {
  return (
    <SaidPage
      title="limit.requestsTitle"
      heading="limit.requestsTitle"
      message="limit.requests"
      values={{ seconds: retryAfter }}
    />
  )
}
