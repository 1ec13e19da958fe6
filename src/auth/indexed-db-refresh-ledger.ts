import type { RefreshLedger, RefreshRecord } from '@/auth/refresh-ledger'
import { singleStoreDatabase } from './single-store-database'

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
  const connection = singleStoreDatabase(name, STORE)

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
