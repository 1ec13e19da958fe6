import { describe, expect, it } from 'vitest'
import { emptyCounts } from '@/data/findings'
import type { ScanCoverage } from '@/data/repositories'
import { readScanText } from '@/workspace/readers/detect'
import type { Finding, FormatId, ReadResult } from '@/workspace/model/model'
import { emptyApiSummary, type RepositorySummary, type RunRecord } from '@/workspace/model/repository-records'
import { coverageOf, coverageOfSummary, visibilityOfSummary } from '@/workspace/model/scan-coverage'
import { repositoryOf } from '@/workspace/source/repository-rows'
import { summaryOf } from './aggregates'

const run = (format: FormatId, tool: string = format): RunRecord => ({
  repository: 'shop',
  run: `${tool}:run`,
  tool,
  format,
  file: `${format}.json`,
  importedAt: '2026-11-20T10:00:00.000Z',
  scannedAt: '2026-11-20T10:00:00.000Z',
  timeSource: 'scan',
  modelVersion: 2,
  origin: { kind: 'hand' },
  findings: 0,
})

/** The summary an import writes of what was read, with the runs of the results. */
function summaryAfter(results: ReadResult[], before?: RepositorySummary, details?: { isPrivate?: boolean }) {
  return summaryOf({
    name: 'shop',
    findings: results.flatMap((result) => result.findings),
    runs: results.map((result) => run(result.format, result.tool)),
    results,
    documents: [],
    details,
    before,
  })
}

const swagger = JSON.stringify({
  swagger: '2.0',
  info: { title: 'Shop', version: '1' },
  paths: {
    '/customers': {
      post: {
        parameters: [
          {
            in: 'body',
            name: 'customer',
            schema: { type: 'object', properties: { email: { type: 'string', format: 'email' } } },
          },
        ],
        responses: { 201: { description: 'Created' } },
      },
    },
  },
})

const emptySarif = JSON.stringify({ version: '2.1.0', runs: [{ tool: { driver: { name: 'CodeQL' } }, results: [] }] })

const emptyGrype = JSON.stringify({
  matches: [],
  source: { type: 'directory', target: '.' },
  descriptor: { name: 'grype', version: '0.80.0', timestamp: '2026-11-20T10:00:00Z' },
})

/** A summary as a Vigil before coverage and visibility were kept wrote it. */
const olderSummary = (change: Partial<RepositorySummary>): RepositorySummary => ({
  name: 'shop',
  description: '',
  url: '',
  isPrivate: true,
  languages: [],
  scannedAt: '2026-11-01T10:00:00.000Z',
  tools: [],
  counts: emptyCounts(),
  apis: emptyApiSummary(),
  ...change,
})

describe('what reported on a repository', () => {
  it('tells each kind from the formats of its runs', () => {
    expect(coverageOf(['sarif'], [])).toEqual({ policyIssues: true, vulnerabilities: false, apiSurface: false })
    for (const format of ['osv-scanner', 'cyclonedx', 'grype', 'trivy', 'npm-audit'] as const)
      expect(coverageOf([format], [])).toEqual({ policyIssues: false, vulnerabilities: true, apiSurface: false })
    expect(coverageOf(['openapi'], [])).toEqual({ policyIssues: false, vulnerabilities: false, apiSurface: true })
    expect(coverageOf([], [])).toEqual({ policyIssues: false, vulnerabilities: false, apiSurface: false })
  })

  it('counts a kind a run reported findings of, whatever its format (Trivy’s misconfigurations, SARIF’s dependencies)', () => {
    const issue = { kind: 'policy-issue' } as Finding
    const vulnerability = { kind: 'vulnerability' } as Finding
    expect(coverageOf(['trivy'], [issue])).toEqual({ policyIssues: true, vulnerabilities: true, apiSurface: false })
    expect(coverageOf(['sarif'], [vulnerability])).toEqual({
      policyIssues: true,
      vulnerabilities: true,
      apiSurface: false,
    })
  })

  it('keeps in the summary that only an API description reported on a repository', () => {
    const summary = summaryAfter(readScanText(swagger))
    expect(summary.tools).toEqual([])
    expect(summary.coverage).toEqual({ policyIssues: false, vulnerabilities: false, apiSurface: true })
    expect(summary.apis).toMatchObject({ endpoints: 1, sensitive: 1, exposed: 1 })
    const row = repositoryOf(summary, Date.parse('2026-11-21T10:00:00Z'))
    expect(row.coverage).toEqual(summary.coverage)
    expect(row.tabSummary?.policyIssues).toBe(
      'No code scanner has reported on this repository yet, so its policy issues are not known.',
    )
    expect(row.tabSummary?.vulnerabilities).toBe(
      'No dependency scanner has reported on this repository yet, so its vulnerabilities are not known.',
    )
  })

  it('says a scanner that found nothing looked: a SARIF run for policy issues, Grype for vulnerabilities', () => {
    const summary = summaryAfter([...readScanText(emptySarif), ...readScanText(emptyGrype)])
    expect(summary.coverage).toEqual({ policyIssues: true, vulnerabilities: true, apiSurface: false })
    const row = repositoryOf(summary, Date.parse('2026-11-21T10:00:00Z'))
    expect(row.tabSummary?.policyIssues).toBe('0 policy issues, 0 of them mandatory, from CodeQL, Grype.')
    expect(row.tabSummary?.vulnerabilities).toBe('0 vulnerabilities: 0 critical, 0 high, 0 medium, 0 low.')
  })

  it.each<[string, string[], Partial<RepositorySummary>, ScanCoverage]>([
    ['no tool', [], {}, { policyIssues: false, vulnerabilities: false, apiSurface: false }],
    ['a dependency scanner', ['Grype'], {}, { policyIssues: false, vulnerabilities: true, apiSurface: false }],
    ['a code scanner', ['Semgrep'], {}, { policyIssues: true, vulnerabilities: false, apiSurface: false }],
    ['both', ['CodeQL', 'npm audit'], {}, { policyIssues: true, vulnerabilities: true, apiSurface: false }],
    [
      'Trivy with misconfigurations',
      ['Trivy'],
      { counts: { ...emptyCounts(), policyIssues: 2 } },
      { policyIssues: true, vulnerabilities: true, apiSurface: false },
    ],
    [
      'an API description alone',
      [],
      {
        apis: {
          ...emptyApiSummary(),
          documents: [
            {
              title: 'Shop',
              specification: 'Swagger 2.0',
              tool: 'Shop 1',
              file: 'swagger.json',
              endpoints: 1,
              importedAt: '2026-11-01T10:00:00.000Z',
            },
          ],
        },
      },
      { policyIssues: false, vulnerabilities: false, apiSurface: true },
    ],
  ])('tells it of a summary an older Vigil wrote from its tools: %s', (_, tools, change, coverage) => {
    expect(coverageOfSummary(olderSummary({ tools, ...change }))).toEqual(coverage)
  })
})

describe('a repository’s visibility', () => {
  it('is unknown where no source said, and not the private an older Vigil wrote by default', () => {
    const summary = summaryAfter(readScanText(swagger))
    expect(summary).not.toHaveProperty('visibility')
    expect(summary).not.toHaveProperty('isPrivate')
    expect(visibilityOfSummary(summary)).toBeUndefined()
    expect(repositoryOf(summary, Date.now()).isPrivate).toBeUndefined()
    expect(visibilityOfSummary(olderSummary({ isPrivate: true }))).toBeUndefined()
    expect(visibilityOfSummary(olderSummary({ isPrivate: false }))).toBe(false)
  })

  it('is what a feed’s manifest said, kept through later imports that say nothing of it', () => {
    const said = summaryAfter(readScanText(emptyGrype), undefined, { isPrivate: true })
    expect(said.visibility).toBe('private')
    const later = summaryAfter(readScanText(emptySarif), said)
    expect(later.visibility).toBe('private')
    expect(summaryAfter(readScanText(emptySarif), later, { isPrivate: false }).visibility).toBe('public')
    // An older summary's public stays public; its private, which may be the old default, does not stay.
    expect(summaryAfter(readScanText(emptySarif), olderSummary({ isPrivate: false })).visibility).toBe('public')
    expect(summaryAfter(readScanText(emptySarif), olderSummary({ isPrivate: true }))).not.toHaveProperty('visibility')
  })
})
