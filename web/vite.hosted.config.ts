import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vite'

// The hosted form's script, one small classic file (loaded with defer by src/shared/pages/layout.tsx):
// web/hosted/form.ts with the shared rules it imports, served by Canvass as /static/form.js from dist/static.
export default defineConfig({
  logLevel: 'warn',
  build: {
    outDir: fileURLToPath(new URL('../dist/static', import.meta.url)),
    emptyOutDir: true,
    target: 'es2020',
    minify: true,
    lib: {
      entry: fileURLToPath(new URL('hosted/form.ts', import.meta.url)),
      formats: ['iife'],
      name: 'canvassForm',
      fileName: () => 'form.js',
    },
  },
})
