import { strFromU8, unzipSync } from 'fflate'
import { describe, expect, it } from 'vitest'
import { logOf } from '@tests/helpers/triage'
import type { RepositoryDigest } from '@/workspace/projections/digest'
import { readDecisionsFile } from '@/workspace/triage/decisions-file'
import { zipFiles } from '@/workspace/triage/exports/bundle'
import { auditLogCsv, decisionExport } from './decision-exports'

const vulnerability = (repository: string, advisory: string) =>
  JSON.stringify({
    id: `Trivy:${advisory}|lodash@4.17.20`,
    key: `${advisory}|lodash@4.17.20`,
    title: advisory,
    severity: 'High',
    cve: advisory,
    aliases: [],
    package: 'lodash',
    packageVersion: '4.17.20',
    ecosystem: 'npm',
    tool: 'Trivy',
    file: `${repository}/package-lock.json`,
  })

const digests: RepositoryDigest[] = [
  { repository: 'payments', vulnerabilities: [vulnerability('payments', 'CVE-2024-0001')], endpoints: [] },
  { repository: 'storefront', vulnerabilities: [vulnerability('storefront', 'CVE-2024-0002')], endpoints: [] },
]

const log = logOf([
  {
    state: 'accepted-risk',
    expiresOn: '2026-06-01',
    reason: '=not reachable, "for now"',
    scope: { kind: 'advisory', repository: 'payments', advisoryId: 'CVE-2024-0001' },
  },
  { state: 'fixed', reason: 'upgraded', scope: { kind: 'advisory', advisoryId: 'CVE-2099-0009' } },
])
const now = new Date('2026-03-01T00:00:00Z')

describe('decisionExport', () => {
  it('writes the whole workspace: the decisions file, the formats, and a folder per decided repository', () => {
    const { files, stale } = decisionExport(digests, log, { now, author: 'Alice' })
    const paths = files.map((file) => file.path)
    expect(paths).toContain('vigil-decisions.json')
    expect(paths).toContain('.trivyignore.yaml')
    expect(paths).toContain('payments/osv-scanner.toml')
    expect(paths.some((path) => path.startsWith('storefront/'))).toBe(false)
    expect(readDecisionsFile(files.find((file) => file.path === 'vigil-decisions.json')!.text).decisions).toHaveLength(
      2,
    )
    expect(stale.map((entry) => entry.reason)).toEqual(['upgraded'])
  })

  it("writes one repository's files with the decisions that can concern it, and they zip", () => {
    const { files } = decisionExport(digests, log, { now, author: 'Alice', repository: 'storefront' })
    const decisions = readDecisionsFile(files.find((file) => file.path === 'vigil-decisions.json')!.text)
    expect(decisions.decisions.map((entry) => entry.reason)).toEqual(['upgraded'])
    expect(files.some((file) => file.path.includes('/'))).toBe(false)
    const unzipped = unzipSync(zipFiles(files, now))
    expect(Object.keys(unzipped)).toEqual(files.map((file) => file.path))
    expect(strFromU8(unzipped['vigil-decisions.json'])).toBe(files[0].text)
  })
})

describe('auditLogCsv', () => {
  it('writes who, when, the states and the reason of every entry, formulas made inert', () => {
    const lines = auditLogCsv(log).trim().split('\r\n')
    expect(lines[0]).toBe(
      'at,name,issuer,subject,scope,previous state,state,reason,justification,expires on,due on,used in tests,severity,bulk step,undoes',
    )
    expect(lines).toHaveLength(3)
    expect(lines[1]).toContain('Alice,https://id.example.com,u-1,CVE-2024-0001 in payments,needs-triage,accepted-risk')
    expect(lines[1]).toContain(`"'=not reachable, ""for now"""`)
    expect(lines[1]).toContain('2026-06-01')
  })
})
