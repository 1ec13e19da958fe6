import type { AuthEnvironment } from '@/auth/client'
import { isSessionTokens, tokensOf, type SessionTokens } from '@/auth/refresh-ledger'
import type { KeyValueStorage } from '@/auth/session-store'
import { indexedDbDpopKeys } from './dpop-keys'
import { indexedDbRefreshLedger } from './indexed-db-refresh-ledger'

/** A Web Storage that works, or undefined where the browser blocks it. */
function usableStorage(get: () => Storage): KeyValueStorage | undefined {
  try {
    const storage = get()
    storage.setItem('vigil-storage-check', '1')
    storage.removeItem('vigil-storage-check')
    return storage
  } catch {
    return undefined
  }
}

/** A Web Storage probed the first time it is asked for: the probe's first touch of the storage takes milliseconds. */
function usableStorageWhenNeeded(get: () => Storage): () => KeyValueStorage | undefined {
  let probed: { storage: KeyValueStorage | undefined } | undefined
  return () => (probed ??= { storage: usableStorage(get) }).storage
}

const REFRESH_LOCK = 'vigil:token-refresh'

export function browserAuthEnvironment(): AuthEnvironment {
  return {
    tokenStorage: usableStorage(() => window.localStorage),
    loginStorage: usableStorageWhenNeeded(() => window.sessionStorage),
    navigate: (url) => window.location.assign(url),
    withRefreshLock: <T>(task: () => Promise<T>) =>
      navigator.locks ? (navigator.locks.request(REFRESH_LOCK, task) as Promise<T>) : task(),
    refreshLedger: indexedDbRefreshLedger(typeof indexedDB === 'undefined' ? undefined : indexedDB),
    dpopKeys: indexedDbDpopKeys(typeof indexedDB === 'undefined' ? undefined : indexedDB),
    now: Date.now,
  }
}

/**
 * How tabs tell each other that the session changed (signed in, refreshed, signed out). The
 * message carries the tokens, or null for none: a tab that read localStorage on the message
 * could still see the old session there.
 */
export interface SessionChannel {
  announce: (tokens: SessionTokens | null) => void
  subscribe: (listener: (tokens: SessionTokens | null) => void) => () => void
}

export function browserSessionChannel(name = 'vigil:session'): SessionChannel {
  if (typeof BroadcastChannel === 'undefined') return { announce: () => {}, subscribe: () => () => {} }
  const channel = new BroadcastChannel(name)
  const listeners = new Set<(tokens: SessionTokens | null) => void>()
  channel.onmessage = ({ data }: MessageEvent<unknown>) => {
    if (data !== null && !isSessionTokens(data)) {
      console.warn('Vigil ignored a session message that holds no session')
      return
    }
    listeners.forEach((listener) => listener(data))
  }
  return {
    announce: (tokens) => channel.postMessage(tokens && tokensOf(tokens)),
    subscribe: (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
}
