import { readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { gzipSync } from 'node:zlib'

// The dashboard's initial JavaScript, gzipped: the entry script and the modules it preloads, as
// a browser fetches them on the first visit to /app. Budget: 100 KB (issue 16).

const BUDGET = 100 * 1024
const root = resolve(import.meta.dirname, '../dist/web')
const html = readFileSync(join(root, 'index.html'), 'utf8')
const scripts = [
  ...html.matchAll(/<(?:script[^>]*\ssrc|link[^>]*rel="modulepreload"[^>]*\shref)="\/app\/([^"]+\.js)"/g),
].map((match) => match[1] as string)
let total = 0
for (const file of scripts) {
  const size = gzipSync(readFileSync(join(root, file)), { level: 9 }).length
  total += size
  console.log(`${file}: ${(size / 1024).toFixed(1)} KB gzipped`)
}
console.log(`initial JavaScript: ${(total / 1024).toFixed(1)} KB gzipped (budget ${BUDGET / 1024} KB)`)
if (scripts.length === 0 || total > BUDGET) process.exit(1)
