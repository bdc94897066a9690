// A browser's cookies for one host, kept as RFC 6265bis says: cookies ignore ports, so a page on
// another port of the same host writes into the same jar; a cookie is named by its name and path;
// a request carries every cookie whose path matches, longer paths first.

interface StoredCookie {
  name: string
  value: string
  path: string
  secure: boolean
}

export class CookieJar {
  private readonly cookies = new Map<string, StoredCookie>()

  /** Applies the Set-Cookie headers of an answer from an http (or, with `secure`, https) origin. */
  store(setCookie: string | string[] | undefined, secure = false): void {
    const headers = setCookie === undefined ? [] : Array.isArray(setCookie) ? setCookie : [setCookie]
    for (const header of headers) this.storeOne(header, secure)
  }

  /** The Cookie header a request to `path` carries, or undefined when no cookie goes with it. */
  header(path: string, secure = false): string | undefined {
    const sent = [...this.cookies.values()]
      .filter((cookie) => (secure || !cookie.secure) && pathMatches(path, cookie.path))
      .sort((a, b) => b.path.length - a.path.length)
    return sent.length === 0 ? undefined : sent.map((cookie) => `${cookie.name}=${cookie.value}`).join('; ')
  }

  private storeOne(header: string, secureOrigin: boolean): void {
    const [pair = '', ...attributes] = header.split(';').map((part) => part.trim())
    const at = pair.indexOf('=')
    if (at <= 0) return
    const cookie = { name: pair.slice(0, at), value: pair.slice(at + 1), path: '/', secure: false }
    let maxAge: number | undefined
    let domain = false
    for (const attribute of attributes) {
      const [key = '', value = ''] = attribute.split('=')
      const name = key.toLowerCase()
      if (name === 'path' && value.startsWith('/')) cookie.path = value
      if (name === 'max-age') maxAge = Number(value)
      if (name === 'secure') cookie.secure = true
      if (name === 'domain') domain = true
    }
    // What browsers refuse: Secure from an http page, and a __Host- cookie that is not Secure,
    // host-only and at Path=/.
    if (cookie.secure && !secureOrigin) return
    if (/^__host-/i.test(cookie.name) && (!cookie.secure || domain || cookie.path !== '/')) return
    const key = `${cookie.name}\n${cookie.path}`
    if (maxAge !== undefined && maxAge <= 0) this.cookies.delete(key)
    else this.cookies.set(key, cookie)
  }
}

function pathMatches(requestPath: string, cookiePath: string): boolean {
  if (requestPath === cookiePath) return true
  if (!requestPath.startsWith(cookiePath)) return false
  return cookiePath.endsWith('/') || requestPath[cookiePath.length] === '/'
}
