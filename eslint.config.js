import { readdirSync } from 'node:fs'
import js from '@eslint/js'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

// ARCHITECTURE.md §2: data, auth, machines (no React) -> api, components -> screens -> app -> main.
const reactPackages = [
  'react',
  'react-dom',
  'react-dom/*',
  '@mantine/*',
  '@tabler/*',
  '@xstate/react',
  'wouter',
  'wouter/*',
  'swr',
]
const layerOf = (folder) => [`@/${folder}`, `@/${folder}/*`]
const outOfFolder = {
  group: ['../*'],
  message: 'Reach another folder through the @/ alias, so that layer rules apply.',
}

function forbid(message, ...groups) {
  return { group: groups.flat(), message }
}

const testHelpers = forbid('Only tests import test helpers.', ['@tests/*'])

/** One no-restricted-imports setting per folder: flat config lets the last setting of a rule win. */
function restrict(files, ...patterns) {
  return {
    files,
    ignores: ['**/*.test.*'],
    rules: { 'no-restricted-imports': ['error', { patterns: [testHelpers, outOfFolder, ...patterns] }] },
  }
}

const screens = readdirSync('src/screens')

export default tseslint.config(
  {
    ignores: [
      'dist',
      'dist-*',
      'coverage',
      'test-results',
      'playwright-report',
      'public/mockServiceWorker.js',
      'node_modules',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}', 'tests/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    files: ['scripts/**', 'bench/**', 'tests/idp/**'],
    rules: { 'no-console': 'off' },
  },
  restrict(['src/**/*.{ts,tsx}']),
  restrict(
    ['src/data/**', 'src/auth/**', 'src/machines/**'],
    forbid('data, auth and machines hold no React code.', reactPackages),
    forbid(
      'data, auth and machines sit at the bottom of the layers.',
      ...['api', 'components', 'screens', 'app', 'mocks'].map(layerOf),
    ),
  ),
  restrict(
    ['src/api/**', 'src/components/**'],
    forbid('api and components never import screens or the app shell.', layerOf('screens'), layerOf('app')),
  ),
  ...screens.map((screen) =>
    restrict(
      [`src/screens/${screen}/**`],
      forbid('Screens never import each other; move what they share to components or data.', [
        '@/screens/*',
        `!@/screens/${screen}`,
        `!@/screens/${screen}/*`,
      ]),
      forbid('Screens never import the app shell.', layerOf('app')),
    ),
  ),
)
