import { deleteDB } from 'idb'
import { afterEach, describe, expect, it } from 'vitest'
import { recordRefresh, type SessionTokens } from '@/auth/refresh-ledger'
import { indexedDbRefreshLedger } from './indexed-db-refresh-ledger'

const tokens = (name: string): SessionTokens => ({
  accessToken: `access-${name}`,
  idToken: `id-${name}`,
  refreshToken: `refresh-${name}`,
})
let databases: string[] = []

/** A database of this test's own, removed afterwards. */
function databaseName() {
  const name = `vigil-ledger-test-${crypto.randomUUID()}`
  databases.push(name)
  return name
}

afterEach(async () => {
  await Promise.all(databases.map((name) => deleteDB(name)))
  databases = []
})

describe('the IndexedDB refresh ledger', () => {
  it('reads nothing until a refresh is recorded', async () => {
    const ledger = indexedDbRefreshLedger(indexedDB, databaseName())
    expect(await ledger?.read()).toBeUndefined()
  })

  it('shows a record written through one connection to another at once, and clears it for both', async () => {
    const name = databaseName()
    const writer = indexedDbRefreshLedger(indexedDB, name)
    const reader = indexedDbRefreshLedger(indexedDB, name)
    const record = recordRefresh(undefined, 'digest-1', tokens('b'))
    await writer?.write(record)
    expect(await reader?.read()).toEqual(record)
    const next = recordRefresh(record, 'digest-2', tokens('c'))
    await reader?.write(next)
    expect(await writer?.read()).toEqual(next)
    await writer?.clear()
    expect(await reader?.read()).toBeUndefined()
  })

  it('reopens after another page deleted the database', async () => {
    const name = databaseName()
    const ledger = indexedDbRefreshLedger(indexedDB, name)
    await ledger?.write(recordRefresh(undefined, 'digest-1', tokens('b')))
    await deleteDB(name)
    expect(await ledger?.read()).toBeUndefined()
  })

  it('is absent where the browser has no IndexedDB', () => {
    expect(indexedDbRefreshLedger(undefined)).toBeUndefined()
  })
})
