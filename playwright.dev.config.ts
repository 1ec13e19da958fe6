import { defineConfig } from '@playwright/test'
import { browserUse, devServerPort } from './playwright.config'

/**
 * `npm run test:dev`: what `npm start` serves (source modules through Vite's dev server, not a
 * build), checked on its own: `npm test` does not start a dev server.
 */
export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: 'dev-server.spec.ts',
  outputDir: 'test-results/e2e-dev-artifacts',
  workers: 1,
  retries: 0,
  timeout: 120_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: 'test-results/e2e-dev.json' }]],
  use: { baseURL: `http://127.0.0.1:${devServerPort}`, ...browserUse },
  webServer: {
    name: 'vigil-dev',
    command: `npx vite --port ${devServerPort} --strictPort --host 127.0.0.1`,
    url: `http://127.0.0.1:${devServerPort}`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
})
