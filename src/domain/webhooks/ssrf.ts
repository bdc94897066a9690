import { lookup } from 'node:dns/promises'
import ipaddr from 'ipaddr.js'

// The SSRF guard (docs/webhooks.md#targets): a webhook may only target public unicast addresses, unless the
// operator allows private targets. Addresses are classified by ipaddr.js; IPv4-mapped IPv6
// addresses are judged as the IPv4 address they carry. Host names are resolved through an
// injectable resolver, so tests check resolve-time refusal without any real DNS look-up.

export interface ResolvedAddress {
  address: string
  family: 4 | 6
}

export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>

const systemResolver: Resolver = async (hostname) => {
  const found = await lookup(hostname, { all: true, verbatim: true })
  return found.map((entry) => ({ address: entry.address, family: entry.family === 6 ? 6 : 4 }))
}

let currentResolver: Resolver = systemResolver

/** Replaces the resolver (tests); returns a function that restores the previous one. */
export function useResolver(resolver: Resolver): () => void {
  const previous = currentResolver
  currentResolver = resolver
  return () => {
    currentResolver = previous
  }
}

export function resolveHost(hostname: string): Promise<ResolvedAddress[]> {
  return currentResolver(hostname)
}

/** Why an address may not be a webhook target, or undefined when it is a public unicast address. */
export function refusedRange(address: string): string | undefined {
  if (!ipaddr.isValid(address)) return 'not an IP address'
  let parsed = ipaddr.parse(address)
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) {
    parsed = (parsed as ipaddr.IPv6).toIPv4Address()
  }
  const range = parsed.range()
  return range === 'unicast' ? undefined : range
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
export async function checkTarget(url: URL): Promise<ResolvedAddress[]> {
  const host = hostOf(url)
  if (ipaddr.isValid(host)) {
    const refused = refusedRange(host)
    if (refused) throw new TargetRefused(`${host} is a ${refused} address`)
    return [{ address: host, family: ipaddr.parse(host).kind() === 'ipv6' ? 6 : 4 }]
  }
  let addresses: ResolvedAddress[]
  try {
    addresses = await resolveHost(host)
  } catch {
    throw new TargetRefused(`${host} does not resolve`)
  }
  if (addresses.length === 0) throw new TargetRefused(`${host} does not resolve`)
  for (const { address } of addresses) {
    const refused = refusedRange(address)
    if (refused) throw new TargetRefused(`${host} resolves to ${address}, a ${refused} address`)
  }
  return addresses
}
