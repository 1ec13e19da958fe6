import { parse } from 'smol-toml'
import { describe, expect, it } from 'vitest'
import { exportScenario } from '@tests/helpers/triage-export-scenario'
import { exportOsvScannerConfig } from './osv-scanner-config'

describe('OSV-Scanner config export', () => {
  it('writes [[IgnoredVulns]] with id, ignoreUntil (a TOML date) and reason', () => {
    const { payments } = exportScenario()
    const text = exportOsvScannerConfig(payments)!
    expect(text).toContain('ignoreUntil = 2026-06-30\n')
    const config = parse(text) as unknown as { IgnoredVulns: { id: string; ignoreUntil?: Date; reason: string }[] }
    expect(
      config.IgnoredVulns.map(({ id, ignoreUntil, reason }) => ({
        id,
        until: ignoreUntil?.toISOString().slice(0, 10),
        reason,
      })),
    ).toEqual([
      {
        id: 'CVE-2024-0001',
        until: undefined,
        reason: 'Not affected: Only the command-line tool calls it. (Alice, 2026-01-01, Vigil)',
      },
      {
        id: 'CVE-2024-0002',
        until: '2026-06-30',
        reason: 'Accepted risk until 2026-06-30: No untrusted input reaches the parser. (Alice, 2026-01-01, Vigil)',
      },
      {
        id: 'GHSA-xxxx-yyyy-zzzz',
        until: undefined,
        reason: 'False positive: The advisory is about another package of the same name. (Alice, 2026-01-01, Vigil)',
      },
    ])
  })

  it('leaves out an advisory that another finding it gets still has open: OSV-Scanner ignores by id alone', () => {
    const { items } = exportScenario()
    const config = parse(exportOsvScannerConfig(items)!) as unknown as { IgnoredVulns: { id: string }[] }
    // storefront's minimist finding of CVE-2024-0002 is open.
    expect(config.IgnoredVulns.map((entry) => entry.id)).toEqual(['CVE-2024-0001', 'GHSA-xxxx-yyyy-zzzz'])
  })

  it('writes nothing when nothing is suppressed', () => {
    const { items } = exportScenario()
    expect(exportOsvScannerConfig(items.filter((item) => item.finding.advisoryId === 'CVE-2024-0008'))).toBeUndefined()
  })
})
