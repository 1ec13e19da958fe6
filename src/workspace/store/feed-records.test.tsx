import { openDB } from 'idb'
import { describe, expect, it } from 'vitest'
import { closeTestWorkspacesAfterEach, createStoresOfVersion, freshWorkspace } from '@tests/helpers/test-workspace'
import { forgetFeedFiles, readFeedFileStates, writeFeedFileState } from './feed-records'
import type { FeedFileState } from './schema'

closeTestWorkspacesAfterEach()

const feed = 'https://scans.example.com/vigil'
const state = (repository: string, file: string, extra: Partial<FeedFileState> = {}): FeedFileState => ({
  url: `${feed}/${file}`,
  repository,
  runs: [file],
  sha256: 'a'.repeat(64),
  ...extra,
})

describe('what Vigil knows of a feed’s files', () => {
  it('keeps a repository’s files in one record and gives every file by its address', async () => {
    const database = await freshWorkspace()
    await writeFeedFileState(database, state('shop', 'shop/trivy.json'))
    await writeFeedFileState(database, state('shop', 'shop/semgrep.sarif'))
    await writeFeedFileState(database, state('billing', 'billing/trivy.json'))
    await writeFeedFileState(database, state('shop', 'shop/trivy.json', { etag: '"v2"' }))

    expect(
      (await database.getAll('repositoryFeedFiles')).map((record) => [record.repository, record.files.length]),
    ).toEqual([
      ['billing', 1],
      ['shop', 2],
    ])
    const states = await readFeedFileStates(database)
    expect([...states.keys()].sort()).toEqual([
      `${feed}/billing/trivy.json`,
      `${feed}/shop/semgrep.sarif`,
      `${feed}/shop/trivy.json`,
    ])
    expect(states.get(`${feed}/shop/trivy.json`)?.etag).toBe('"v2"')
  })

  it('moves a file the manifest gave to another repository out of the old one’s record', async () => {
    const database = await freshWorkspace()
    await writeFeedFileState(database, state('shop', 'scans/trivy.json'))
    await writeFeedFileState(database, state('shop', 'scans/semgrep.sarif'))
    await writeFeedFileState(database, state('billing', 'scans/trivy.json'), 'shop')

    const states = await readFeedFileStates(database)
    expect(states.get(`${feed}/scans/trivy.json`)?.repository).toBe('billing')
    expect((await database.get('repositoryFeedFiles', 'shop'))?.files.map((file) => file.url)).toEqual([
      `${feed}/scans/semgrep.sarif`,
    ])
  })

  it('forgets the files named, and a repository left with none loses its record', async () => {
    const database = await freshWorkspace()
    const kept = state('shop', 'shop/trivy.json')
    const gone = [state('shop', 'shop/semgrep.sarif'), state('billing', 'billing/trivy.json')]
    for (const each of [kept, ...gone]) await writeFeedFileState(database, each)

    await forgetFeedFiles(database, gone)
    expect([...(await readFeedFileStates(database)).values()]).toEqual([kept])
    expect(await database.getAllKeys('repositoryFeedFiles')).toEqual(['shop'])
  })
})

describe('a workspace written by schema version 8', () => {
  it('groups the states of its feeds’ files by repository, each kept as it was', async () => {
    const states = [
      state('shop', 'shop/trivy.json', { etag: '"1"', lastModified: 'Fri, 20 Nov 2026 10:00:00 GMT' }),
      state('shop', 'shop/semgrep.sarif', {
        failure: { count: 2, retryAt: '2026-11-21T10:00:00.000Z', manifestSha256: 'b'.repeat(64) },
      }),
      state('billing', 'billing/trivy.json', { runs: undefined }),
    ]
    const name = `vigil-workspace-v8-${crypto.randomUUID()}`
    const old = await openDB(name, 8, { upgrade: (database) => createStoresOfVersion(database, 8) })
    for (const each of states) await old.put('feedFiles', each)
    old.close()

    const database = await freshWorkspace(name)
    expect([...database.objectStoreNames]).not.toContain('feedFiles')
    expect(await database.getAllKeys('repositoryFeedFiles')).toEqual(['billing', 'shop'])
    const migrated = await readFeedFileStates(database)
    for (const each of states) expect(migrated.get(each.url)).toEqual(each)
  })
})
