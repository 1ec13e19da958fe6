import { describe, expect, it } from 'vitest'
import { closeTestWorkspacesAfterEach, emptySummary, freshWorkspace } from '@tests/helpers/test-workspace'
import type { SnapshotRepository } from '@/workspace/feed-snapshot'
import { listRepositories, listRuns, readGeneration } from './reads'
import type { RunRecord } from './schema'
import { storeSnapshotRepositories, type SnapshotLanding } from './snapshot-records'

closeTestWorkspacesAfterEach()

/** A repository of a snapshot with one run of one file, its records as the builder writes them. */
function landing(name: string, run: Partial<RunRecord> = {}): SnapshotLanding {
  const repository: SnapshotRepository = {
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
})
