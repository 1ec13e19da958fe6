import { describe, expect, it } from 'vitest'
import { closeTestWorkspacesAfterEach, emptySummary, freshWorkspace } from '@tests/helpers/test-workspace'
import { listRepositories, listRuns, readGeneration, readImportHistory } from './reads'
import type { ImportRecord, RunRecord } from '@/workspace/model/repository-records'
import { storeSnapshotRepositories, type SnapshotLanding } from './snapshot-records'

closeTestWorkspacesAfterEach()

/** A repository of a snapshot with one run of one file, its records as the builder writes them. */
function landing(name: string, run: Partial<RunRecord> = {}): SnapshotLanding {
  const repository: SnapshotLanding['repository'] = {
    name,
    summary: emptySummary(name),
    digest: { repository: name, vulnerabilities: [], endpoints: [] },
    runs: [
      {
        repository: name,
        run: 'trivy.json',
        tool: 'Trivy',
        format: 'trivy',
        file: `${name}/trivy.json`,
        importedAt: '2026-11-20T10:00:00.000Z',
        scannedAt: '2026-11-20T10:00:00.000Z',
        timeSource: 'scan',
        modelVersion: 2,
        origin: { kind: 'feed', manifestUrl: 'https://scans.example.com/vigil/manifest.json' },
        findings: 0,
        ...run,
      },
    ],
    pages: [{ repository: name, run: 'trivy.json', tool: 'Trivy', page: 0, modelVersion: 2, findingsJson: '[]' }],
    history: [],
    imports: [],
    files: [],
  }
  return {
    repository,
    files: [{ url: `https://scans.example.com/vigil/${name}/trivy.json`, repository: name, sha256: 'a'.repeat(64) }],
  }
}

describe('storing repositories of a feed’s snapshot', () => {
  it('stores a batch whole, and leaves a repository the workspace holds as it is', async () => {
    const database = await freshWorkspace()
    await storeSnapshotRepositories(database, [landing('billing')], new Date('2026-11-21T00:00:00Z'))
    const before = await readGeneration(database)
    const stored = await storeSnapshotRepositories(
      database,
      [landing('accounts'), landing('billing', { tool: 'Grype' }), landing('catalog')],
      new Date('2026-11-21T00:00:00Z'),
    )
    expect(stored).toEqual(['accounts', 'catalog'])
    expect((await listRepositories(database)).map((summary) => summary.name)).toEqual([
      'accounts',
      'billing',
      'catalog',
    ])
    expect((await listRuns(database, 'billing')).map((run) => run.tool)).toEqual(['Trivy'])
    expect(await readGeneration(database)).toBe(before + 1)
  })

  it('stores nothing of a batch with a record the storage refuses, and says why', async () => {
    const database = await freshWorkspace()
    // A page without its run has no key: the storage refuses it.
    const broken = landing('billing')
    broken.repository.pages = [{ ...broken.repository.pages[0], run: undefined as unknown as string }]
    await expect(
      storeSnapshotRepositories(database, [landing('accounts'), broken], new Date('2026-11-21T00:00:00Z')),
    ).rejects.toMatchObject({ name: 'DataError' })
    expect(await listRepositories(database)).toEqual([])
    expect(await database.getAll('pages')).toEqual([])
    expect(await readGeneration(database)).toBe(0)
  })

  it('records a batch’s imports in one record, which the import history counts and lists, newest first', async () => {
    const database = await freshWorkspace()
    const imported = (repository: string, at: string): ImportRecord => ({
      file: `${repository}/trivy.json`,
      format: 'trivy',
      tool: 'Trivy',
      run: 'trivy.json',
      repository,
      at,
      changes: { added: 1, updated: 0, unchanged: 0, fixed: 0 },
      warnings: [],
    })
    const accounts = landing('accounts')
    accounts.repository.imports = [imported('accounts', '2026-11-20T10:00:00.000Z')]
    const billing = landing('billing')
    billing.repository.imports = [imported('billing', '2026-11-20T10:00:01.000Z')]
    await storeSnapshotRepositories(database, [accounts, billing], new Date('2026-11-21T00:00:00Z'))
    const catalog = landing('catalog')
    catalog.repository.imports = [imported('catalog', '2026-11-20T10:00:02.000Z')]
    await storeSnapshotRepositories(database, [catalog], new Date('2026-11-21T00:00:00Z'))
    await database.add('imports', imported('shop', '2026-11-21T09:00:00.000Z'))

    expect(await database.count('imports')).toBe(3)
    const history = await readImportHistory(database, 3)
    expect(history.count).toBe(4)
    expect(history.newest.map((record) => record.repository)).toEqual(['shop', 'catalog', 'billing'])
    expect((await readImportHistory(database, 50)).newest.map((record) => record.repository)).toEqual([
      'shop',
      'catalog',
      'billing',
      'accounts',
    ])
  })
})
