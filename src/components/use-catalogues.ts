import { useMemo } from 'react'
import type { CatalogueStatus } from '@/data/catalogue-status'
import type { DataSource } from '@/data/data-source'
import { useLastSettled, watched } from './use-last-settled'

/**
 * The reference catalogues the data source holds: undefined while they are read, an empty list
 * when it holds none (sample and generated data never do).
 */
export function useCatalogues(source: DataSource): CatalogueStatus[] | undefined {
  const promise = useMemo(() => watched(source.catalogues?.() ?? Promise.resolve([])), [source])
  const settled = useLastSettled(promise)
  if (!settled) return undefined
  return settled.result.status === 'ready' ? settled.result.value : []
}
