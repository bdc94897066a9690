import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { extname, join, resolve } from 'node:path'
import type { FastifyInstance, FastifyReply } from 'fastify'
import { type Config, isLoopbackHost } from '../../config.js'
import { ApiError } from '../errors.js'

// The dashboard (docs/api.md#dashboard): the single-page app built by Vite into dist/web, served
// from memory. Client routes under /app all answer index.html; hashed assets are immutable. The
// app talks only to /v1, so its headers forbid everything else: no inline script or style, no
// third-party origin, no framing.

const webRoot = resolve(import.meta.dirname, '../../../dist/web')

const contentSecurityPolicy = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "font-src 'self'",
  "manifest-src 'self'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ')

const contentTypes: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.json': 'application/json; charset=utf-8',
}

interface Built {
  index: Buffer
  assets: Map<string, { body: Buffer; type: string }>
}

function readBuild(root: string): Built | undefined {
  const indexPath = join(root, 'index.html')
  if (!existsSync(indexPath)) return undefined
  const assets = new Map<string, { body: Buffer; type: string }>()
  const assetDir = join(root, 'assets')
  if (existsSync(assetDir)) {
    for (const name of readdirSync(assetDir)) {
      const type = contentTypes[extname(name)] ?? 'application/octet-stream'
      assets.set(name, { body: readFileSync(join(assetDir, name)), type })
    }
  }
  return { index: readFileSync(indexPath), assets }
}

function pageHeaders(reply: FastifyReply): FastifyReply {
  return reply
    .header('content-security-policy', contentSecurityPolicy)
    .header('x-content-type-options', 'nosniff')
    .header('x-frame-options', 'DENY')
    .header('referrer-policy', 'no-referrer')
}

const attribute = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;')

/**
 * What the dashboard's share panel needs of the server's settings, as meta tags of its page: the
 * address people reach Canvass at (CANVASS_PUBLIC_URL), or, without one on a loopback HOST, that
 * links work only on this machine. Without either the page's own origin is the one to share.
 */
export function withServerSettings(index: Buffer, config: Config): Buffer {
  const tags = config.publicUrl
    ? `<meta name="canvass-public-url" content="${attribute(config.publicUrl)}" />`
    : isLoopbackHost(config.host)
      ? '<meta name="canvass-links" content="this-machine-only" />'
      : ''
  return tags === '' ? index : Buffer.from(index.toString('utf8').replace('</head>', `${tags}</head>`))
}

export async function dashboardRoutes(app: FastifyInstance): Promise<void> {
  const read = readBuild(webRoot)
  const built = read && { ...read, index: withServerSettings(read.index, app.ctx.config) }
  const notBuilt = () =>
    new ApiError('not_found', 'the dashboard is not built here: run `npm run build:web` and restart')
  const schema = { hide: true }

  const sendIndex = async (_request: unknown, reply: FastifyReply) => {
    if (!built) throw notBuilt()
    // The page names the current hashed assets: it must be revalidated on every load.
    return pageHeaders(reply)
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(built.index)
  }
  app.get('/app', { schema }, sendIndex)
  app.get('/app/*', { schema }, async (request, reply) => {
    const path = (request.params as { '*': string })['*']
    if (!path.startsWith('assets/')) return sendIndex(request, reply)
    const asset = built?.assets.get(path.slice('assets/'.length))
    if (!asset) throw new ApiError('not_found', `no dashboard asset ${path}`)
    return pageHeaders(reply)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .type(asset.type)
      .send(asset.body)
  })
}
