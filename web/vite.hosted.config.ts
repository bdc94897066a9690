import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vite'

// The hosted pages' scripts, each one small classic file (loaded with defer by
// src/shared/pages/layout.tsx) with the shared rules it imports, served by Canvass from dist/static:
// `form.js` (web/hosted/form.ts) on one-page forms and message pages, built first (it empties the
// folder); `flow.js` (web/hosted/flow-main.ts, the flow engine too) on forms of several pages,
// built with `--mode flow`.
export default defineConfig(({ mode }) => {
  const flow = mode === 'flow'
  return {
    logLevel: 'warn',
    build: {
      outDir: fileURLToPath(new URL('../dist/static', import.meta.url)),
      emptyOutDir: !flow,
      target: 'es2020',
      minify: true,
      lib: {
        entry: fileURLToPath(new URL(flow ? 'hosted/flow-main.ts' : 'hosted/form.ts', import.meta.url)),
        formats: ['iife'],
        name: flow ? 'canvassFlow' : 'canvassForm',
        fileName: () => (flow ? 'flow.js' : 'form.js'),
      },
    },
  }
})
