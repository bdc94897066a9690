import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { DeliveryWorker } from '../../src/delivery/worker.js'
import { type ResolvedAddress, type Resolver, refusedRange } from '../../src/domain/webhooks/ssrf.js'
import { createTestContext, type TestContext } from '../support/context.js'
import { type Receiver, startReceiver, tinyForm } from '../support/receiver.js'
import { waitUntil } from '../support/wait.js'

// The SSRF guard with private targets NOT allowed. Host names are answered by an injected
// resolver (no DNS look-up ever leaves the machine), and the only listening receiver is on
// 127.0.0.1: the guard must keep every request away from it.

let ctx: TestContext
let worker: DeliveryWorker
let receiver: Receiver
let formId: string
const resolved: string[] = []
let table: Record<string, string[]> = {}

/** The context's resolver: answers from the table the test sets, never from DNS. */
const tableResolver: Resolver = async (hostname) => {
  resolved.push(hostname)
  const addresses = table[hostname]
  if (!addresses) throw Object.assign(new Error(`ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' })
  return addresses.map((address): ResolvedAddress => ({ address, family: address.includes(':') ? 6 : 4 }))
}

function resolveAs(answers: Record<string, string[]>) {
  table = answers
}

beforeAll(async () => {
  ctx = await createTestContext(
    { webhookAllowPrivate: false, webhookRetrySchedule: [0.05], webhookTimeoutMs: 2000 },
    { resolver: tableResolver },
  )
  resolveAs({})
  receiver = await startReceiver()
  worker = ctx.startWorker({
    pollMs: 50,
  })
  formId = (await ctx.request({ method: 'POST', url: '/v1/forms', payload: tinyForm })).json().id
})
afterEach(() => {
  expect(receiver.requests, 'no request may reach a refused target').toHaveLength(0)
})
afterAll(async () => {
  await worker?.stop()
  await receiver?.close()
  await ctx?.close()
})

const put = (url: string, tag = 'guarded') =>
  ctx.request({ method: 'PUT', url: `/v1/forms/${formId}/webhooks/${tag}`, payload: { url } })

describe('address classification', () => {
  const refused = [
    '127.0.0.1',
    '127.255.255.254',
    '10.0.0.1',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '100.127.255.254',
    '0.0.0.0',
    '224.0.0.1',
    '239.255.255.250',
    '255.255.255.255',
    '192.0.2.1',
    '::1',
    '::',
    'fe80::1',
    'fc00::1',
    'fd12:3456::1',
    'ff02::1',
    '::ffff:127.0.0.1',
    '::ffff:10.0.0.1',
    '::ffff:7f00:1',
    '::ffff:169.254.169.254',
    '64:ff9b::7f00:1',
    '2002:7f00:1::1',
    '2001:db8::1',
    // IPv4-compatible (::a.b.c.d), judged by the IPv4 address inside, and the rest of ::/96.
    '::127.0.0.1',
    '::7f00:1',
    '::10.0.0.1',
    '::169.254.169.254',
    '::2',
    // Outside 2000::/3 (unallocated), or special-purpose inside it.
    '4000::1',
    'e000::1',
    '100::1',
    '64:ff9b:1::1',
    '2001::1',
    '3fff::1',
    // NAT64 and 6to4 forms of private addresses.
    '64:ff9b::10.0.0.1',
    '64:ff9b::a9fe:a9fe',
    '2002:a00:1::1',
    '2002:c0a8:101::1',
  ]
  const allowed = [
    '93.184.216.34',
    '8.8.8.8',
    '172.32.0.1',
    '100.128.0.1',
    '192.169.0.1',
    '2606:4700:4700::1111',
    '::ffff:8.8.8.8',
    '2001:4860:4860::8888',
    '64:ff9b::808:808',
    '2002:808:808::1',
  ]
  it.each(refused)('refuses %s', (address) => expect(refusedRange(address)).toBeDefined())
  it.each(allowed)('allows %s', (address) => expect(refusedRange(address)).toBeUndefined())

  it('says which IPv4 address an IPv6 form carries', () => {
    expect(refusedRange('::127.0.0.1')).toBe('the IPv4-compatible form of 127.0.0.1, a loopback address')
    expect(refusedRange('2002:a00:1::1')).toBe('the 6to4 form of 10.0.0.1, a private address')
    expect(refusedRange('4000::1')).toBe('not a global unicast address (outside 2000::/3)')
  })
})

describe('at PUT', () => {
  const literal = [
    'http://127.0.0.1/hook',
    'http://127.1/hook',
    'http://0x7f.0.0.1/hook',
    'http://2130706433/hook',
    'http://0/hook',
    'http://[::1]/hook',
    'http://[::ffff:127.0.0.1]/hook',
    'http://[::ffff:a00:1]/hook',
    'http://10.1.2.3:8080/hook',
    'https://172.20.0.1/hook',
    'http://192.168.0.10/hook',
    'http://169.254.169.254/latest/meta-data',
    'http://100.100.100.100/hook',
    'http://[fe80::1%25eth0]/hook',
    'http://[fd00::1]/hook',
    'http://224.0.0.251/hook',
    'http://0.0.0.0/hook',
    'http://[::127.0.0.1]/hook',
    'http://[::10.0.0.1]/hook',
    'http://[::169.254.169.254]/latest/meta-data',
    'http://[::2]/hook',
    'http://[4000::1]/hook',
    'http://[64:ff9b::7f00:1]/hook',
    'http://[2002:a9fe:a9fe::1]/hook',
  ]
  it.each(literal)('refuses the literal target %s with 400', async (url) => {
    const response = await put(url.replace('/hook', `:${receiver.port}/hook`).replace(/:(\d+):(\d+)/, ':$1'))
    expect(response.statusCode, response.body).toBe(400)
    expect(response.json().errors[0].path).toBe('/url')
  })

  it('refuses a host name that resolves to a private address (injected resolver)', async () => {
    resolveAs({
      'intranet.example.test': ['10.0.0.7'],
      'mixed.example.test': ['93.184.216.34', '192.168.1.20'],
      'mapped.example.test': ['::ffff:127.0.0.1'],
      'compatible.example.test': ['2606:4700:4700::1111', '::7f00:1'],
      'unallocated.example.test': ['4000::1'],
      localhost: ['127.0.0.1', '::1'],
    })
    const hosts = [
      'intranet.example.test',
      'mixed.example.test',
      'mapped.example.test',
      'compatible.example.test',
      'unallocated.example.test',
      'localhost',
    ]
    for (const host of hosts) {
      const response = await put(`http://${host}:${receiver.port}/hook`)
      expect(response.statusCode, host).toBe(400)
      expect(response.json().errors[0].message).toContain('not an allowed target')
      // The refusal says how a developer allows it (issue 27); the status and code are as before.
      expect(response.json().code).toBe('validation_failed')
      expect(response.json().errors[0].message).toContain('CANVASS_WEBHOOK_ALLOW_PRIVATE=1')
    }
    const unknown = await put('https://nowhere.example.test/hook')
    expect(unknown.statusCode).toBe(400)
    expect(unknown.json().errors[0].message).toContain('does not resolve')
    expect(resolved).toContain('intranet.example.test')
  })

  it('accepts a host name that resolves to public addresses only (nothing is sent at PUT)', async () => {
    resolveAs({ 'public.example.test': ['93.184.216.34', '2606:4700:4700::1111'] })
    const response = await put('https://public.example.test/hook', 'public')
    expect(response.statusCode).toBe(201)
    await ctx.request({ method: 'DELETE', url: `/v1/forms/${formId}/webhooks/public` })
  })

  it('accepts literal global unicast targets, IPv6 forms of public IPv4 included (nothing is sent at PUT)', async () => {
    for (const url of [
      'https://[2606:4700:4700::1111]/hook',
      'https://[64:ff9b::808:808]/hook',
      'https://[2002:808:808::1]/hook',
    ]) {
      const response = await put(url, 'public')
      expect(response.statusCode, url).toBe(201)
      await ctx.request({ method: 'DELETE', url: `/v1/forms/${formId}/webhooks/public` })
    }
  })
})

describe('at delivery', () => {
  async function lastDelivery(tag: string) {
    let item: { status: string; last_error: string | null; attempts: number } | undefined
    await waitUntil(async () => {
      const log = await ctx.request({ method: 'GET', url: `/v1/forms/${formId}/webhooks/${tag}/deliveries` })
      item = log.json().items[0]
      return item !== undefined && item.status === 'failed'
    })
    return item as { status: string; last_error: string | null; attempts: number }
  }

  it('a name that resolved to a public address at PUT but to loopback now is refused (DNS rebinding)', async () => {
    resolveAs({ 'rebind.example.test': ['93.184.216.34'] })
    expect((await put(`http://rebind.example.test:${receiver.port}/hook`, 'rebind')).statusCode).toBe(201)
    // From here on the name points at the receiver on 127.0.0.1.
    resolveAs({ 'rebind.example.test': ['127.0.0.1'] })
    await ctx.request({ method: 'POST', url: `/v1/forms/${formId}/webhooks/rebind/test` })
    const item = await lastDelivery('rebind')
    expect(item.last_error).toContain('target refused')
    expect(item.attempts).toBe(2)
    expect(resolved.filter((host) => host === 'rebind.example.test').length).toBeGreaterThanOrEqual(2)
    await ctx.request({ method: 'DELETE', url: `/v1/forms/${formId}/webhooks/rebind` })
  })

  it('a stored literal private target (e.g. allowed when it was created) is refused at delivery', async () => {
    resolveAs({ 'public.example.test': ['93.184.216.34'] })
    expect((await put('https://public.example.test/hook', 'literal')).statusCode).toBe(201)
    await ctx.database.db
      .updateTable('webhooks')
      .set({ url: `http://127.0.0.1:${receiver.port}/hook` })
      .where('tag', '=', 'literal')
      .execute()
    resolveAs({})
    await ctx.request({ method: 'POST', url: `/v1/forms/${formId}/webhooks/literal/test` })
    const item = await lastDelivery('literal')
    expect(item.last_error).toContain('target refused: 127.0.0.1 is a loopback address')
  })

  // The receiver listens on 127.0.0.1 only; with the guard in place nothing is ever connected to.
  it('a stored IPv4-compatible literal is refused at delivery', async () => {
    resolveAs({ 'public.example.test': ['93.184.216.34'] })
    expect((await put('https://public.example.test/hook', 'compatible')).statusCode).toBe(201)
    await ctx.database.db
      .updateTable('webhooks')
      .set({ url: `http://[::127.0.0.1]:${receiver.port}/hook` })
      .where('tag', '=', 'compatible')
      .execute()
    resolveAs({})
    await ctx.request({ method: 'POST', url: `/v1/forms/${formId}/webhooks/compatible/test` })
    const item = await lastDelivery('compatible')
    expect(item.last_error).toContain(
      'target refused: ::7f00:1 is the IPv4-compatible form of 127.0.0.1, a loopback address',
    )
  })

  it('a name that now resolves to an IPv4-compatible, NAT64 or unallocated address is refused', async () => {
    for (const [tag, address] of [
      ['rebind-compatible', '::169.254.169.254'],
      ['rebind-nat64', '64:ff9b::7f00:1'],
      ['rebind-unallocated', '4000::1'],
    ] as const) {
      resolveAs({ [`${tag}.example.test`]: ['93.184.216.34'] })
      expect((await put(`http://${tag}.example.test:${receiver.port}/hook`, tag)).statusCode).toBe(201)
      resolveAs({ [`${tag}.example.test`]: [address] })
      await ctx.request({ method: 'POST', url: `/v1/forms/${formId}/webhooks/${tag}/test` })
      const item = await lastDelivery(tag)
      expect(item.last_error, tag).toContain(`target refused: ${tag}.example.test resolves to ${address}`)
      await ctx.request({ method: 'DELETE', url: `/v1/forms/${formId}/webhooks/${tag}` })
    }
  })
})
