import { describe, expect, it } from 'vitest'
import type { IDBPDatabase } from 'idb'
import { BlockedWorkspaceError, NewerWorkspaceError, openWorkspace } from './open'
import { createVersionOneStores } from './migrations'
import { deleteWorkspace } from './workspace-names'

/** Opens the database raw at `version`, the way an older or newer Vigil in another tab holds it (not letting go). */
function holdOpen(name: string, version: number): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(name, version)
    request.onupgradeneeded = () => createVersionOneStores(request.result as unknown as IDBPDatabase)
    request.onsuccess = () => resolve(request.result)
    request.onerror = () => reject(request.error)
  })
}

describe('opening a workspace it cannot read', () => {
  it('says so when another tab keeps it open at an older version and does not let go', async () => {
    const name = `vigil-workspace-test-${crypto.randomUUID()}`
    const older = await holdOpen(name, 1)
    await expect(openWorkspace(name)).rejects.toThrow(BlockedWorkspaceError)
    older.close()
    await deleteWorkspace(name)
  })

  it('says so when a newer Vigil saved it', async () => {
    const name = `vigil-workspace-test-${crypto.randomUUID()}`
    ;(await holdOpen(name, 1000)).close()
    await expect(openWorkspace(name)).rejects.toThrow(NewerWorkspaceError)
    await deleteWorkspace(name)
  })
})
