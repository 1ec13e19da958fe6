import type { KeyValueStorage } from '@/auth/session-store'

/** An in-memory Web Storage for node tests. */
export class MemoryStorage implements KeyValueStorage {
  private readonly entries = new Map<string, string>()

  get length() {
    return this.entries.size
  }

  key(index: number) {
    return [...this.entries.keys()][index] ?? null
  }

  getItem(key: string) {
    return this.entries.get(key) ?? null
  }

  setItem(key: string, value: string) {
    this.entries.set(key, String(value))
  }

  removeItem(key: string) {
    this.entries.delete(key)
  }

  keys() {
    return [...this.entries.keys()].sort()
  }
}
