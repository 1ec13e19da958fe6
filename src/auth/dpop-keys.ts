import { singleStoreDatabase } from './single-store-database'

/**
 * Where the DPoP key pair of the current sign-in is kept (RFC 9449). The private key is not
 * extractable: script can sign with it but never read it, so tokens copied out of the browser
 * are useless elsewhere. Every tab of the origin uses the same pair.
 */
export interface DpopKeyStore {
  read: () => Promise<CryptoKeyPair | undefined>
  write: (keys: CryptoKeyPair) => Promise<void>
  clear: () => Promise<void>
}

/** A new ES256 key pair whose private half cannot be exported. */
export function generateDpopKeys(): Promise<CryptoKeyPair> {
  return crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, false, ['sign', 'verify'])
}

const DATABASE = 'vigil-dpop'
const STORE = 'keys'
const KEY = 'current'

const isKeyPair = (value: unknown): value is CryptoKeyPair =>
  typeof value === 'object' &&
  value !== null &&
  (value as CryptoKeyPair).privateKey instanceof CryptoKey &&
  (value as CryptoKeyPair).publicKey instanceof CryptoKey

/** The key store in IndexedDB (CryptoKeys are stored as they are, unexportable). */
export function indexedDbDpopKeys(factory: IDBFactory | undefined, name = DATABASE): DpopKeyStore | undefined {
  if (!factory) return undefined
  const connection = singleStoreDatabase(name, STORE)
  return {
    read: async () => {
      const value: unknown = await (await connection()).get(STORE, KEY)
      return isKeyPair(value) ? value : undefined
    },
    write: async (keys) => {
      await (await connection()).put(STORE, keys, KEY)
    },
    clear: async () => {
      await (await connection()).delete(STORE, KEY)
    },
  }
}

/** A key store in memory (node tests, and browsers without IndexedDB for one tab's life). */
export function memoryDpopKeys(): DpopKeyStore {
  let keys: CryptoKeyPair | undefined
  return {
    read: async () => keys,
    write: async (next) => {
      keys = next
    },
    clear: async () => {
      keys = undefined
    },
  }
}
