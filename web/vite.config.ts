import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vite'

// The dashboard is served by Canvass at /app (src/http/routes/dashboard.ts) from dist/web.
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: '/app/',
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  build: {
    outDir: fileURLToPath(new URL('../dist/web', import.meta.url)),
    emptyOutDir: true,
    assetsDir: 'assets',
    // Module preload polyfill would be inline-free anyway; Chromium, Firefox and Safari support it.
    modulePreload: { polyfill: false },
    target: 'es2022',
  },
})
