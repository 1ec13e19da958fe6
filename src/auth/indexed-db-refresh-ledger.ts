import { openDB, type IDBPDatabase } from 'idb'
import type { RefreshLedger, RefreshRecord } from '@/auth/refresh-ledger'

const LEDGER_DATABASE = 'vigil-auth'
const STORE = 'refresh-ledger'
const KEY = 'newest'

/**
 * The refresh ledger in IndexedDB, which every tab of the origin reads the same way at once.
 * Undefined where the browser has no IndexedDB: the refresh lock then guards alone.
 */
export function indexedDbRefreshLedger(
  factory: IDBFactory | undefined,
  name = LEDGER_DATABASE,
): RefreshLedger | undefined {
  if (!factory) return undefined
  let database: Promise<IDBPDatabase> | undefined

  function connection(): Promise<IDBPDatabase> {
    database ??= openDB(name, 1, {
      upgrade: (opened) => opened.createObjectStore(STORE),
      blocked: () => console.warn(`Vigil waits for an older tab to close its ${name} database`),
      // Another page deleting or upgrading the database: let it, and reopen on next use.
      blocking: () => {
        void database?.then((opened) => opened.close())
        database = undefined
      },
    }).catch((error: unknown) => {
      database = undefined
      throw error
    })
    return database
  }

  // Each call is one transaction; idb resolves a write once it has committed.
  return {
    read: async () => (await connection()).get(STORE, KEY),
    write: async (record: RefreshRecord) => {
      await (await connection()).put(STORE, record, KEY)
    },
    clear: async () => {
      await (await connection()).delete(STORE, KEY)
    },
  }
}
