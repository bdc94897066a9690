import { MessagePage } from '../../shared/pages/layout.js'

// The pages a personal link shows instead of its form (docs/api.md#personal-links): a link that
// names no one, one already used to answer, and too many links tried from one address. Their
// words are kept together, to be translated as one set. None names the form or the person: the
// same page answers every link of its kind.

export const linkPageText = {
  unknown: {
    title: 'Link not found',
    heading: 'This link does not open a form',
    message:
      'The link may be mistyped or cut short: open it again from your invitation, or copy the whole address.',
  },
  used: {
    title: 'Already answered',
    heading: 'This link has already been used to answer',
    message:
      'Each personal link takes one response, and this one has been sent. Thank you! If you think this is a mistake, contact the people who invited you.',
  },
  limited: {
    title: 'Too many requests',
    heading: 'Too many requests',
    message: (seconds: number) =>
      `Too many links were opened from your address in a short time. Please try again in ${seconds === 1 ? '1 second' : `${seconds} seconds`}.`,
  },
}

export function linkNotFoundPage() {
  return <MessagePage {...linkPageText.unknown} />
}

export function linkUsedPage() {
  return <MessagePage {...linkPageText.used} />
}

export function linkRateLimitedPage(retryAfter: number) {
  const { title, heading, message } = linkPageText.limited
  return <MessagePage title={title} heading={heading} message={message(retryAfter)} />
}
