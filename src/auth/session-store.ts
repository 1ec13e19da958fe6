import { AuthError, authMessages } from './errors'

/** Browser storage keys of the session, under an empty key prefix, in chunks of 2000 characters. */
export const SESSION_KEY_PREFIX = ''
export const TOKEN_KEYS = ['accessToken', 'idToken', 'refreshToken'] as const
/** Written after the tokens: it ties the three of one sign-in or refresh together. */
export const SESSION_MARKER_KEY = 'sessionMarker'
export const LOGIN_KEYS = ['state', 'nonce', 'codeVerifier'] as const

export const CHUNK_SIZE = 2000

/** The subset of the Web Storage API the store needs. */
export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem' | 'key' | 'length'>

export class CorruptValueError extends Error {
  constructor(key: string, detail: string) {
    super(`The stored ${key} is corrupt: ${detail}`)
    this.name = 'CorruptValueError'
  }
}

/**
 * Values split into chunks of `chunkSize` characters under `key0`, `key1`, ... A gap in the
 * chunk numbers or a short chunk before the last one means the value is corrupt.
 */
export class ChunkedStore {
  private readonly storage: KeyValueStorage
  private readonly chunkSize: number

  constructor(storage: KeyValueStorage | undefined, chunkSize = CHUNK_SIZE) {
    if (!storage) throw new AuthError('storage', authMessages.storageNotInitialized)
    this.storage = storage
    this.chunkSize = chunkSize
  }

  private chunkIndexes(key: string): number[] {
    const name = SESSION_KEY_PREFIX + key
    const indexes: number[] = []
    for (let i = 0; i < this.storage.length; i++) {
      const stored = this.storage.key(i)
      if (stored?.startsWith(name)) {
        const suffix = stored.slice(name.length)
        if (/^(0|[1-9]\d*)$/.test(suffix)) indexes.push(Number(suffix))
      }
    }
    return indexes.sort((a, b) => a - b)
  }

  /** The value, undefined when none is stored; throws CorruptValueError for a damaged chunk set. */
  get(key: string): string | undefined {
    const indexes = this.chunkIndexes(key)
    if (indexes.length === 0) return undefined
    if (indexes.some((index, position) => index !== position)) {
      throw new CorruptValueError(key, `chunks ${indexes.join(', ')} are not numbered from 0 without gaps`)
    }
    const chunks = indexes.map((index) => this.storage.getItem(`${SESSION_KEY_PREFIX}${key}${index}`) ?? '')
    const shortChunk = chunks.findIndex(
      (chunk, position) => position < chunks.length - 1 && chunk.length !== this.chunkSize,
    )
    if (shortChunk !== -1)
      throw new CorruptValueError(key, `chunk ${shortChunk} is shorter than ${this.chunkSize} characters`)
    if (chunks[chunks.length - 1] === '') throw new CorruptValueError(key, 'its last chunk is empty')
    return chunks.join('')
  }

  /**
   * Stores the value; an empty value is the same as none. Chunks are overwritten in place, after
   * surplus ones are removed, so that another tab never sees a one-chunk value missing.
   */
  set(key: string, value: string): void {
    const count = Math.ceil(value.length / this.chunkSize)
    const surplus = this.chunkIndexes(key).filter((index) => index >= count)
    for (const index of surplus.reverse()) this.storage.removeItem(`${SESSION_KEY_PREFIX}${key}${index}`)
    for (let index = 0; index < count; index++) {
      this.storage.setItem(
        `${SESSION_KEY_PREFIX}${key}${index}`,
        value.slice(index * this.chunkSize, (index + 1) * this.chunkSize),
      )
    }
  }

  remove(key: string): void {
    for (const index of this.chunkIndexes(key)) this.storage.removeItem(`${SESSION_KEY_PREFIX}${key}${index}`)
  }
}
