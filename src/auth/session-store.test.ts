import { describe, expect, it } from 'vitest'
import { MemoryStorage } from '@tests/helpers/memory-storage'
import { ChunkedStore, CHUNK_SIZE, CorruptValueError } from './session-store'

describe('ChunkedStore', () => {
  it('splits a value into 2000-character chunks under key0, key1, ... with no prefix', () => {
    const storage = new MemoryStorage()
    const store = new ChunkedStore(storage)
    const value = 'a'.repeat(CHUNK_SIZE) + 'b'.repeat(CHUNK_SIZE) + 'c'.repeat(17)
    store.set('accessToken', value)
    expect(storage.keys()).toEqual(['accessToken0', 'accessToken1', 'accessToken2'])
    expect(storage.getItem('accessToken2')).toBe('c'.repeat(17))
    expect(store.get('accessToken')).toBe(value)
  })

  it('removes the chunks of a longer old value when a shorter one is written', () => {
    const storage = new MemoryStorage()
    const store = new ChunkedStore(storage)
    store.set('idToken', 'x'.repeat(CHUNK_SIZE * 3))
    store.set('idToken', 'short')
    expect(storage.keys()).toEqual(['idToken0'])
    expect(store.get('idToken')).toBe('short')
  })

  it('never leaves a value missing while replacing it, as another tab may read it at any step', () => {
    const storage = new MemoryStorage()
    const store = new ChunkedStore(storage)
    /** What a reader sees after each single change the writer makes. */
    const seen: (string | undefined)[] = []
    const observed = {
      get length() {
        return storage.length
      },
      key: (index: number) => storage.key(index),
      getItem: (key: string) => storage.getItem(key),
      setItem: (key: string, value: string) => {
        storage.setItem(key, value)
        seen.push(new ChunkedStore(storage).get('refreshToken'))
      },
      removeItem: (key: string) => {
        storage.removeItem(key)
        seen.push(new ChunkedStore(storage).get('refreshToken'))
      },
    }
    store.set('refreshToken', 'old-token')
    new ChunkedStore(observed).set('refreshToken', 'new-token')
    expect(seen).toEqual(['new-token'])

    store.set('refreshToken', 'x'.repeat(CHUNK_SIZE * 2 + 1))
    seen.length = 0
    new ChunkedStore(observed).set('refreshToken', 'short')
    expect(seen).not.toContain(undefined)
    expect(seen.at(-1)).toBe('short')
  })

  it('keeps keys that only start alike apart', () => {
    const storage = new MemoryStorage()
    const store = new ChunkedStore(storage)
    store.set('state', 'one')
    storage.setItem('stateOfTheArt0', 'unrelated')
    expect(store.get('state')).toBe('one')
    store.remove('state')
    expect(storage.keys()).toEqual(['stateOfTheArt0'])
  })

  it('reads a missing value as undefined, and an empty write as none', () => {
    const store = new ChunkedStore(new MemoryStorage())
    expect(store.get('refreshToken')).toBeUndefined()
    store.set('refreshToken', '')
    expect(store.get('refreshToken')).toBeUndefined()
  })

  it('reports a missing middle chunk as corrupt', () => {
    const storage = new MemoryStorage()
    const store = new ChunkedStore(storage)
    store.set('accessToken', 'z'.repeat(CHUNK_SIZE * 2 + 5))
    storage.removeItem('accessToken1')
    expect(() => store.get('accessToken')).toThrow(CorruptValueError)
    expect(() => store.get('accessToken')).toThrow(/not numbered from 0 without gaps/)
  })

  it('reports a short chunk before the last one, or an empty last chunk, as corrupt', () => {
    const storage = new MemoryStorage()
    const store = new ChunkedStore(storage)
    storage.setItem('idToken0', 'short')
    storage.setItem('idToken1', 'rest')
    expect(() => store.get('idToken')).toThrow(/chunk 0 is shorter than 2000/)
    storage.setItem('nonce0', '')
    expect(() => store.get('nonce')).toThrow(/last chunk is empty/)
  })

  it('needs a storage', () => {
    expect(() => new ChunkedStore(undefined)).toThrow('Authentication storage is not initialized')
  })
})
