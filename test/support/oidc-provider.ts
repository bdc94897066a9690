import { createServer, type Server } from 'node:http'
import Provider, { type Account } from 'oidc-provider'
import type { CookieJar } from './cookie-jar.js'

// A real OpenID provider for tests (the `oidc-provider` package), over HTTP on 127.0.0.1: one
// client registered with Canvass's callback, the accounts a test names, and its development
// sign-in pages, which a test fills in as a person would (signInAtProvider).

export interface ProviderAccount {
  email: string
  emailVerified: boolean
  name?: string
}

export interface TestProvider {
  /** Where it is reached, which is also its issuer unless the test gave another one. */
  url: string
  issuer: string
  clientId: string
  clientSecret: string
  /**
   * The requests Canvass's client (openid-client, by its user agent) has made so far, and over how
   * many connections: a connection kept alive shows as fewer connections than requests.
   */
  clientTraffic(): { requests: number; connections: number }
  close(): Promise<void>
}

export async function startOidcProvider(options: {
  redirectUri: string
  accounts: Record<string, ProviderAccount>
  /** The issuer the provider names itself, given its address (default: the address). */
  issuer?: (url: string) => string
}): Promise<TestProvider> {
  const server = createServer()
  await listen(server)
  const url = `http://127.0.0.1:${(server.address() as { port: number }).port}`
  const issuer = options.issuer?.(url) ?? url
  const clientId = 'canvass'
  const clientSecret = 'a-secret-only-canvass-and-the-provider-know'
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [options.redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    async findAccount(_ctx: unknown, id: string): Promise<Account | undefined> {
      const account = options.accounts[id]
      if (!account) return undefined
      return {
        accountId: id,
        claims: () => ({
          sub: id,
          email: account.email,
          email_verified: account.emailVerified,
          ...(account.name ? { name: account.name } : {}),
        }),
      }
    },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    cookies: { keys: ['a-test-cookie-signing-key'] },
    features: { devInteractions: { enabled: true } },
  })
  server.on('request', provider.callback())
  let clientRequests = 0
  const clientSockets = new WeakSet<object>()
  let clientConnections = 0
  server.on('request', (request) => {
    if (!/^(openid-client|oauth4webapi)\//.test(request.headers['user-agent'] ?? '')) return
    clientRequests += 1
    if (!clientSockets.has(request.socket)) {
      clientSockets.add(request.socket)
      clientConnections += 1
    }
  })
  return {
    url,
    issuer,
    clientId,
    clientSecret,
    clientTraffic: () => ({ requests: clientRequests, connections: clientConnections }),
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections()
        server.close(() => done())
      }),
  }
}

function listen(server: Server): Promise<void> {
  return new Promise((done) => server.listen(0, '127.0.0.1', done))
}

/**
 * Follows the provider's pages from its authorization URL as a browser would, signing in as
 * `accountId` and consenting, until the provider sends the browser away from itself: returns
 * that address (Canvass's callback, with the code or an error).
 */
export async function signInAtProvider(
  authorizationUrl: string,
  accountId: string,
  jar: CookieJar,
  options: { cancel?: boolean } = {},
): Promise<URL> {
  const origin = new URL(authorizationUrl).origin
  let url = new URL(authorizationUrl)
  let form: URLSearchParams | undefined
  for (let step = 0; step < 12; step += 1) {
    const response = await fetch(url, {
      method: form ? 'POST' : 'GET',
      redirect: 'manual',
      headers: {
        ...cookieHeader(jar, url),
        ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      body: form?.toString(),
    })
    jar.store(response.headers.getSetCookie())
    form = undefined
    const location = response.headers.get('location')
    if (response.status >= 300 && response.status < 400 && location) {
      url = new URL(location, url)
      if (url.origin !== origin) return url
      continue
    }
    const page = await response.text()
    if (response.status !== 200) throw new Error(`the provider answered ${response.status}: ${page}`)
    const action = /<form[^>]* action="([^"]+)"/.exec(page)?.[1]
    const prompt = /name="prompt" value="([a-z]+)"/.exec(page)?.[1]
    if (!action || !prompt) throw new Error(`no sign-in form on the provider's page: ${page.slice(0, 500)}`)
    url = new URL(action.replace(/&amp;/g, '&'), url)
    if (options.cancel) {
      // The page's "Cancel" link: the provider sends the browser back with access_denied.
      url = new URL(`${url.pathname}/abort`, url)
      continue
    }
    form = new URLSearchParams(
      prompt === 'login' ? { prompt, login: accountId, password: 'any' } : { prompt },
    )
  }
  throw new Error('the provider never sent the browser back')
}

function cookieHeader(jar: CookieJar, url: URL): Record<string, string> {
  const cookie = jar.header(url.pathname)
  return cookie === undefined ? {} : { cookie }
}
