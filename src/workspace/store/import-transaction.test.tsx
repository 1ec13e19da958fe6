import { openDB } from 'idb'
import { describe, expect, it } from 'vitest'
import { closeTestWorkspacesAfterEach, createStoresOfVersion, freshWorkspace } from '@tests/helpers/test-workspace'
import { importFile, type ImportFileInput } from '@/workspace/import/import-file'
import type { JsonObject } from '@/workspace/files/json'
import { readTrivy } from '@/workspace/readers/trivy'
import { readHistory } from './history-records'
import { importResults } from './import-transaction'
import { findingsOf, listDigests, listRepositories, listRuns, readImportHistory } from './reads'
import type { WorkspaceDatabase } from './records'

closeTestWorkspacesAfterEach()

interface Result {
  rule: string
  file: string
  line: number
  fingerprint?: string
}

/** A CodeQL-shaped SARIF log of one language's analysis, as `codeql database analyze` writes it. */
const codeql = (language: string, results: Result[], endTime = '2026-11-20T10:00:00Z') =>
  JSON.stringify({
    version: '2.1.0',
    runs: [
      {
        tool: {
          driver: {
            name: 'CodeQL',
            rules: results.map((result) => ({
              id: result.rule,
              shortDescription: { text: `Rule ${result.rule}` },
              properties: { 'security-severity': '8.8' },
            })),
          },
        },
        automationDetails: { id: `/language:${language}/` },
        invocations: [{ executionSuccessful: true, endTimeUtc: endTime }],
        results: results.map((result) => ({
          ruleId: result.rule,
          level: 'error',
          message: { text: `Problem in ${result.file}` },
          partialFingerprints: result.fingerprint ? { primaryLocationLineHash: result.fingerprint } : undefined,
          locations: [
            { physicalLocation: { artifactLocation: { uri: result.file }, region: { startLine: result.line } } },
          ],
        })),
      },
    ],
  })

const inFolder = (repository: string, path: string, text: string): ImportFileInput => ({
  name: `${repository}/${path}`,
  blob: new Blob([text]),
  repository,
  repositoryFromFolder: true,
})

async function importAll(database: WorkspaceDatabase, files: ImportFileInput[]) {
  const outcomes = []
  for (const file of files)
    outcomes.push(
      await importFile(
        database,
        file,
        () => {},
        () => '2026-11-21T09:00:00Z',
      ),
    )
  return outcomes
}

const changesOf = (outcomes: Awaited<ReturnType<typeof importAll>>) =>
  outcomes.flatMap((outcome) => (outcome.status === 'imported' ? outcome.records.map((record) => record.changes) : []))

const javascript = codeql('javascript', [
  { rule: 'js/xss', file: 'web/app.js', line: 10, fingerprint: 'aa11:1' },
  { rule: 'js/sql-injection', file: 'web/db.js', line: 42, fingerprint: 'bb22:1' },
])
const python = codeql('python', [{ rule: 'py/path-injection', file: 'api/files.py', line: 7, fingerprint: 'cc33:1' }])

describe('the import transaction', () => {
  it('keeps CodeQL for JavaScript and for Python side by side: two runs of one tool', async () => {
    const database = await freshWorkspace()
    await importAll(database, [
      inFolder('shop', 'codeql-javascript.sarif', javascript),
      inFolder('shop', 'codeql-python.sarif', python),
    ])
    const [summary] = await listRepositories(database)
    expect(summary.counts.policyIssues).toBe(3)
    expect(summary.tools).toEqual(['CodeQL'])
    expect((await listRuns(database, 'shop')).map((run) => run.run).sort()).toEqual([
      'CodeQL|/language:javascript/',
      'CodeQL|/language:python/',
    ])
  })

  it('reports 0 new and 0 fixed, and changes no count, when the same folder is imported again', async () => {
    const database = await freshWorkspace()
    const folder = [
      inFolder('shop', 'codeql-javascript.sarif', javascript),
      inFolder('shop', 'codeql-python.sarif', python),
    ]
    await importAll(database, folder)
    const before = await listRepositories(database)
    const again = changesOf(await importAll(database, folder))
    expect(again).toEqual([
      { added: 0, updated: 0, unchanged: 2, fixed: 0 },
      { added: 0, updated: 0, unchanged: 1, fixed: 0 },
    ])
    expect((await listRepositories(database)).map((summary) => summary.counts)).toEqual(
      before.map((summary) => summary.counts),
    )
  })

  it('re-importing one language replaces only that language', async () => {
    const database = await freshWorkspace()
    await importAll(database, [
      inFolder('shop', 'codeql-javascript.sarif', javascript),
      inFolder('shop', 'codeql-python.sarif', python),
    ])
    const fewer = codeql('javascript', [{ rule: 'js/xss', file: 'web/app.js', line: 10, fingerprint: 'aa11:1' }])
    expect(changesOf(await importAll(database, [inFolder('shop', 'codeql-javascript.sarif', fewer)]))).toEqual([
      { added: 0, updated: 0, unchanged: 1, fixed: 1 },
    ])
    const rules = (await findingsOf(database, 'shop')).map((finding) =>
      finding.kind === 'policy-issue' ? finding.ruleId : '',
    )
    expect(rules.sort()).toEqual(['js/xss', 'py/path-injection'])
  })

  it('finds nothing new or fixed when every line moved by 3 and the fingerprints are the same', async () => {
    const database = await freshWorkspace()
    await importAll(database, [inFolder('shop', 'codeql-javascript.sarif', javascript)])
    const shifted = codeql('javascript', [
      { rule: 'js/xss', file: 'web/app.js', line: 13, fingerprint: 'aa11:1' },
      { rule: 'js/sql-injection', file: 'web/db.js', line: 45, fingerprint: 'bb22:1' },
    ])
    const [changes] = changesOf(await importAll(database, [inFolder('shop', 'codeql-javascript.sarif', shifted)]))
    expect(changes.added).toBe(0)
    expect(changes.fixed).toBe(0)
  })

  it('replaces nothing with a scan older than the one stored for its run, and says so', async () => {
    const database = await freshWorkspace()
    await importAll(database, [inFolder('shop', 'codeql-javascript.sarif', javascript)])
    const older = codeql('javascript', [], '2026-10-01T10:00:00Z')
    const [outcome] = await importAll(database, [inFolder('shop', 'codeql-javascript.sarif', older)])
    expect(outcome.status === 'imported' && outcome.records[0].warnings.join(' ')).toContain('older than the one')
    expect((await listRepositories(database))[0].counts.policyIssues).toBe(2)
  })

  it('counts one advisory once when npm audit names its GHSA and OSV-Scanner its CVE', async () => {
    const database = await freshWorkspace()
    const audit = JSON.stringify({
      auditReportVersion: 2,
      vulnerabilities: {
        minimist: {
          name: 'minimist',
          severity: 'critical',
          via: [
            {
              source: 1096,
              name: 'minimist',
              title: 'Prototype Pollution in minimist',
              url: 'https://github.com/advisories/GHSA-xvch-5gv4-984h',
              severity: 'critical',
              range: '<1.2.6',
            },
          ],
          range: '<1.2.6',
          nodes: ['node_modules/minimist'],
          fixAvailable: true,
        },
      },
      metadata: { vulnerabilities: { critical: 1, total: 1 } },
    })
    const osv = JSON.stringify({
      results: [
        {
          source: { path: 'package-lock.json', type: 'lockfile' },
          packages: [
            {
              package: { name: 'minimist', version: '1.2.5', ecosystem: 'npm' },
              vulnerabilities: [
                {
                  id: 'GHSA-xvch-5gv4-984h',
                  aliases: ['CVE-2021-44906'],
                  summary: 'Prototype Pollution in minimist',
                  affected: [
                    {
                      package: { name: 'minimist', ecosystem: 'npm' },
                      ranges: [{ type: 'SEMVER', events: [{ introduced: '0' }, { fixed: '1.2.6' }] }],
                    },
                  ],
                },
              ],
              groups: [{ ids: ['GHSA-xvch-5gv4-984h'] }],
            },
          ],
        },
      ],
    })
    await importAll(database, [inFolder('web', 'npm-audit.json', audit), inFolder('web', 'osv.json', osv)])
    const [summary] = await listRepositories(database)
    const advisories = new Set(
      (await listDigests(database)).digests[0].vulnerabilities.map((text) => (JSON.parse(text) as { cve: string }).cve),
    )
    expect(summary.counts.vulnerabilities).toBe(1)
    expect(advisories).toEqual(new Set(['CVE-2021-44906']))
  })
  it('keeps two Trivy scans of `.` in two folders of one repository: neither replaces the other', async () => {
    const database = await freshWorkspace()
    await importAll(database, [
      inFolder('shop', 'web/trivy.json', trivyOfDot(['CVE-2024-1', 'CVE-2024-2'])),
      inFolder('shop', 'api/trivy.json', trivyOfDot(['CVE-2024-3'])),
    ])
    expect((await listRepositories(database))[0].counts.vulnerabilities).toBe(3)
    const again = changesOf(await importAll(database, [inFolder('shop', 'web/trivy.json', trivyOfDot(['CVE-2024-1']))]))
    expect(again).toEqual([{ added: 0, updated: 0, unchanged: 1, fixed: 1 }])
    expect((await listRepositories(database))[0].counts.vulnerabilities).toBe(2)
  })

  it('takes over the run an older Vigil gave a scan of `.`: nothing new or fixed, and its history kept', async () => {
    const database = await freshWorkspace()
    // An older Vigil named the run by the scanned path alone (a file read without its name does still).
    const older = readTrivy(JSON.parse(trivyOfDot(['CVE-2024-1'], '2026-11-01T10:00:00Z')) as JsonObject)
    expect(older.run).toBe('Trivy|filesystem:.')
    await importResults(database, { file: 'shop/trivy.json', repository: 'shop', results: [older], now: NOW })
    const [outcome] = await importAll(database, [inFolder('shop', 'trivy.json', trivyOfDot(['CVE-2024-1']))])
    expect(changesOf([outcome])).toEqual([{ added: 0, updated: 0, unchanged: 1, fixed: 0 }])
    expect((await listRuns(database, 'shop')).map((run) => run.run)).toEqual(['Trivy|trivy.json'])
    const history = (await readHistory(database, 'shop')).repositories.get('shop')
    expect([...(history?.keys() ?? [])]).toEqual(['Trivy|trivy.json'])
    expect(history?.get('Trivy|trivy.json')?.scans).toHaveLength(2)
  })
})

const NOW = '2026-11-21T09:00:00Z'

/** A Trivy filesystem scan of `.` (`trivy fs . --format json`) with one npm advisory per id. */
const trivyOfDot = (ids: string[], createdAt = '2026-11-20T10:00:00Z') =>
  JSON.stringify({
    SchemaVersion: 2,
    CreatedAt: createdAt,
    ArtifactName: '.',
    ArtifactType: 'filesystem',
    Results: [
      {
        Target: 'package-lock.json',
        Class: 'lang-pkgs',
        Type: 'npm',
        Vulnerabilities: ids.map((id) => ({
          VulnerabilityID: id,
          PkgName: 'lodash',
          InstalledVersion: '4.17.20',
          Severity: 'HIGH',
        })),
      },
    ],
  })

describe('a workspace written by schema version 5', () => {
  /** The stores version 5 had, with one repository whose Semgrep findings were stored under the tool's name. */
  async function versionFive(name: string) {
    const old = await openDB(name, 5, { upgrade: (database) => createStoresOfVersion(database, 5) })
    const finding = (line: number) => ({
      kind: 'policy-issue',
      key: `xss|src/a.ts:${line}|`,
      tool: 'CodeQL',
      ruleId: 'js/xss',
      title: 'Cross-site scripting',
      message: 'found',
      enforcementStatus: 'Mandatory',
      severity: 'Unknown',
      cwes: [],
      location: { file: 'src/a.ts', line },
    })
    await old.put('repositories', {
      name: 'legacy',
      description: 'kept from version 5',
      url: '',
      isPrivate: true,
      languages: ['TypeScript'],
      scannedAt: '2026-11-01T10:00:00.000Z',
      tools: ['CodeQL'],
      counts: { policyIssues: 2, vulnerabilities: 0, bySeverity: {}, byEnforcement: { Mandatory: 2 } },
      apis: { endpoints: 0, sensitive: 0, exposed: 0, documents: [] },
    })
    await old.put('findings', { repository: 'legacy', tool: 'CodeQL', page: 0, findings: [finding(10), finding(20)] })
    await old.put('digests', { repository: 'legacy', vulnerabilities: [], endpoints: [] })
    old.close()
  }

  it('opens with its findings as runs, its summary kept and its digests rebuilt', async () => {
    const name = `vigil-workspace-v5-${crypto.randomUUID()}`
    await versionFive(name)
    const database = await freshWorkspace(name)
    expect(await listRepositories(database)).toMatchObject([{ name: 'legacy', description: 'kept from version 5' }])
    expect(await findingsOf(database, 'legacy')).toHaveLength(2)
    expect(await listRuns(database, 'legacy')).toMatchObject([
      { run: 'CodeQL', tool: 'CodeQL', modelVersion: 1, origin: { kind: 'hand' }, findings: 2 },
    ])
    expect((await listDigests(database)).digests.map((digest) => digest.repository)).toEqual(['legacy'])
  })

  it('replaces the old findings of a tool at its next import, reading them again instead of calling them fixed', async () => {
    const name = `vigil-workspace-v5-${crypto.randomUUID()}`
    await versionFive(name)
    const database = await freshWorkspace(name)
    const [changes] = changesOf(await importAll(database, [inFolder('legacy', 'codeql.sarif', javascript)]))
    expect(changes).toEqual({ added: 2, updated: 0, unchanged: 0, fixed: 0, reread: 2 })
    expect((await listRuns(database, 'legacy')).map((run) => run.modelVersion)).toEqual([2])
    expect(await findingsOf(database, 'legacy')).toHaveLength(2)
    expect((await readImportHistory(database, 1)).newest[0]?.run).toBe('CodeQL|/language:javascript/')
  })
})
