import type { RefreshLedger, RefreshRecord } from '@/auth/refresh-ledger'

const LEDGER_DATABASE = 'vigil-auth'
const STORE = 'refresh-ledger'
const KEY = 'newest'

function openDatabase(factory: IDBFactory, name: string): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = factory.open(name, 1)
    request.onupgradeneeded = () => request.result.createObjectStore(STORE)
    request.onsuccess = () => resolve(request.result)
    request.onerror = () => reject(request.error ?? new Error(`IndexedDB refused to open ${name}`))
    request.onblocked = () => reject(new Error(`IndexedDB ${name} is held open by an older version of Vigil`))
  })
}

/**
 * The refresh ledger in IndexedDB, which every tab of the origin reads the same way at once.
 * Undefined where the browser has no IndexedDB: the refresh lock then guards alone.
 */
export function indexedDbRefreshLedger(
  factory: IDBFactory | undefined,
  name = LEDGER_DATABASE,
): RefreshLedger | undefined {
  if (!factory) return undefined
  let database: Promise<IDBDatabase> | undefined

  function connection(): Promise<IDBDatabase> {
    database ??= openDatabase(factory as IDBFactory, name).then(
      (opened) => {
        // Another page deleting or upgrading the database: let it, and reopen on next use.
        opened.onversionchange = () => {
          opened.close()
          database = undefined
        }
        return opened
      },
      (error: unknown) => {
        database = undefined
        throw error
      },
    )
    return database
  }

  /** Runs one request in its own transaction; resolves when the transaction has committed. */
  async function run<T>(mode: IDBTransactionMode, operation: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
    const opened = await connection()
    return new Promise((resolve, reject) => {
      const transaction = opened.transaction(STORE, mode)
      const request = operation(transaction.objectStore(STORE))
      transaction.oncomplete = () => resolve(request.result)
      transaction.onabort = () => reject(transaction.error ?? new Error('The refresh ledger transaction was aborted'))
    })
  }

  return {
    read: () => run('readonly', (store) => store.get(KEY)),
    write: async (record: RefreshRecord) => {
      await run('readwrite', (store) => store.put(record, KEY))
    },
    clear: async () => {
      await run('readwrite', (store) => store.delete(KEY))
    },
  }
}
