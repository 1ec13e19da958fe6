import { openDB } from 'idb'
import { describe, expect, it } from 'vitest'
import { closeTestWorkspacesAfterEach, createStoresOfVersion, freshWorkspace } from '@tests/helpers/test-workspace'
import { forgetFeedFiles, readFeedFileStates, writeFeedFileState } from './feed-records'
import { SNAPSHOT_GROUP_PREFIX } from './record-keys'
import type { FeedFileState } from './records'

closeTestWorkspacesAfterEach()

const feed = 'https://scans.example.com/vigil'
const state = (repository: string, file: string, extra: Partial<FeedFileState> = {}): FeedFileState => ({
  url: `${feed}/${file}`,
  repository,
  runs: [file],
  sha256: 'a'.repeat(64),
  ...extra,
})

/** Each group the store keeps, with the files in it. */
const groups = async (database: Awaited<ReturnType<typeof freshWorkspace>>) =>
  (await database.getAll('feedFileGroups')).map((record) => [
    record.group.startsWith(SNAPSHOT_GROUP_PREFIX) ? 'snapshot' : record.group,
    record.files.map((file) => file.url.slice(feed.length + 1)),
  ])

describe('what Vigil knows of a feed’s files', () => {
  it('keeps a repository’s files in one record and gives every file by its address', async () => {
    const database = await freshWorkspace()
    await writeFeedFileState(database, state('shop', 'shop/trivy.json'))
    await writeFeedFileState(database, state('shop', 'shop/semgrep.sarif'))
    await writeFeedFileState(database, state('billing', 'billing/trivy.json'))
    const states = await readFeedFileStates(database)
    await writeFeedFileState(
      database,
      { ...states.get(`${feed}/shop/trivy.json`)!, etag: '"v2"' },
      states.get(`${feed}/shop/trivy.json`),
    )

    expect(await groups(database)).toEqual([
      ['billing', ['billing/trivy.json']],
      ['shop', ['shop/semgrep.sarif', 'shop/trivy.json']],
    ])
    const read = await readFeedFileStates(database)
    expect([...read.keys()].sort()).toEqual([
      `${feed}/billing/trivy.json`,
      `${feed}/shop/semgrep.sarif`,
      `${feed}/shop/trivy.json`,
    ])
    expect(read.get(`${feed}/shop/trivy.json`)).toMatchObject({ etag: '"v2"', group: 'shop' })
    // The group is what reading says, never stored.
    expect((await database.get('feedFileGroups', 'shop'))?.files.every((file) => !('group' in file))).toBe(true)
  })

  it('moves a file the manifest gave to another repository out of the old one’s record', async () => {
    const database = await freshWorkspace()
    await writeFeedFileState(database, state('shop', 'scans/trivy.json'))
    await writeFeedFileState(database, state('shop', 'scans/semgrep.sarif'))
    const previous = (await readFeedFileStates(database)).get(`${feed}/scans/trivy.json`)
    await writeFeedFileState(database, state('billing', 'scans/trivy.json'), previous)

    expect((await readFeedFileStates(database)).get(`${feed}/scans/trivy.json`)?.repository).toBe('billing')
    expect(await groups(database)).toEqual([
      ['billing', ['scans/trivy.json']],
      ['shop', ['scans/semgrep.sarif']],
    ])
  })

  it('moves a file a snapshot’s batch brought to its repository’s record when it is written again', async () => {
    const database = await freshWorkspace()
    await database.put('feedFileGroups', {
      group: `${SNAPSHOT_GROUP_PREFIX}batch`,
      files: [state('shop', 'shop/trivy.json'), state('billing', 'billing/trivy.json')],
    })
    const previous = (await readFeedFileStates(database)).get(`${feed}/shop/trivy.json`)!
    expect(previous.group).toBe(`${SNAPSHOT_GROUP_PREFIX}batch`)
    await writeFeedFileState(database, { ...previous, etag: '"v2"' }, previous)

    expect(await groups(database)).toEqual([
      ['snapshot', ['billing/trivy.json']],
      ['shop', ['shop/trivy.json']],
    ])
    await forgetFeedFiles(database, [(await readFeedFileStates(database)).get(`${feed}/billing/trivy.json`)!])
    expect(await groups(database)).toEqual([['shop', ['shop/trivy.json']]])
  })

  it('forgets the files named, and a record left with none goes', async () => {
    const database = await freshWorkspace()
    for (const each of [
      state('shop', 'shop/trivy.json'),
      state('shop', 'shop/semgrep.sarif'),
      state('billing', 'billing/trivy.json'),
    ])
      await writeFeedFileState(database, each)
    const states = await readFeedFileStates(database)

    await forgetFeedFiles(database, [
      states.get(`${feed}/shop/semgrep.sarif`)!,
      states.get(`${feed}/billing/trivy.json`)!,
    ])
    expect([...(await readFeedFileStates(database)).keys()]).toEqual([`${feed}/shop/trivy.json`])
    expect(await database.getAllKeys('feedFileGroups')).toEqual(['shop'])
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
    expect(await database.getAllKeys('feedFileGroups')).toEqual(['billing', 'shop'])
    const migrated = await readFeedFileStates(database)
    for (const each of states) expect(migrated.get(each.url)).toEqual({ ...each, group: each.repository })
  })
})
