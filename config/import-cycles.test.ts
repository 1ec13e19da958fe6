import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { cruise, type IConfiguration, type ICruiseResult } from 'dependency-cruiser'
import { afterAll, describe, expect, it } from 'vitest'

/** config/dependency-cruiser.cjs: no import cycle, type-only imports counted (import-x/no-cycle skips those). */
const config = createRequire(import.meta.url)('./dependency-cruiser.cjs') as IConfiguration

async function cyclesIn(paths: string[]): Promise<string[]> {
  const { output } = await cruise(paths, {
    ...config.options,
    ruleSet: { forbidden: config.forbidden },
    validate: true,
  })
  return (output as ICruiseResult).summary.violations.map((violation) =>
    [violation.from, ...(violation.cycle ?? []).map((step) => step.name)].join(' → '),
  )
}

describe('import cycles, type-only imports counted', () => {
  const folder = `test-results/type-cycle-fixture-${process.pid}`
  afterAll(() => rmSync(folder, { recursive: true, force: true }))

  it('are found when two modules import only types of each other', async () => {
    mkdirSync(folder, { recursive: true })
    writeFileSync(`${folder}/a.ts`, "import type { B } from './b'\nexport interface A { b?: B }\n")
    writeFileSync(`${folder}/b.ts`, "import type { A } from './a'\nexport interface B { a?: A }\n")
    writeFileSync(`${folder}/c.ts`, "import type { A } from './a'\nexport type C = A\n")

    const cycles = await cyclesIn([folder])

    expect(cycles).toHaveLength(1)
    expect(cycles.join('\n')).toContain(`${folder}/a.ts → ${folder}/b.ts → ${folder}/a.ts`)
    expect(cycles.join('\n')).not.toContain('c.ts')
  })

  it('are none in the app, its tests, the bench, the scripts and the configuration', async () => {
    expect(await cyclesIn(['src', 'tests', 'bench', 'scripts', 'config'])).toEqual([])
  }, 120_000)
})
