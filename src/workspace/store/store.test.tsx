import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  closeTestWorkspacesAfterEach,
  createStoresOfVersion,
  freshWorkspace,
  olderWorkspace,
  pagesAsObjects,
  runsAsRecords,
} from '@tests/helpers/test-workspace'
import { importFile, type ImportFileInput } from '@/workspace/import/import-file'
import { locationOf } from '@/workspace/model/model'
import type { StoredAdvisoryIndex } from '@/workspace/projections/advisory-index'
import type { KeptTimeline } from '@/workspace/projections/workspace-times'
import {
  findingsOf,
  listDigests,
  readAdvisoryIndex,
  saveAdvisoryIndex,
  keepTimeline,
  readKeptTimeline,
  readImportHistory,
  listRuns as _listRuns,
  listRepositories,
} from './reads'
import { removeRuns } from './run-removal'
import { findingsOfPage, unpackPages } from './finding-pages'
import { openWorkspace } from './open'
import { PAGE_SIZE } from './finding-pages'
import { workspaceName, deleteWorkspace } from './workspace-names'
import type { WorkspaceDatabase } from './records'

closeTestWorkspacesAfterEach()
afterEach(() => vi.restoreAllMocks())

const sarif = (results: { ruleId: string; file: string; line: number; text?: string }[], repositoryUri?: string) =>
  JSON.stringify({
    version: '2.1.0',
    runs: [
      {
        tool: { driver: { name: 'Semgrep', rules: [{ id: 'xss', shortDescription: { text: 'Unescaped output' } }] } },
        versionControlProvenance: repositoryUri ? [{ repositoryUri }] : undefined,
        invocations: [{ endTimeUtc: '2026-11-20T10:00:00Z' }],
        results: results.map((result) => ({
          ruleId: result.ruleId,
          level: 'error',
          message: { text: result.text ?? 'found' },
          locations: [
            { physicalLocation: { artifactLocation: { uri: result.file }, region: { startLine: result.line } } },
          ],
        })),
      },
    ],
  })

const file = (name: string, text: string | Uint8Array, extra: Partial<ImportFileInput> = {}): ImportFileInput => ({
  name,
  blob: new Blob([text as BlobPart]),
  ...extra,
})

const run = (database: WorkspaceDatabase, input: ImportFileInput) =>
  importFile(
    database,
    input,
    () => {},
    () => '2026-11-21T09:00:00Z',
  )

describe('the workspace store', () => {
  it('imports a file into its repository: a summary with counts and languages, findings, and an import record', async () => {
    const database = await freshWorkspace()
    const outcome = await run(
      database,
      file(
        'semgrep.sarif',
        sarif(
          [
            { ruleId: 'xss', file: 'web/src/app.tsx', line: 4 },
            { ruleId: 'xss', file: 'web/src/app.tsx', line: 4 },
            { ruleId: 'xss', file: 'api/server.py', line: 9 },
          ],
          'git@github.com:acme/storefront.git',
        ),
      ),
    )
    expect(outcome).toMatchObject({ status: 'imported', repository: 'storefront', formatName: 'SARIF 2.1.0' })
    const [summary] = await listRepositories(database)
    expect(summary).toMatchObject({
      name: 'storefront',
      scannedAt: '2026-11-20T10:00:00.000Z',
      tools: ['Semgrep'],
      languages: ['TypeScript', 'Python'],
      counts: { policyIssues: 2, vulnerabilities: 0, byEnforcement: { Mandatory: 2, Recommended: 0, Optional: 0 } },
    })
    expect(await findingsOf(database, 'storefront')).toHaveLength(2)
    const {
      newest: [record],
    } = await readImportHistory(database, 50)
    expect(record).toMatchObject({
      file: 'semgrep.sarif',
      tool: 'Semgrep',
      changes: { added: 2, updated: 0, unchanged: 0, fixed: 0 },
    })
  })

  it('replaces a tool’s findings on re-import and records what is new, changed, unchanged and fixed', async () => {
    const database = await freshWorkspace()
    const repository = { repository: 'payments' }
    await run(
      database,
      file(
        'a.sarif',
        sarif([
          { ruleId: 'xss', file: 'a.ts', line: 1 },
          { ruleId: 'xss', file: 'b.ts', line: 2 },
          { ruleId: 'xss', file: 'c.ts', line: 3 },
        ]),
        repository,
      ),
    )
    const second = await run(
      database,
      file(
        'a.sarif',
        sarif([
          { ruleId: 'xss', file: 'a.ts', line: 1 },
          { ruleId: 'xss', file: 'b.ts', line: 2, text: 'found, worded anew' },
          { ruleId: 'xss', file: 'd.ts', line: 4 },
        ]),
        repository,
      ),
    )
    expect(second.status === 'imported' && second.records[0].changes).toEqual({
      added: 1,
      updated: 1,
      unchanged: 1,
      fixed: 1,
    })
    const files = (await findingsOf(database, 'payments')).map((finding) => locationOf(finding)?.file)
    expect(files.sort()).toEqual(['a.ts', 'b.ts', 'd.ts'])
  })

  it('stores findings in pages of a thousand per repository and run', async () => {
    const database = await freshWorkspace()
    const results = Array.from({ length: 2500 }, (_, index) => ({ ruleId: 'xss', file: `f${index}.ts`, line: 1 }))
    await run(database, file('big.sarif', sarif(results), { repository: 'big' }))
    const pages = unpackPages(await database.getAllFromIndex('pages', 'repository', 'big'))
    expect(pages.map((page) => findingsOfPage(page).length)).toEqual([PAGE_SIZE, PAGE_SIZE, 500])
  })

  it('reads gzip-compressed files', async () => {
    const database = await freshWorkspace()
    const compressed = new Uint8Array(
      await new Response(
        new Blob([sarif([{ ruleId: 'xss', file: 'a.ts', line: 1 }])])
          .stream()
          .pipeThrough(new CompressionStream('gzip')),
      ).arrayBuffer(),
    )
    const outcome = await run(database, file('scan.sarif.gz', compressed, { repository: 'zipped' }))
    expect(outcome.status).toBe('imported')
  })

  it('prefers the folder a file came in and the dialog’s choice over the repository the file names', async () => {
    const database = await freshWorkspace()
    const named = sarif([{ ruleId: 'xss', file: 'a.ts', line: 1 }], 'https://github.com/acme/from-file')
    expect(
      await run(database, file('folder/x.sarif', named, { repository: 'folder', repositoryFromFolder: true })),
    ).toMatchObject({ repository: 'folder' })
    expect(await run(database, file('x.sarif', named, { repository: 'chosen' }))).toMatchObject({
      repository: 'chosen',
    })
    expect(await run(database, file('x.sarif', named))).toMatchObject({ repository: 'from-file' })
  })

  it('asks for a repository when neither the file nor a folder names one, suggesting the file name', async () => {
    const database = await freshWorkspace()
    expect(
      await run(
        database,
        file('osv-results.json', JSON.stringify({ results: [{ source: { path: 'go.sum' }, packages: [] }] })),
      ),
    ).toEqual({
      status: 'needs-repository',
      file: 'osv-results.json',
      formatName: 'OSV-Scanner JSON',
      suggestion: 'osv-results',
    })
    expect(await listRepositories(database)).toEqual([])
  })

  it('refuses a bad file with a reason and changes nothing', async () => {
    const database = await freshWorkspace()
    await run(database, file('good.sarif', sarif([{ ruleId: 'xss', file: 'a.ts', line: 1 }]), { repository: 'kept' }))
    const before = await listRepositories(database)
    for (const [name, content, reason] of [
      ['empty.json', '', 'The file is empty.'],
      ['cut.sarif', sarif([{ ruleId: 'xss', file: 'a.ts', line: 1 }]).slice(0, 80), 'not valid JSON'],
      ['photo.png', new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 0, 0]), 'binary'],
    ] as const) {
      const outcome = await run(database, file(name, content, { repository: 'kept' }))
      expect(outcome.status === 'refused' && outcome.reason).toContain(reason)
    }
    expect(await listRepositories(database)).toEqual(before)
    expect((await readImportHistory(database, 50)).count).toBe(1)
  })

  it('reads the import history as its count and the newest few, newest first', async () => {
    const database = await freshWorkspace()
    for (const repository of ['first', 'second', 'third'])
      await run(
        database,
        file(`${repository}.sarif`, sarif([{ ruleId: 'xss', file: 'a.ts', line: 1 }]), { repository }),
      )
    const history = await readImportHistory(database, 2)
    expect(history.count).toBe(3)
    expect(history.newest.map((record) => record.repository)).toEqual(['third', 'second'])
    expect((await readImportHistory(database, 50)).newest).toHaveLength(3)
  })

  it('lands nothing of a file when storage fills up mid-import, and says storage is full', async () => {
    const database = await freshWorkspace()
    await run(database, file('first.sarif', sarif([{ ruleId: 'xss', file: 'a.ts', line: 1 }]), { repository: 'full' }))
    const put = IDBObjectStore.prototype.put
    let calls = 0
    vi.spyOn(IDBObjectStore.prototype, 'put').mockImplementation(function (this: IDBObjectStore, ...args) {
      calls += 1
      if (calls === 2) throw new DOMException('Quota exceeded', 'QuotaExceededError')
      return put.apply(this, args)
    })
    const results = Array.from({ length: 1500 }, (_, index) => ({ ruleId: 'xss', file: `g${index}.ts`, line: 1 }))
    const outcome = await run(database, file('second.sarif', sarif(results), { repository: 'full' }))
    expect(outcome.status === 'refused' && outcome.reason).toMatch(
      /storage for Vigil is full: nothing of this file was saved/,
    )
    vi.restoreAllMocks()
    expect((await findingsOf(database, 'full')).map((finding) => locationOf(finding)?.file)).toEqual(['a.ts'])
    expect((await readImportHistory(database, 50)).count).toBe(1)
  })

  it('keeps both of two imports into one repository that run at the same time (two tabs)', async () => {
    const name = `vigil-workspace-test-${crypto.randomUUID()}`
    const first = await freshWorkspace(name)
    const second = await freshWorkspace(name)
    const npmAudit = JSON.stringify({
      auditReportVersion: 2,
      vulnerabilities: {
        lodash: {
          name: 'lodash',
          severity: 'high',
          via: [
            {
              source: 1,
              title: 'Prototype pollution',
              url: 'https://github.com/advisories/GHSA-p6mc-m468-83gw',
              severity: 'high',
            },
          ],
          nodes: ['node_modules/lodash'],
        },
      },
    })
    await Promise.all([
      run(
        first,
        file(
          'semgrep.sarif',
          sarif([
            { ruleId: 'xss', file: 'a.ts', line: 1 },
            { ruleId: 'xss', file: 'b.ts', line: 2 },
          ]),
          { repository: 'shared' },
        ),
      ),
      run(second, file('audit.json', npmAudit, { repository: 'shared' })),
    ])
    const [summary] = await listRepositories(first)
    expect(summary.tools).toEqual(['Semgrep', 'npm audit'])
    expect(summary.counts).toMatchObject({ policyIssues: 2, vulnerabilities: 1 })
  })

  it('lands a file whole or not at all when its worker is stopped mid-import (a tab closed)', async () => {
    const name = `vigil-workspace-test-${crypto.randomUUID()}`
    const results = Array.from({ length: 60_000 }, (_, index) => ({ ruleId: 'xss', file: `f${index}.ts`, line: 1 }))
    const worker = new Worker(new URL('../workers/import-and-sync.worker.ts', import.meta.url), { type: 'module' })
    const writing = new Promise<void>((resolve) => {
      worker.onmessage = ({ data }) => {
        if (data.type === 'progress' && data.phase === 'writing') resolve()
      }
    })
    worker.postMessage({
      type: 'import',
      database: name,
      files: [file('big.sarif', sarif(results), { repository: 'cut' })],
    })
    await writing
    worker.terminate()
    const database = await freshWorkspace(name)
    const stored = (await findingsOf(database, 'cut')).length
    const summaries = await listRepositories(database)
    expect([0, 60_000]).toContain(stored)
    expect(summaries.map((summary) => summary.counts.policyIssues)).toEqual(stored ? [60_000] : [])
    expect((await readImportHistory(database, 50)).count).toBe(stored ? 1 : 0)
  })

  it('gives every identity its own workspace', async () => {
    const ada = await workspaceName('https://id.example', 'ada')
    expect(await workspaceName('https://id.example', 'ada')).toBe(ada)
    expect(await workspaceName('https://id.example', 'bob')).not.toBe(ada)
    expect(await workspaceName('https://other.example', 'ada')).not.toBe(ada)
  })
})

describe('schema migrations', () => {
  it('adds API counts to the repository summaries of a version 1 workspace, keeping everything else', async () => {
    const { openDB } = await import('idb')
    const name = `vigil-workspace-migration-${crypto.randomUUID()}`
    const old = await openDB(name, 1, { upgrade: (database) => createStoresOfVersion(database, 1) })
    await old.put('repositories', { name: 'legacy', description: 'from version 1', tools: ['Semgrep'] })
    old.close()
    const database = await openWorkspace(name)
    const [summary] = await listRepositories(database)
    expect(summary).toMatchObject({
      name: 'legacy',
      description: 'from version 1',
      tools: ['Semgrep'],
      apis: { endpoints: 0, sensitive: 0, exposed: 0, documents: [] },
    })
    database.close()
    await deleteWorkspace(name)
  })

  it('turns the findings of a version 7 workspace’s pages into JSON text, the same findings read back', async () => {
    const source = await freshWorkspace()
    await run(
      source,
      file('semgrep.sarif', sarif([1, 2, 3].map((line) => ({ ruleId: 'xss', file: 'a.ts', line }))), {
        repository: 'shop',
      }),
    )
    const expected = await findingsOf(source, 'shop')
    expect(expected).toHaveLength(3)
    const name = `vigil-workspace-migration-${crypto.randomUUID()}`
    await olderWorkspace(name, 7, source)

    const database = await openWorkspace(name)
    const [page] = unpackPages(await database.getAll('pages'))
    expect(page).not.toHaveProperty('findings')
    expect(findingsOfPage(page)).toEqual(expected)
    expect(await findingsOf(database, 'shop')).toEqual(expected)
    expect((await listRepositories(database)).map((summary) => summary.name)).toEqual(['shop'])
    database.close()
    await deleteWorkspace(name)
  })
})

describe('a workspace with a page that lost its findings list', () => {
  it('opens from version 6: the page counts as empty, the run’s other findings stay and start its history', async () => {
    const source = await freshWorkspace()
    await run(
      source,
      file('semgrep.sarif', sarif([1, 2].map((line) => ({ ruleId: 'xss', file: 'a.ts', line }))), {
        repository: 'shop',
      }),
    )
    const expected = await findingsOf(source, 'shop')
    const [stored] = await runsAsRecords(source)
    const name = `vigil-workspace-migration-${crypto.randomUUID()}`
    const { findings: _findings, ...broken } = (await pagesAsObjects(source))[0]
    await olderWorkspace(name, 6, source, async (old) => {
      await old.put('pages', { ...broken, page: 1 })
    })

    const database = await openWorkspace(name)
    expect(await findingsOf(database, 'shop')).toEqual(expected)
    const [
      {
        history: [history],
      },
    ] = await database.getAll('repositoryRuns')
    expect(history).toMatchObject({ repository: 'shop', run: stored.run })
    expect([...history.findings.keys()].sort()).toEqual(expected.map((finding) => finding.key).sort())
    database.close()
    await deleteWorkspace(name)
  })
})

describe('repository digests for the organisation-wide screens', () => {
  const grype = (id: string, related: string[], version: string) =>
    JSON.stringify({
      descriptor: { name: 'grype' },
      matches: [
        {
          vulnerability: {
            id,
            severity: 'High',
            description: 'Prototype pollution\nA long description the digest leaves out',
          },
          relatedVulnerabilities: related.map((each) => ({ id: each })),
          artifact: { name: 'minimist', version },
        },
      ],
    })

  it('keeps one digest per repository, rewritten on re-import and removed with the repository', async () => {
    const database = await freshWorkspace()
    await run(
      database,
      file('a/grype.json', grype('GHSA-xvch-5gv4-984h', ['CVE-2021-44906'], '1.2.5'), { repository: 'a' }),
    )
    await run(database, file('b/grype.json', grype('CVE-2021-44906', [], '1.2.5'), { repository: 'b' }))
    let { digests } = await listDigests(database)
    expect(digests.map((digest) => digest.repository).sort()).toEqual(['a', 'b'])
    const [entry] = digests.find((digest) => digest.repository === 'a')!.vulnerabilities
    expect(JSON.parse(entry)).toMatchObject({
      cve: 'CVE-2021-44906',
      aliases: ['GHSA-xvch-5gv4-984h'],
      package: 'minimist',
    })
    expect(entry).not.toContain('A long description')

    await run(database, file('a/grype.json', grype('CVE-2021-44906', [], '1.2.6'), { repository: 'a' }))
    ;({ digests } = await listDigests(database))
    expect(JSON.parse(digests.find((digest) => digest.repository === 'a')!.vulnerabilities[0]).packageVersion).toBe(
      '1.2.6',
    )

    await removeRuns(database, 'b', () => true)
    expect((await listDigests(database)).digests.map((digest) => digest.repository)).toEqual(['a'])
  })

  it('reads every digest in key order, a few hundred at a time', async () => {
    const database = await freshWorkspace()
    const names = Array.from({ length: 1203 }, (_, index) => `repository-${String(index).padStart(4, '0')}`)
    const transaction = database.transaction('digests', 'readwrite')
    for (const name of names) void transaction.store.put({ repository: name, vulnerabilities: [name], endpoints: [] })
    await transaction.done
    const { digests } = await listDigests(database)
    expect(digests.map((digest) => digest.repository)).toEqual(names)
  })

  it('counts each change to the findings, and keeps an advisory index only for the findings it was built from', async () => {
    const database = await freshWorkspace()
    const index = (generation: number): StoredAdvisoryIndex => ({
      name: 'vulnerabilities',
      generation,
      repositories: ['a'],
      groups: [],
      ecosystems: [],
    })
    expect((await listDigests(database)).generation).toBe(0)
    await run(database, file('a/grype.json', grype('CVE-2021-44906', [], '1.2.5'), { repository: 'a' }))
    expect((await listDigests(database)).generation).toBe(1)

    expect(await saveAdvisoryIndex(database, index(1))).toBe(true)
    expect((await readAdvisoryIndex(database))?.generation).toBe(1)

    // An import after the digests were read: the index built from them is refused, the kept one goes stale.
    await run(database, file('b/grype.json', grype('CVE-2021-44906', [], '1.2.5'), { repository: 'b' }))
    expect(await saveAdvisoryIndex(database, index(1))).toBe(false)
    expect(await readAdvisoryIndex(database)).toBeUndefined()
    expect(await saveAdvisoryIndex(database, index(2))).toBe(true)
    expect(await readAdvisoryIndex(database)).toBeDefined()

    await removeRuns(database, 'b', () => true)
    expect(await readAdvisoryIndex(database)).toBeUndefined()
    expect((await listDigests(database)).generation).toBe(3)
  })

  it('keeps the dashboard’s timeline while the findings, the inputs and the time it holds for are the same', async () => {
    const database = await freshWorkspace()
    await run(database, file('a/grype.json', grype('CVE-2021-44906', [], '1.2.5'), { repository: 'a' }))
    const timeline: KeptTimeline = {
      trends: {
        open: {
          days: ['2026-11-26'],
          bySeverity: { Critical: [1], High: [0], Medium: [0], Low: [0], Unknown: [0] },
          total: [1],
        },
        weeks: [],
      },
      overdue: { Critical: 1, High: 0, Medium: 0, Low: 0, Unknown: 0 },
      validUntil: Date.UTC(2026, 10, 27),
    }
    const now = Date.UTC(2026, 10, 26, 12)
    expect(await keepTimeline(database, { name: 'timeline', generation: 1, inputs: 'x', timeline })).toBe(true)
    expect(await readKeptTimeline(database, 'x', now)).toEqual(timeline)
    // Other decisions or days to fix, or past the time it held until: worked out again.
    expect(await readKeptTimeline(database, 'y', now)).toBeUndefined()
    expect(await readKeptTimeline(database, 'x', Date.UTC(2026, 10, 27))).toBeUndefined()
    // A change to the findings makes it stale, and one worked out before that change is refused.
    await run(database, file('b/grype.json', grype('CVE-2021-44906', [], '1.2.5'), { repository: 'b' }))
    expect(await readKeptTimeline(database, 'x', now)).toBeUndefined()
    expect(await keepTimeline(database, { name: 'timeline', generation: 1, inputs: 'x', timeline })).toBe(false)
    // Kept beside the advisory index, neither replaces the other.
    expect(await keepTimeline(database, { name: 'timeline', generation: 2, inputs: 'x', timeline })).toBe(true)
    expect(
      await saveAdvisoryIndex(database, {
        name: 'vulnerabilities',
        generation: 2,
        repositories: [],
        groups: [],
        ecosystems: [],
      }),
    ).toBe(true)
    expect(await readKeptTimeline(database, 'x', now)).toEqual(timeline)
  })

  it('builds the digests of a workspace made before version 4 from its stored findings', async () => {
    const { openDB } = await import('idb')
    const name = `vigil-workspace-migration-${crypto.randomUUID()}`
    const old = await openDB(name, 3, { upgrade: (database) => createStoresOfVersion(database, 3) })
    await old.put('repositories', { name: 'legacy', tools: ['Grype'] })
    const vulnerability = {
      kind: 'vulnerability',
      key: 'CVE-1|left-pad@1.0.0',
      tool: 'Grype',
      advisoryId: 'CVE-1',
      aliases: [],
      title: 'Old finding',
      description: '',
      severity: 'Low',
      cwes: [],
      packageName: 'left-pad',
      packageVersion: '1.0.0',
    }
    await old.put('findings', { repository: 'legacy', tool: 'Grype', page: 0, findings: [vulnerability] })
    old.close()
    const database = await openWorkspace(name)
    const {
      digests: [digest],
    } = await listDigests(database)
    expect(digest.repository).toBe('legacy')
    expect(JSON.parse(digest.vulnerabilities[0])).toMatchObject({ cve: 'CVE-1', package: 'left-pad', severity: 'Low' })
    // Its pages moved to runs, and on to JSON text: the finding reads back whole.
    expect(await findingsOf(database, 'legacy')).toEqual([vulnerability])
    database.close()
    await deleteWorkspace(name)
  })
})

describe('API descriptions in the workspace', () => {
  const api = (version: string, paths: Record<string, unknown>) =>
    JSON.stringify({ openapi: '3.1.0', info: { title: 'Shop API', version }, security: [], paths })
  const exposedSignup = {
    post: {
      requestBody: { content: { 'application/json': { schema: { properties: { email: { format: 'email' } } } } } },
    },
  }

  it('counts endpoints, sensitive ones and those with no auth, lists the description, and replaces it on re-import', async () => {
    const database = await freshWorkspace()
    const first = await run(
      database,
      file('shop/openapi.json', api('1', { '/signup': exposedSignup, '/health': { get: {} } }), { repository: 'shop' }),
    )
    expect(first.status === 'imported' && first.records[0]).toMatchObject({
      format: 'openapi',
      tool: 'Shop API 1',
      changes: { added: 2 },
    })
    let [summary] = await listRepositories(database)
    expect(summary.apis).toMatchObject({ endpoints: 2, sensitive: 1, exposed: 1 })
    expect(summary.apis.documents).toEqual([
      expect.objectContaining({
        title: 'Shop API',
        version: '1',
        specification: 'OpenAPI 3.1.0',
        endpoints: 2,
        file: 'shop/openapi.json',
      }),
    ])
    expect(summary.tools).toEqual([])
    expect(summary.counts.vulnerabilities + summary.counts.policyIssues).toBe(0)

    const second = await run(
      database,
      file('shop/openapi.json', api('1', { '/health': { get: {} } }), { repository: 'shop' }),
    )
    expect(second.status === 'imported' && second.records[0].changes).toEqual({
      added: 0,
      updated: 0,
      unchanged: 1,
      fixed: 1,
    })
    ;[summary] = await listRepositories(database)
    expect(summary.apis).toMatchObject({ endpoints: 1, sensitive: 0, exposed: 0 })
    expect(summary.apis.documents).toHaveLength(1)
  })
})
