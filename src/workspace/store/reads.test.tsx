import { describe, expect, it } from 'vitest'
import { closeTestWorkspacesAfterEach, freshWorkspace } from '@tests/helpers/test-workspace'
import type { RepositoryDigest } from '@/workspace/digest'
import { listDigests, readGeneration } from './reads'
import { countChange, type WorkspaceDatabase } from './schema'

closeTestWorkspacesAfterEach()

const digest = (repository: string): RepositoryDigest => ({ repository, vulnerabilities: [], endpoints: [] })

/** Digests written as an import writes them: with the generation counted in the same transaction. */
async function land(database: WorkspaceDatabase, names: string[]) {
  const transaction = database.transaction(['digests', 'indexes'], 'readwrite')
  await Promise.all(names.map((name) => transaction.objectStore('digests').put(digest(name))))
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
    const writing = land(database, ['zz-landed-meanwhile']).then(() => settled.push('write'))
    const [read] = await Promise.all([reading, writing])
    expect(settled).toEqual(['write', 'read'])
    // All of one generation: the one after the write, with its digest.
    expect(read.generation).toBe(before + 1)
    expect(read.digests).toHaveLength(1_201)
    expect(read.digests.at(-1)?.repository).toBe('zz-landed-meanwhile')
  })
})
