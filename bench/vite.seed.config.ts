import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vite'

/** The bench's workspace seeder, served beside Vigil (IndexedDB is per origin). */
export default defineConfig({
  root: fileURLToPath(new URL('./seed', import.meta.url)),
  base: '/bench-seed/',
  logLevel: 'warn',
  resolve: { alias: { '@': fileURLToPath(new URL('../src', import.meta.url)) } },
  build: {
    outDir: fileURLToPath(new URL('../dist-bench/vigil/bench-seed', import.meta.url)),
    emptyOutDir: true,
  },
})
