import { describe, expect, it } from 'vitest'
import { exportScenario } from '@tests/helpers/triage-export-scenario'
import { exportSarif } from './sarif'

/**
 * No installed package ships SARIF's JSON schema: the log is checked field by field against the
 * SARIF 2.1.0 specification (sarifLog, run, tool, result, location, suppression).
 */
interface SarifResult {
  ruleId?: string
  level?: string
  message: { text?: string }
  locations?: { physicalLocation: { artifactLocation: { uri: string }; region?: { startLine: number } } }[]
  suppressions: Record<string, unknown>[]
}
interface SarifRun {
  tool: { driver: { name: string; rules: { id: string }[] } }
  results: SarifResult[]
}

function expectValidSarif(log: Record<string, unknown>) {
  expect(log.version).toBe('2.1.0')
  expect(() => new URL(log.$schema as string)).not.toThrow()
  expect(
    Object.keys(log).every((key) =>
      ['$schema', 'version', 'runs', 'inlineExternalProperties', 'properties'].includes(key),
    ),
  ).toBe(true)
  for (const run of log.runs as SarifRun[]) {
    expect(typeof run.tool.driver.name).toBe('string')
    for (const rule of run.tool.driver.rules) expect(typeof rule.id).toBe('string')
    for (const result of run.results) {
      expect(typeof result.message.text).toBe('string')
      expect(['none', 'note', 'warning', 'error']).toContain(result.level)
      for (const location of result.locations ?? []) {
        expect(() => new URL(location.physicalLocation.artifactLocation.uri, 'file:///repo/')).not.toThrow()
        if (location.physicalLocation.region)
          expect(location.physicalLocation.region.startLine).toBeGreaterThanOrEqual(1)
      }
      expect(Array.isArray(result.suppressions)).toBe(true)
      expect(new Set(result.suppressions.map((s: unknown) => JSON.stringify(s))).size).toBe(result.suppressions.length)
      for (const suppression of result.suppressions) {
        expect(
          Object.keys(suppression).every((key) =>
            ['guid', 'kind', 'status', 'justification', 'location', 'properties'].includes(key),
          ),
        ).toBe(true)
        expect(['inSource', 'external']).toContain(suppression.kind)
        expect(['accepted', 'underReview', 'rejected']).toContain(suppression.status)
        expect(typeof suppression.justification).toBe('string')
      }
    }
  }
}

describe('SARIF export', () => {
  it('re-emits the code findings per tool, suppressed where the team decided so', () => {
    const { payments } = exportScenario()
    const log = JSON.parse(exportSarif(payments)!)
    expectValidSarif(log)
    expect(log.runs.map((run: { tool: { driver: { name: string } } }) => run.tool.driver.name)).toEqual([
      'CodeQL',
      'Trivy',
    ])
    const [codeql] = log.runs
    expect(codeql.tool.driver.rules).toEqual([
      { id: 'js/path-injection' },
      { id: 'js/sql-injection' },
      { id: 'js/xss' },
    ])
    expect(codeql.results[0]).toEqual({
      ruleId: 'js/sql-injection',
      level: 'error',
      message: { text: 'This query depends on a user-provided value.' },
      locations: [{ physicalLocation: { artifactLocation: { uri: 'src/db.ts' }, region: { startLine: 12 } } }],
      suppressions: [
        {
          kind: 'external',
          status: 'accepted',
          justification: 'False positive: The value is a constant. (Alice, 2026-01-01, Vigil)',
        },
      ],
    })
    expect(codeql.results[1].suppressions[0].justification).toBe(
      'Accepted risk until 2026-09-01: Test code. (Alice, 2026-01-01, Vigil)',
    )
    // Undecided: re-emitted with no suppression, so it stays open.
    expect(codeql.results[2]).toMatchObject({ ruleId: 'js/path-injection', suppressions: [] })
    // Trivy's misconfiguration had no SARIF level: one from its severity.
    expect(log.runs[1].results[0]).toMatchObject({ ruleId: 'AVD-AWS-0086', level: 'error' })
  })

  it('escapes what a URI cannot hold in a path', () => {
    const { payments } = exportScenario()
    const item = payments.find((entry) => entry.finding.kind === 'policy-issue')!
    const log = JSON.parse(exportSarif([{ ...item, finding: { ...item.finding, file: 'src\\my files/a#1.ts' } }])!)
    expect(log.runs[0].results[0].locations[0].physicalLocation.artifactLocation.uri).toBe('src/my%20files/a%231.ts')
  })

  it('writes nothing without code findings', () => {
    const { payments } = exportScenario()
    expect(exportSarif(payments.filter((item) => item.finding.kind === 'vulnerability'))).toBeUndefined()
  })
})
