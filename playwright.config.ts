import { existsSync } from 'node:fs'
import { defineConfig } from '@playwright/test'
import { chromiumArgs, chromiumPath } from './tests/chromium.ts'

/** The demo build of Vigil, served on a loopback port. */
export const demoPort = 4173
/** A build of Vigil configured for the oidc-provider that tests/e2e/oidc-provider.spec.ts starts. */
export const oidcAppPort = 4174
export const oidcProviderPort = 4180
/** `npm start`'s dev server, as a new user runs it: only `npm run test:dev` (playwright.dev.config.ts) starts it. */
export const devServerPort = 4175
/** A build of Vigil that names a team feed, which tests/e2e/feed.spec.ts serves on a loopback port. */
export const feedAppPort = 4176
export const feedServerPort = 4190

/**
 * Under `npm test`, the demo build is the production build it has just made (`dist`, the demo
 * configuration, named by VIGIL_E2E_DIST), served as it is. Run alone, `npx playwright test`
 * builds the demo afresh: a `dist` left from an earlier build may be out of date.
 */
const builtDist = process.env.VIGIL_E2E_DIST
const demoBuilt = !!builtDist && existsSync(`${builtDist}/index.html`)
export const demoOutDir = demoBuilt ? builtDist! : 'dist-e2e/demo'

const build = (outDir: string) => `npx vite build --logLevel warn --outDir ${outDir} --emptyOutDir`
const preview = (outDir: string, port: number) =>
  `npx vite preview --outDir ${outDir} --port ${port} --strictPort --host 127.0.0.1`
const serve = (outDir: string, port: number) => `${build(outDir)} && ${preview(outDir, port)}`

/** How every end-to-end run launches Chromium. */
export const browserUse = {
  browserName: 'chromium',
  headless: true,
  launchOptions: { executablePath: chromiumPath, args: chromiumArgs },
  trace: 'retain-on-failure',
} as const

export default defineConfig({
  testDir: 'tests/e2e',
  // `npm start`'s dev server is checked by `npm run test:dev` alone.
  testIgnore: 'dev-server.spec.ts',
  outputDir: 'test-results/e2e-artifacts',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: 'test-results/e2e.json' }]],
  use: { baseURL: `http://127.0.0.1:${demoPort}`, ...browserUse },
  webServer: [
    {
      name: 'vigil-demo',
      command: demoBuilt ? preview(demoOutDir, demoPort) : serve(demoOutDir, demoPort),
      url: `http://127.0.0.1:${demoPort}`,
      reuseExistingServer: false,
      timeout: 180_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    // The oidc and feed builds cannot be one: a build that names a feed syncs it at every sign-in,
    // and the feed tests sign in through the demo provider, the oidc tests through oidc-provider.
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
