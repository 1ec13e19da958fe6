import type { DataSourceChoice } from '@/state/data-source'
import { readLocal, writeLocal } from '@/lib/local-storage'
import { parseGeneratedSize } from '@/data/generated-size'

const STORAGE_KEY = 'vigil-demo-org'

/** The choice last made in this browser, else the five samples. */
function storedChoice(): DataSourceChoice {
  const stored = readLocal(STORAGE_KEY)
  if (stored === 'workspace') return 'workspace'
  return parseGeneratedSize(stored) ?? 'sample'
}

/** `?demo-org=N` when the address has one, else the last choice, else the five samples. */
export function initialDataSourceChoice(search: string): DataSourceChoice {
  return parseGeneratedSize(new URLSearchParams(search).get('demo-org')) ?? storedChoice()
}

export function rememberDataSourceChoice(choice: DataSourceChoice): void {
  writeLocal(STORAGE_KEY, choice === 'sample' ? null : String(choice))
}

/** Calls `follow` with each choice another tab of this browser makes; returns the unsubscribe. */
export function followOtherTabsChoice(follow: (choice: DataSourceChoice) => void): () => void {
  const listener = (event: StorageEvent) => {
    // A null key: the other tab cleared the whole storage.
    if (event.storageArea === window.localStorage && (event.key === STORAGE_KEY || event.key === null))
      follow(storedChoice())
  }
  window.addEventListener('storage', listener)
  return () => window.removeEventListener('storage', listener)
}
