import { describe, expect, it, vi } from 'vitest'
import { closeTestWorkspacesAfterEach, emptySummary, freshWorkspace } from '@tests/helpers/test-workspace'
import type { RepositoryDigest } from '@/workspace/projections/digest'
import { listDigests, listRepositories, nextReadSize, readGeneration } from './reads'
import { countChange } from './counters'
import type { WorkspaceDatabase } from './records'

closeTestWorkspacesAfterEach()

const digest = (repository: string, vulnerabilities: string[] = []): RepositoryDigest => ({
  repository,
  vulnerabilities,
  endpoints: [],
})

/** Digests written as an import writes them: with the generation counted in the same transaction. */
async function land(database: WorkspaceDatabase, names: string[], vulnerabilities: string[] = []) {
  const transaction = database.transaction(['digests', 'indexes'], 'readwrite')
  await Promise.all(names.map((name) => transaction.objectStore('digests').put(digest(name, vulnerabilities))))
  await countChange(transaction.objectStore('indexes'))
  await transaction.done
}

/** Summaries written as an import writes them: with the generation counted in the same transaction. */
async function landSummaries(database: WorkspaceDatabase, names: string[], description = '') {
  const transaction = database.transaction(['repositories', 'indexes'], 'readwrite')
  await Promise.all(names.map((name) => transaction.objectStore('repositories').put(emptySummary(name, description))))
  await countChange(transaction.objectStore('indexes'))
  await transaction.done
}

const names = (count: number) => Array.from({ length: count }, (_, at) => `service-${String(at).padStart(5, '0')}`)

describe('every digest, read a few hundred at a time', () => {
  it('reads them all, in order, with their generation', async () => {
    const database = await freshWorkspace()
    await land(database, names(1_200))
    const { digests, generation } = await listDigests(database)
    expect(digests.map((each) => each.repository)).toEqual(names(1_200))
    expect(generation).toBe(await readGeneration(database))
  })

  it('lets a write in between two reads, and reads again what the write changed', async () => {
    const database = await freshWorkspace()
    await land(database, names(1_200))
    const before = await readGeneration(database)
    const settled: string[] = []
    const reading = listDigests(database).then((read) => {
      settled.push('read')
      return read
    })
    // Queued after the first read's transaction: it waits for that one read, not for all of them.
    // It rewrites the first digest too, which the first read already copied.
    const writing = land(database, ['service-00000', 'zz-landed-meanwhile'], ['{"cve":"CVE-1"}']).then(() =>
      settled.push('write'),
    )
    const [read] = await Promise.all([reading, writing])
    expect(settled).toEqual(['write', 'read'])
    // All of one generation: the one after the write, with its digests.
    expect(read.generation).toBe(before + 1)
    expect(read.digests).toHaveLength(1_201)
    expect(read.digests[0]).toEqual(digest('service-00000', ['{"cve":"CVE-1"}']))
    expect(read.digests.at(-1)?.repository).toBe('zz-landed-meanwhile')
  })
})

describe('the size of each read of digests', () => {
  it('fits as many digests as the last read took in 16 ms, between 25 and 1,000', () => {
    expect(nextReadSize(100, 32)).toBe(50)
    expect(nextReadSize(100, 4)).toBe(400)
    expect(nextReadSize(100, 400)).toBe(25)
    expect(nextReadSize(500, 0)).toBe(1_000)
  })

  /** The number of digests each read asked for, the clock moving `step` ms at each reading of it. */
  async function readSizes(step: number) {
    const database = await freshWorkspace()
    await land(database, names(1_200))
    const asked: number[] = []
    const getAll = IDBObjectStore.prototype.getAll
    const spy = vi.spyOn(IDBObjectStore.prototype, 'getAll').mockImplementation(function (
      this: IDBObjectStore,
      query?: IDBValidKey | IDBKeyRange | null,
      count?: number,
    ) {
      if (this.name === 'digests' && count !== undefined) asked.push(count)
      return getAll.call(this, query, count)
    })
    let clock = 0
    const now = vi.spyOn(performance, 'now').mockImplementation(() => (clock += step))
    try {
      const { digests } = await listDigests(database)
      expect(digests.map((each) => each.repository)).toEqual(names(1_200))
    } finally {
      spy.mockRestore()
      now.mockRestore()
    }
    return asked
  }

  it('asks for fewer digests after a slow read, and for more after a fast one, reading every one either way', async () => {
    const slow = await readSizes(64)
    expect(slow[0]).toBe(100)
    expect(slow.slice(1).every((size) => size === 25)).toBe(true)
    expect(slow.length).toBeGreaterThan(40)
    expect(await readSizes(0)).toEqual([100, 1_000, 1_000])
  })
})

describe('every repository summary, read a thousand at a time', () => {
  it('reads them all, in order', async () => {
    const database = await freshWorkspace()
    await landSummaries(database, names(2_500))
    expect((await listRepositories(database)).map((each) => each.name)).toEqual(names(2_500))
  })

  it('shows a write landing between two of its reads in the later ones only, each summary whole, without starting again', async () => {
    const database = await freshWorkspace()
    await landSummaries(database, names(2_500))
    const settled: string[] = []
    const reading = listRepositories(database).then((read) => {
      settled.push('read')
      return read
    })
    // Queued after the first read: it rewrites a summary that read already copied, and adds one.
    const writing = landSummaries(database, ['service-00000', 'zz-landed-meanwhile'], 'rewritten').then(() =>
      settled.push('write'),
    )
    const [read] = await Promise.all([reading, writing])
    expect(settled).toEqual(['write', 'read'])
    expect(read).toHaveLength(2_501)
    expect(read[0]).toMatchObject({ name: 'service-00000', description: '' })
    expect(read.at(-1)).toMatchObject({ name: 'zz-landed-meanwhile', description: 'rewritten' })
  })
})
