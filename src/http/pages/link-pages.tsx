import { SaidPage } from '../../shared/pages/layout.js'

// The pages a personal link shows instead of its form (docs/api.md#personal-links): a link that
// names no one, one already used to answer, and too many links tried from one address. Their
// words are the catalog's `link.*` (src/shared/i18n/catalogs). None names the form or the person: the
// same page answers every link of its kind.

export function linkNotFoundPage() {
  return <SaidPage title="link.unknownTitle" heading="link.unknownHeading" message="link.unknownMessage" />
}

export function linkUsedPage() {
  return <SaidPage title="link.usedTitle" heading="link.usedHeading" message="link.usedMessage" />
}

export function linkRateLimitedPage(retryAfter: number) {
  return (
    <SaidPage
      title="limit.requestsTitle"
      heading="limit.requestsTitle"
      message="limit.links"
      values={{ seconds: retryAfter }}
    />
  )
}
