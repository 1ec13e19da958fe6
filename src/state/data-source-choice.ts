import type { DataSourceChoice } from '@/state/data-source'
import { readLocal, writeLocal } from '@/lib/local-storage'
import { parseGeneratedSize } from '@/data/generated-size'

const STORAGE_KEY = 'vigil-demo-org'

/** `?demo-org=N` when the address has one, else the last choice, else the five samples. */
export function initialDataSourceChoice(search: string): DataSourceChoice {
  const fromAddress = parseGeneratedSize(new URLSearchParams(search).get('demo-org'))
  if (fromAddress !== undefined) return fromAddress
  const stored = readLocal(STORAGE_KEY)
  if (stored === 'workspace') return 'workspace'
  return parseGeneratedSize(stored) ?? 'sample'
}

export function rememberDataSourceChoice(choice: DataSourceChoice): void {
  writeLocal(STORAGE_KEY, choice === 'sample' ? null : String(choice))
}
