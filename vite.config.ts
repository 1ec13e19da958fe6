import { fileURLToPath } from 'node:url'
import react from '@vitejs/plugin-react'
import { playwright } from '@vitest/browser-playwright'
import { defineConfig, loadEnv } from 'vite'
import { immutableAssets } from './config/asset-caching.ts'
import {
  contentSecurityPolicyMeta,
  policyOrigins,
  securityHeaders,
  securityHeadersFile,
} from './config/security-headers.ts'
import { chromiumArgs, chromiumPath } from './tests/chromium.ts'

const alias = {
  '@': fileURLToPath(new URL('./src', import.meta.url)),
  '@tests': fileURLToPath(new URL('./tests', import.meta.url)),
}

export default defineConfig(({ mode }) => {
  const env = loadEnv(mode, process.cwd(), 'VITE_')
  // connect-src: the site, the identity provider and the team's feed.
  const origins = policyOrigins(env)
  return {
    plugins: [react(), contentSecurityPolicyMeta(origins), securityHeadersFile(origins), immutableAssets()],
    resolve: { alias },
    // Source maps are published only when asked for (VIGIL_SOURCEMAP=true), never by default.
    build: {
      manifest: true,
      sourcemap: process.env.VIGIL_SOURCEMAP === 'true',
      // Everything the first screen imports in one file: split into eight, the small shared pieces
      // arrived 50 ms after the entry (measured on the logged-out screen), and the screen waited.
      rolldownOptions: { output: { codeSplitting: { groups: [{ name: 'first-screen', tags: ['$initial'] }] } } },
    },
    preview: { headers: securityHeaders(origins) },
    // The import worker's dependencies are found at start-up too, so the dev server does not
    // re-optimise (and reload the page) the first time a file is imported.
    optimizeDeps: { entries: ['index.html', 'src/workspace/workers/import-and-sync.worker.ts'] },
    test: {
      // An awaited element or value is waited for until it comes: only a wrong one waits this long.
      expect: { poll: { timeout: 15_000 } },
      projects: [
        {
          extends: true,
          test: {
            name: 'unit',
            environment: 'node',
            include: ['src/**/*.test.ts', 'config/**/*.test.ts', 'scripts/**/*.test.ts', 'tests/idp/**/*.test.ts'],
          },
        },
        {
          extends: true,
          optimizeDeps: {
            include: [
              'react',
              'react-dom',
              'react-dom/client',
              '@mantine/core',
              '@mantine/hooks',
              '@mantine/charts',
              'vitest-browser-react',
              'vitest-browser-react/pure',
              'axe-core',
              'wouter',
              'wouter/memory-location',
              '@tabler/icons-react',
            ],
          },
          test: {
            name: 'browser',
            include: ['src/**/*.test.tsx'],
            // A test waits on events, never on time: the limits only end a test that hangs, and a
            // loaded machine (CI on two cores) takes several times as long as a quiet one.
            testTimeout: 60_000,
            hookTimeout: 60_000,
            setupFiles: ['tests/helpers/browser-setup.ts'],
            browser: {
              enabled: true,
              headless: true,
              provider: playwright({ launchOptions: { executablePath: chromiumPath, args: chromiumArgs } }),
              instances: [{ browser: 'chromium' }],
              viewport: { width: 1280, height: 800 },
            },
          },
        },
      ],
    },
  }
})
