import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vite'

/**
 * The bench's workspace pages, served beside Vigil (IndexedDB is per origin): the seeder, and the
 * plain-DOM advisories of the seeded workspace.
 */
export default defineConfig({
  root: fileURLToPath(new URL('./seed', import.meta.url)),
  base: '/bench-seed/',
  logLevel: 'warn',
  resolve: { alias: { '@': fileURLToPath(new URL('../src', import.meta.url)) } },
  build: {
    outDir: fileURLToPath(new URL('../dist-bench/vigil/bench-seed', import.meta.url)),
    emptyOutDir: true,
    rollupOptions: {
      input: {
        seed: fileURLToPath(new URL('./seed/index.html', import.meta.url)),
        advisories: fileURLToPath(new URL('./seed/advisories.html', import.meta.url)),
      },
    },
  },
})
