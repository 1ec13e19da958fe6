import { defineConfig } from '@playwright/test'
import { chromiumArgs, chromiumPath } from './tests/chromium.ts'

/** The demo build of Vigil, served from its own folder on a loopback port. */
export const demoPort = 4173

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'test-results/e2e-artifacts',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: 'test-results/e2e.json' }]],
  use: {
    baseURL: `http://127.0.0.1:${demoPort}`,
    browserName: 'chromium',
    headless: true,
    launchOptions: { executablePath: chromiumPath, args: chromiumArgs },
    trace: 'retain-on-failure',
  },
  webServer: [
    {
      name: 'vigil-demo',
      command: `npx vite build --logLevel warn --outDir dist-e2e/demo --emptyOutDir && npx vite preview --outDir dist-e2e/demo --port ${demoPort} --strictPort --host 127.0.0.1`,
      url: `http://127.0.0.1:${demoPort}`,
      reuseExistingServer: false,
      timeout: 180_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
  ],
})
