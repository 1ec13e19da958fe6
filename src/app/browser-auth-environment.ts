import type { AuthEnvironment } from '@/auth/client'
import type { KeyValueStorage } from '@/auth/session-store'

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

const REFRESH_LOCK = 'vigil:token-refresh'

export function browserAuthEnvironment(): AuthEnvironment {
  return {
    tokenStorage: usableStorage(() => window.localStorage),
    loginStorage: usableStorage(() => window.sessionStorage),
    navigate: (url) => window.location.assign(url),
    withRefreshLock: <T>(task: () => Promise<T>) =>
      navigator.locks ? (navigator.locks.request(REFRESH_LOCK, task) as Promise<T>) : task(),
    now: Date.now,
  }
}

/** How tabs tell each other that the stored session changed (signed in, refreshed, signed out). */
export interface SessionChannel {
  announce: () => void
  subscribe: (listener: () => void) => () => void
}

export function browserSessionChannel(): SessionChannel {
  if (typeof BroadcastChannel === 'undefined') return { announce: () => {}, subscribe: () => () => {} }
  const channel = new BroadcastChannel('vigil:session')
  const listeners = new Set<() => void>()
  channel.onmessage = () => listeners.forEach((listener) => listener())
  return {
    announce: () => channel.postMessage('changed'),
    subscribe: (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
}
