import { openDB, type IDBPDatabase } from 'idb'

/**
 * A connection to an IndexedDB database of one object store, opened on first use and kept.
 * When another page deletes or upgrades the database, this one lets it and reopens on next use.
 */
export function singleStoreDatabase(name: string, store: string): () => Promise<IDBPDatabase> {
  let database: Promise<IDBPDatabase> | undefined
  return () => {
    database ??= openDB(name, 1, {
      upgrade: (opened) => opened.createObjectStore(store),
      blocked: () => console.warn(`Vigil waits for an older tab to close its ${name} database`),
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
}
