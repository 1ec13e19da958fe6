import { readdirSync } from 'node:fs'
import js from '@eslint/js'
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript'
import importX from 'eslint-plugin-import-x'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

// The layers of docs/architecture.md: lib, config -> data -> queries -> workspace, and config -> auth
// (none of them React) -> machines -> api, state, components -> screens -> app -> main. demo-idp and
// mocks are reached only from the app shell and main. A screen is reached only through its entry file.
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
const folders = readdirSync('src', { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
const otherFolders = (folder) => folders.filter((name) => name !== folder)
/** What only the app shell and main.tsx import. */
const shellOnly = ['screens', 'app', 'mocks', 'demo-idp']
const upperLayers = ['api', 'state', 'components', ...shellOnly]

const workspaceLayer = [
  forbid('workspace holds no React code.', reactPackages),
  forbid(
    'workspace sits below machines, auth and the React layers: it imports data, queries, config and lib.',
    ...otherFolders('workspace')
      .filter((name) => !['data', 'queries', 'config', 'lib'].includes(name))
      .map(layerOf),
  ),
]
/** The rooms of src/workspace, bottom first: each imports only the rooms before it (src/workspace/README.md). */
const workspaceRooms = [
  'files',
  'model',
  'intelligence',
  'api-surface',
  'triage',
  'history',
  'readers',
  'connectors',
  'projections',
  'triage/exports',
  'feed/format',
  'store',
  'import',
  'feed/sync',
  'source',
  'feed/build',
  'workers',
]

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
  {
    files: ['src/**/*.{ts,tsx}', 'tests/**/*.{ts,tsx}', 'scripts/**/*.ts', 'bench/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': importX.flatConfigs.typescript.settings['import-x/extensions'],
      'import-x/parsers': importX.flatConfigs.typescript.settings['import-x/parsers'],
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: 'tsconfig.app.json' })],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  restrict(['src/**/*.{ts,tsx}']),
  restrict(
    ['src/lib/**'],
    forbid('lib holds no React code.', reactPackages),
    forbid('lib is the bottom layer: it imports no other folder of src.', ...otherFolders('lib').map(layerOf)),
  ),
  restrict(
    ['src/config/**'],
    forbid(
      'config reads the build settings: it imports nothing of src but lib.',
      ...otherFolders('config')
        .filter((name) => name !== 'lib')
        .map(layerOf),
    ),
  ),
  restrict(
    ['src/data/**'],
    forbid('data holds no React code.', reactPackages),
    forbid(
      'data holds the domain types and the sample and generated sources: it imports only lib.',
      ...otherFolders('data')
        .filter((name) => name !== 'lib')
        .map(layerOf),
    ),
  ),
  restrict(
    ['src/queries/**'],
    forbid('queries hold no React code.', reactPackages),
    forbid(
      'queries read data sources: they import only data and lib.',
      ...otherFolders('queries')
        .filter((name) => !['data', 'lib'].includes(name))
        .map(layerOf),
    ),
  ),
  restrict(['src/workspace/**'], ...workspaceLayer),
  ...workspaceRooms.map((room, index) => {
    const above = workspaceRooms.slice(index + 1).map((name) => layerOf(`workspace/${name}`))
    if (room === 'triage') above.push(['./exports', './exports/*'])
    const message = `The workspace's ${room} room imports only the rooms below it (src/workspace/README.md).`
    return restrict(
      [`src/workspace/${room}/**`],
      ...workspaceLayer,
      ...(above.length ? [forbid(message, ...above)] : []),
    )
  }),

  restrict(
    ['src/auth/**'],
    forbid('auth holds no React code.', reactPackages),
    forbid(
      'auth is the sign-in protocol: it imports only config and lib.',
      ...otherFolders('auth')
        .filter((name) => !['config', 'lib'].includes(name))
        .map(layerOf),
    ),
  ),
  restrict(
    ['src/machines/**'],
    forbid('machines hold no React code: hosts supply browser effects with provide().', reactPackages),
    forbid('machines sit below api, state, components, screens and the app.', ...upperLayers.map(layerOf)),
  ),
  restrict(
    ['src/api/**', 'src/state/**', 'src/components/**'],
    forbid('api, state and components never import screens, the app shell or the mocks.', ...shellOnly.map(layerOf)),
  ),
  // Outside a screen's folder, only its entry file (src/screens/<screen>/index.ts) is imported.
  restrict(
    ['src/app/**', 'src/main.tsx'],
    forbid('Import a screen through its entry file (@/screens/<screen>), never a file inside it.', ['@/screens/*/*']),
  ),
  ...screens.map((screen) =>
    restrict(
      [`src/screens/${screen}/**`],
      forbid('A screen imports another screen only through its entry file (@/screens/<screen>).', [
        '@/screens/*/*',
        `!@/screens/${screen}/*`,
      ]),
      forbid(`Within the ${screen} screen, import its own files relatively (./file).`, [
        `@/screens/${screen}`,
        `@/screens/${screen}/*`,
      ]),
      forbid('Screens never import the app shell or the mocks.', ...['app', 'mocks', 'demo-idp'].map(layerOf)),
    ),
  ),
  // The end-to-end tests and the test helpers reach a screen through its entry file too.
  {
    files: ['tests/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            forbid('Import a screen through its entry file (@/screens/<screen>), never a file inside it.', [
              '@/screens/*/*',
            ]),
          ],
        },
      ],
    },
  },
)
