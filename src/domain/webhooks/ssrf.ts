import { lookup } from 'node:dns/promises'
import ipaddr from 'ipaddr.js'

// The SSRF guard (docs/webhooks.md#targets): a webhook may only target public unicast addresses, unless the
// operator allows private targets. Addresses are classified by ipaddr.js; IPv6 forms that carry
// an IPv4 address are judged as that address. Host names are resolved through an
// injectable resolver, so tests check resolve-time refusal without any real DNS look-up.

export interface ResolvedAddress {
  address: string
  family: 4 | 6
}

export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>

/** The operating system's resolver: what a Canvass process uses unless its context is given another. */
export const systemResolver: Resolver = async (hostname) => {
  const found = await lookup(hostname, { all: true, verbatim: true })
  return found.map((entry) => ({ address: entry.address, family: entry.family === 6 ? 6 : 4 }))
}

// Only global unicast IPv6 (2000::/3) may be a target; the special-purpose ranges inside it that
// ipaddr.js knows (Teredo, documentation, benchmarking, ORCHID...) are refused too.
const GLOBAL_UNICAST = ipaddr.IPv6.parse('2000::')
const NAT64 = ipaddr.IPv6.parse('64:ff9b::')
const SIX_TO_FOUR = ipaddr.IPv6.parse('2002::')
const IPV4_COMPATIBLE = ipaddr.IPv6.parse('::')

function ipv4Of(high: number, low: number): ipaddr.IPv4 {
  return new ipaddr.IPv4([high >> 8, high & 0xff, low >> 8, low & 0xff])
}

/**
 * The IPv4 address an IPv6 address stands for, in the forms that reach an IPv4 host: IPv4-mapped
 * (::ffff:a.b.c.d), IPv4-compatible (::a.b.c.d, deprecated), NAT64 (64:ff9b::/96) and 6to4
 * (2002:aabb:ccdd::/48). Such an address is only as acceptable as the IPv4 address inside.
 */
function embeddedIPv4(address: ipaddr.IPv6): { form: string; ipv4: ipaddr.IPv4 } | undefined {
  const p = address.parts
  if (address.isIPv4MappedAddress()) return { form: 'IPv4-mapped', ipv4: address.toIPv4Address() }
  if (address.match(IPV4_COMPATIBLE, 96))
    return { form: 'IPv4-compatible', ipv4: ipv4Of(p[6] ?? 0, p[7] ?? 0) }
  if (address.match(NAT64, 96)) return { form: 'NAT64', ipv4: ipv4Of(p[6] ?? 0, p[7] ?? 0) }
  if (address.match(SIX_TO_FOUR, 16)) return { form: '6to4', ipv4: ipv4Of(p[1] ?? 0, p[2] ?? 0) }
  return undefined
}

/**
 * ipaddr.js reads `::a.b.c.d` as the IPv4-mapped `::ffff:a.b.c.d`; the OS connects to the
 * IPv4-compatible `::a.b.c.d`. Spelling a dotted IPv4 tail in hex keeps the address what it is.
 */
function withHexIPv4Tail(address: string): string {
  const tail = /^(.*:)(\d{1,3}(?:\.\d{1,3}){3})(%.*)?$/.exec(address)
  if (!tail || !ipaddr.IPv4.isValidFourPartDecimal(tail[2] ?? '')) return address
  const [a = 0, b = 0, c = 0, d = 0] = ipaddr.IPv4.parse(tail[2] ?? '').octets
  return `${tail[1]}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}${tail[3] ?? ''}`
}

const aRange = (range: string) => `${/^[aeiou]/i.test(range) ? 'an' : 'a'} ${range} address`

function ipv4Problem(address: ipaddr.IPv4): string | undefined {
  const range = address.range()
  return range === 'unicast' ? undefined : aRange(range)
}

/**
 * Why an address may not be a webhook target ("a loopback address", ...), or undefined when it
 * is a global unicast address.
 */
export function refusedRange(address: string): string | undefined {
  const text = withHexIPv4Tail(address)
  if (!ipaddr.isValid(text)) return 'not an IP address'
  const parsed = ipaddr.parse(text)
  if (parsed.kind() === 'ipv4') return ipv4Problem(parsed as ipaddr.IPv4)
  const ipv6 = parsed as ipaddr.IPv6
  const range = ipv6.range()
  // :: and ::1 are IPv4-compatible in form only.
  if (range === 'unspecified' || range === 'loopback') return aRange(range)
  const embedded = embeddedIPv4(ipv6)
  if (embedded) {
    const problem = ipv4Problem(embedded.ipv4)
    return problem && `the ${embedded.form} form of ${embedded.ipv4.toString()}, ${problem}`
  }
  if (range !== 'unicast') return aRange(range)
  if (!ipv6.match(GLOBAL_UNICAST, 3)) return 'not a global unicast address (outside 2000::/3)'
  return undefined
}

export class TargetRefused extends Error {}

/** The host of a URL as a bare name or address (IPv6 without brackets). */
export function hostOf(url: URL): string {
  const host = url.hostname
  return host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host
}

/**
 * Resolves the host of a URL and checks every address it resolves to; throws TargetRefused
 * when one is not public. Returns the checked addresses.
 */
export async function checkTarget(url: URL, resolver: Resolver): Promise<ResolvedAddress[]> {
  const host = hostOf(url)
  if (ipaddr.isValid(host)) {
    const refused = refusedRange(host)
    if (refused) throw new TargetRefused(`${host} is ${refused}`)
    return [{ address: host, family: ipaddr.parse(host).kind() === 'ipv6' ? 6 : 4 }]
  }
  return resolveChecked(host, resolver)
}

/**
 * Resolves a host name and checks every address it gives; throws TargetRefused when it does not
 * resolve or one address is not public. At PUT (checkTarget) and on every connection (the
 * delivery client's lookup), so both refuse the same targets in the same words.
 */
export async function resolveChecked(host: string, resolver: Resolver): Promise<ResolvedAddress[]> {
  let addresses: ResolvedAddress[]
  try {
    addresses = await resolver(host)
  } catch {
    throw new TargetRefused(`${host} does not resolve`)
  }
  if (addresses.length === 0) throw new TargetRefused(`${host} does not resolve`)
  for (const { address } of addresses) {
    const refused = refusedRange(address)
    if (refused) throw new TargetRefused(`${host} resolves to ${address}, ${refused}`)
  }
  return addresses
}
