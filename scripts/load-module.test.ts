import { describe, expect, it } from 'vitest'
import type * as Glob from '@/workspace/triage/glob'
import { loadModule } from './load-module.mjs'

describe('loading one of the app’s modules into a script', () => {
  it('gives the module and leaves NODE_ENV as it was, so that a build started afterwards is a production build', async () => {
    const before = process.env.NODE_ENV
    try {
      delete process.env.NODE_ENV
      const { normalisePath } = (await loadModule('src/workspace/triage/glob.ts')) as typeof Glob
      expect(normalisePath('./src//a.ts')).toBe('src/a.ts')
      expect(process.env.NODE_ENV).toBeUndefined()
      process.env.NODE_ENV = 'production'
      await loadModule('src/workspace/triage/glob.ts')
      expect(process.env.NODE_ENV).toBe('production')
    } finally {
      process.env.NODE_ENV = before
    }
  })
})
