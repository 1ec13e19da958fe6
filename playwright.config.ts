import { defineConfig } from '@playwright/test'
import { chromiumArgs, chromiumPath } from './tests/chromium.ts'

/** The demo build of Vigil, served from its own folder on a loopback port. */
export const demoPort = 4173
/** A build of Vigil configured for the oidc-provider that tests/e2e/oidc-provider.spec.ts starts. */
export const oidcAppPort = 4174
export const oidcProviderPort = 4180
/** `npm start`'s dev server, as a new user runs it. */
export const devServerPort = 4175
/** A build of Vigil that names a team feed, which tests/e2e/feed.spec.ts serves on a loopback port. */
export const feedAppPort = 4176
export const feedServerPort = 4190

const serve = (outDir: string, port: number) =>
  `npx vite build --logLevel warn --outDir ${outDir} --emptyOutDir && npx vite preview --outDir ${outDir} --port ${port} --strictPort --host 127.0.0.1`

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
      name: 'vigil-dev',
      command: `npx vite --port ${devServerPort} --strictPort --host 127.0.0.1`,
      url: `http://127.0.0.1:${devServerPort}`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      name: 'vigil-demo',
      command: serve('dist-e2e/demo', demoPort),
      url: `http://127.0.0.1:${demoPort}`,
      reuseExistingServer: false,
      timeout: 180_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      name: 'vigil-oidc',
      command: serve('dist-e2e/oidc', oidcAppPort),
      url: `http://127.0.0.1:${oidcAppPort}`,
      env: {
        VITE_AUTH_DOMAIN: `http://127.0.0.1:${oidcProviderPort}`,
        VITE_AUTH_CLIENT_ID: 'vigil',
        VITE_AUTH_SCOPE: 'openid email profile offline_access',
        VITE_MOCK_API: 'true',
      },
      reuseExistingServer: false,
      timeout: 180_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      name: 'vigil-feed',
      command: serve('dist-e2e/feed', feedAppPort),
      url: `http://127.0.0.1:${feedAppPort}`,
      env: { VITE_FEED_URL: `http://127.0.0.1:${feedServerPort}/vigil/manifest.json` },
      reuseExistingServer: false,
      timeout: 180_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
  ],
})
