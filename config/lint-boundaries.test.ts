import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { ESLint } from 'eslint'
import { afterAll, describe, expect, it } from 'vitest'

/** The rules of eslint.config.js that ARCHITECTURE.md §2's layout rests on, each shown to fail. */
const eslint = new ESLint()

async function problems(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath })
  return result.messages.map((message) => `${message.ruleId}: ${message.message}`)
}

describe('lint boundaries', () => {
  it.each([
    ['src/lib/example.ts', "import { useState } from 'react'", 'lib holds no React code'],
    ['src/lib/example.ts', "import { readConfig } from '@/config/config'", 'lib is the bottom layer'],
    ['src/data/example.ts', "import { Badge } from '@mantine/core'", 'hold no React code'],
    ['src/workspace/example.ts', "import { useAuth } from '@/state/auth'", 'sit below api, state'],
    ['src/machines/example.ts', "import { AppRoutes } from '@/app/routes'", 'sit below api, state'],
    ['src/state/example.ts', "import { AppRoutes } from '@/app/routes'", 'never import screens, the app shell'],
    ['src/components/example.ts', "import { demoIdentities } from '@/demo-idp/identities'", 'the mocks'],
    [
      'src/screens/dashboard/example.ts',
      "import { PoliciesScreen } from '@/screens/policies/policies-screen'",
      'Screens never import each other',
    ],
    ['src/screens/dashboard/example.ts', "import { AppLayout } from '@/app/layout/app-layout'", 'app shell'],
    ['src/data/example.ts', "import { renderWithProviders } from '@tests/helpers/render'", 'Only tests import'],
    ['src/data/example.ts', "import { sampleOrganisation } from '../data/organisation'", 'through the @/ alias'],
  ])('%s: %s is refused', async (filePath, code, message) => {
    const found = await problems(filePath, `${code}\nexport const used = [${code.match(/\{ (\w+) \}/)?.[1]}]\n`)
    expect(found.join('\n')).toContain(message)
  })

  it('allows the layers to import downward', async () => {
    const code = "import { useAuth } from '@/state/auth'\nexport const used = [useAuth]\n"
    expect(await problems('src/screens/dashboard/example.tsx', code)).toEqual([])
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
