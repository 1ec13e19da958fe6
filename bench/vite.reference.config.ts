import { fileURLToPath } from 'node:url'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

/** The bench's reference pages, built with the same plugins as Vigil. */
export default defineConfig({
  root: fileURLToPath(new URL('./reference', import.meta.url)),
  plugins: [react()],
  // The styled-rows page draws Vigil's own rows, whose modules import through the alias.
  resolve: { alias: { '@': fileURLToPath(new URL('../src', import.meta.url)) } },
  logLevel: 'warn',
  build: {
    target: 'es2022',
    manifest: true,
    outDir: fileURLToPath(new URL('../dist-bench/reference', import.meta.url)),
    emptyOutDir: true,
    rollupOptions: {
      input: {
        bare: fileURLToPath(new URL('./reference/index.html', import.meta.url)),
        filter: fileURLToPath(new URL('./reference/filter.html', import.meta.url)),
        advisories: fileURLToPath(new URL('./reference/advisories.html', import.meta.url)),
        endpoints: fileURLToPath(new URL('./reference/endpoints.html', import.meta.url)),
        styledFilter: fileURLToPath(new URL('./reference/styled-filter.html', import.meta.url)),
      },
    },
  },
})
