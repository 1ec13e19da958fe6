import type { WorkspaceDatabase, WorkspaceSchema } from './records'

type StoreName = keyof WorkspaceSchema & string

/** How each store names its records, as the schema declares it (null: the key is given beside the record). */
const keyPaths: Record<StoreName, string | string[] | null> = {
  repositories: 'name',
  pages: ['repository', 'run', 'page'],
  repositoryRuns: null,
  imports: 'id',
  feeds: 'manifestUrl',
  feedFileGroups: 'group',
  digests: 'repository',
  indexes: 'name',
  decisions: 'id',
}

type Row = Record<string, unknown>

/** A record's key as text: read from the record by the store's key path, or the key itself (a get, a delete). */
function keyOf(path: string | string[] | null, value: Row | IDBValidKey): string {
  const isRecord = typeof value === 'object' && !Array.isArray(value) && !(value instanceof Date)
  if (path === null || !isRecord) return JSON.stringify(value)
  return JSON.stringify(Array.isArray(path) ? path.map((part) => (value as Row)[part]) : (value as Row)[path])
}

/** One store held in memory: what a write puts in is cloned, and so is what a read gives out, as IndexedDB does. */
class MemoryStore {
  readonly rows = new Map<string, Row>()
  private nextId = 1

  constructor(private readonly path: string | string[] | null) {}

  get = async (key: IDBValidKey) => {
    const row = this.rows.get(keyOf(this.path, key))
    return row && structuredClone(row)
  }

  getAll = async () => [...this.rows.values()].map((row) => structuredClone(row))

  put = async (value: Row, key?: IDBValidKey) => {
    this.rows.set(key === undefined ? keyOf(this.path, value) : JSON.stringify(key), structuredClone(value))
    return undefined
  }

  add = async (value: Row) => {
    const id = this.nextId++
    this.rows.set(JSON.stringify(id), { ...structuredClone(value), id })
    return id
  }

  delete = async (key: IDBValidKey) => {
    this.rows.delete(keyOf(this.path, key))
  }

  index = (name: string) => ({
    getAll: async (key: IDBValidKey) =>
      [...this.rows.values()].filter((row) => row[name] === key).map((row) => structuredClone(row)),
  })
}

/**
 * A workspace held in memory, with as much of IndexedDB's interface as an import uses: the feed
 * builder runs the browser's own import into one to write what a browser would store for every
 * file of a feed. Its transactions are never rolled back: a file that fails leaves its repository
 * out of what is written.
 */
export class MemoryWorkspace {
  readonly stores = Object.fromEntries(
    Object.entries(keyPaths).map(([name, path]) => [name, new MemoryStore(path)]),
  ) as Record<StoreName, MemoryStore>

  transaction() {
    return {
      objectStore: (name: StoreName) => this.stores[name],
      get store(): never {
        throw new Error('A memory workspace transaction names its store')
      },
      done: Promise.resolve(),
      error: null,
      abort: () => {},
    }
  }

  /** The records of a store, in no particular order. */
  rowsOf<Name extends StoreName>(name: Name): WorkspaceSchema[Name]['value'][] {
    return [...this.stores[name].rows.values()] as WorkspaceSchema[Name]['value'][]
  }

  /** This workspace where an import expects the browser's. */
  get database(): WorkspaceDatabase {
    return this as unknown as WorkspaceDatabase
  }
}
