import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { ESLint } from 'eslint'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

/** The rules of eslint.config.js that the layout of docs/architecture.md rests on, each shown to fail. */
const eslint = new ESLint()

async function problems(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath })
  return result.messages.map((message) => `${message.ruleId}: ${message.message}`)
}

describe('lint boundaries', () => {
  // The first lint loads the parsers and plugins, and import-x/no-cycle reads the whole app's import
  // graph (kept for the later lints): seconds on a busy machine, more than a test's time. Done
  // once here, so that each case below lints in milliseconds.
  beforeAll(async () => {
    await problems('src/app/example.tsx', "import { AppRoutes } from '@/app/routes'\nexport const used = [AppRoutes]\n")
  }, 120_000)

  it.each([
    ['src/lib/example.ts', "import { useState } from 'react'", 'lib holds no React code'],
    ['src/lib/example.ts', "import { readConfig } from '@/config/config'", 'lib is the bottom layer'],
    [
      'src/config/example.ts',
      "import { listRepositories } from '@/data/repositories'",
      'imports nothing of src but lib',
    ],
    ['src/data/example.ts', "import { Badge } from '@mantine/core'", 'data holds no React code'],
    [
      'src/data/example.ts',
      "import { filterEndpoints } from '@/queries/endpoints/endpoint-query'",
      'it imports only lib',
    ],
    ['src/queries/example.ts', "import { openWorkspace } from '@/workspace/store'", 'they import only data and lib'],
    ['src/workspace/example.ts', "import { useAuth } from '@/state/auth'", 'workspace sits below machines'],
    ['src/workspace/example.ts', "import { importMachine } from '@/machines/import.machine'", 'workspace sits below'],
    ['src/auth/example.ts', "import { listRepositories } from '@/data/repositories'", 'it imports only config and lib'],
    ['src/machines/example.ts', "import { AppRoutes } from '@/app/routes'", 'machines sit below api, state'],
    ['src/machines/example.ts', "import { useSelector } from '@xstate/react'", 'machines hold no React code'],
    ['src/state/example.ts', "import { AppRoutes } from '@/app/routes'", 'never import screens, the app shell'],
    ['src/components/example.ts', "import { demoIdentities } from '@/demo-idp/identities'", 'the mocks'],
    [
      'src/screens/dashboard/example.ts',
      "import { PoliciesScreen } from '@/screens/policies/policies-screen'",
      'only through its entry file',
    ],
    ['src/screens/dashboard/example.ts', "import { PingTile } from '@/screens/dashboard/ping-tile'", 'relatively'],
    ['src/app/example.ts', "import { RepositoryTable } from '@/screens/repositories/repository-table'", 'entry file'],
    ['tests/helpers/example.ts', "import { droppedFiles } from '@/screens/data-sources/dropped-files'", 'entry file'],
    ['src/screens/dashboard/example.ts', "import { AppLayout } from '@/app/layout/app-layout'", 'app shell'],
    ['src/data/example.ts', "import { renderWithProviders } from '@tests/helpers/render'", 'Only tests import'],
    ['src/data/example.ts', "import { sampleDataSource } from '../data/data-source'", 'through the @/ alias'],
  ])('%s: %s is refused', async (filePath, code, message) => {
    const found = await problems(filePath, `${code}\nexport const used = [${code.match(/\{ (\w+) \}/)?.[1]}]\n`)
    expect(found.join('\n')).toContain(message)
  })

  it.each([
    ['src/screens/dashboard/example.tsx', "import { useAuth } from '@/state/auth'"],
    ['src/screens/dashboard/example.tsx', "import { policiesScreen } from '@/screens/policies'"],
    ['src/app/example.tsx', "import { dashboardScreen } from '@/screens/dashboard'"],
    ['src/workspace/example.ts', "import { countExposure } from '@/data/endpoints'"],
    ['src/queries/example.ts', "import { listRepositories } from '@/data/repositories'"],
  ])('%s may import downward and through entry files: %s', async (filePath, code) => {
    const name = code.match(/\{ (\w+) \}/)?.[1]
    expect(await problems(filePath, `${code}\nexport const used = [${name}]\n`)).toEqual([])
  })

  // Each room of src/workspace, importing the room just above it (src/workspace/README.md).
  it.each([
    ['files', '@/workspace/model/model'],
    ['model', '@/workspace/intelligence/exploit-join'],
    ['intelligence', '@/workspace/api-surface/endpoint-classifier'],
    ['api-surface', '@/workspace/triage/decision'],
    ['triage', '@/workspace/history/finding-history'],
    ['triage', './exports/bundle'],
    ['history', '@/workspace/readers/detect'],
    ['readers', '@/workspace/projections/digest'],
    ['connectors', '@/workspace/projections/digest'],
    ['projections', '@/workspace/triage/exports/bundle'],
    ['triage/exports', '@/workspace/feed/format/manifest'],
    ['feed/format', '@/workspace/store/open'],
    ['store', '@/workspace/import/import-file'],
    ['import', '@/workspace/feed/sync/sync'],
    ['feed/sync', '@/workspace/source/workspace-source'],
    ['source', '@/workspace/feed/build/feed-builder'],
    ['feed/build', '@/workspace/workers/keep-advisory-index'],
  ])('the workspace room %s may not import %s', async (room, module) => {
    const found = await problems(
      `src/workspace/${room}/example.ts`,
      `import { x } from '${module}'\nexport const used = [x]\n`,
    )
    expect(found.join('\n')).toContain(`The workspace's ${room} room imports only the rooms below it`)
  })

  it.each([
    ['workers', '@/workspace/feed/build/feed-builder'],
    ['store', '@/workspace/feed/format/manifest'],
    ['triage/exports', '@/workspace/projections/digest'],
    ['projections', '@/workspace/triage/resolve'],
    ['files', '@/data/endpoints'],
  ])('the workspace room %s may import %s, below it', async (room, module) => {
    const found = await problems(
      `src/workspace/${room}/example.ts`,
      `import { x } from '${module}'\nexport const used = [x]\n`,
    )
    expect(found).toEqual([])
  })

  describe('import cycles', () => {
    const folder = `src/lib/cycle-fixture-${process.pid}`
    afterAll(() => rmSync(folder, { recursive: true, force: true }))

    it('are refused', async () => {
      mkdirSync(folder, { recursive: true })
      writeFileSync(`${folder}/a.ts`, "import { b } from './b'\nexport const a = () => b\n")
      writeFileSync(`${folder}/b.ts`, "import { a } from './a'\nexport const b = () => a\n")
      const [result] = await eslint.lintFiles([`${folder}/a.ts`])
      expect(result.messages.map((message) => message.ruleId)).toContain('import-x/no-cycle')
    })
  })
})
