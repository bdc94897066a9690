// The rules for strings that mean something: e-mail addresses and http(s) URLs. One rule each,
// shared by answers, contacts and webhook targets, so a value one of them refuses cannot be
// stored through another. Each check returns why a value is refused, or undefined.

export const EMAIL_MAX = 254
export const EMAIL_LOCAL_MAX = 64
export const URL_MAX = 2048

/** Whether text has more than max characters (code points, as JSON Schema counts them). */
export function isLongerThan(text: string, max: number): boolean {
  // A string of n UTF-16 units has at most n code points: count only when it could matter.
  return text.length > max && [...text].length > max
}

// A DNS label of letters, digits and inner hyphens; a host name is at most 253 characters.
const label = '[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?'
const hostNamePattern = new RegExp(`^${label}(?:\\.${label})*\\.?$`)
const HOST_NAME_MAX = 253

// A dot-atom local part and a dotted host name: the addresses mail systems accept in practice
// (quoted local parts and address literals are refused).
const atom = "[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+"
const emailPattern = new RegExp(`^${atom}(?:\\.${atom})*@${label}(?:\\.${label})+$`)

/** The rule emailProblem applies, in words, for messages that must say which rule refused an address. */
export const EMAIL_RULE =
  'Canvass accepts plain ASCII addresses such as name@example.com: letters, digits and ' +
  "!#$%&'*+/=?^_`{|}~- before the @ and a dotted host name after it; internationalised addresses " +
  '(jörg@bücher.de) are refused everywhere, so write the host in its xn-- form'

/** Why an e-mail address is refused, or undefined when it is a plain address of at most 254 characters. */
export function emailProblem(email: string): string | undefined {
  if (email === '') return 'must not be empty'
  if (isLongerThan(email, EMAIL_MAX)) return `must be at most ${EMAIL_MAX} characters`
  if (!emailPattern.test(email) || email.lastIndexOf('@') > EMAIL_LOCAL_MAX)
    return 'must be an e-mail address'
  return undefined
}

// The WHATWG parser reads `http:///x`, `http:x` and `http:\\x` as `http://x/`: the text itself
// must have an authority right after `//`. Whitespace and control characters would be silently
// dropped or escaped by the parser, so the stored text would not be the URL used.
const httpStart = /^https?:\/\/[^/\\?#]/i
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it finds
const spaceOrControl = /[\s\u0000-\u001f\u007f]/

// Accepted URL text without controls or spaces is ASCII when it is printable ASCII.
const printableAscii = /^[\x21-\x7e]*$/
const isAsciiUrl = (text: string) => printableAscii.test(text)

/** Why text is not an absolute http(s) URL naming a host, or undefined when it is one. */
export function httpUrlProblem(text: string): string | undefined {
  if (isLongerThan(text, URL_MAX)) return `must be at most ${URL_MAX} characters`
  if (!httpStart.test(text) || spaceOrControl.test(text)) return 'must be an absolute http(s) URL'
  let url: URL
  try {
    url = new URL(text)
  } catch {
    return 'must be an absolute http(s) URL'
  }
  const host = url.hostname
  // IP literals come out of the parser canonical (IPv4 dotted, IPv6 in brackets); names lower-cased,
  // international ones in punycode, so one ASCII rule covers every name.
  const isAddress = host.startsWith('[') || /^\d{1,3}(?:\.\d{1,3}){3}$/.test(host)
  if (!isAddress && (host.length > HOST_NAME_MAX || !hostNamePattern.test(host))) {
    return 'must be an absolute http(s) URL with a valid host name'
  }
  return undefined
}

/**
 * Why a URL Canvass itself requests or redirects to (webhook targets, redirects) is refused: the
 * rule for every URL, and its href (httpUrlOf) must fit too, since that is what is stored and sent.
 * URL answers are stored as typed, so only httpUrlProblem applies to them.
 */
export function sentUrlProblem(text: string): string | undefined {
  const problem = httpUrlProblem(text)
  if (problem !== undefined || isAsciiUrl(text)) return problem
  if (new URL(text).href.length > URL_MAX) return `must be at most ${URL_MAX} characters once percent-encoded`
  return undefined
}

/**
 * An accepted http(s) URL as Canvass stores and sends it (redirects, webhook targets). ASCII text
 * is kept as given: a browser or client requests it as it is. Other text becomes the URL's href
 * (an IDNA host in punycode, UTF-8 percent-encoded path, query and fragment), the URL a browser
 * would request, which also fits a Location header, unlike the raw text. Only for text that
 * sentUrlProblem accepts.
 */
export function httpUrlOf(text: string): string {
  return isAsciiUrl(text) ? text : new URL(text).href
}
