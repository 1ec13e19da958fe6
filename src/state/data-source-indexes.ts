import { useState } from 'react'
import useSWRImmutable from 'swr/immutable'
import type { DataSource } from '@/data/data-source'
import { useDataSource } from './data-source'

const ids = new WeakMap<DataSource, number>()
let lastId = 0

/** A key for SWR that names one data source object (each workspace reload is a new one). */
function idOf(source: DataSource): number {
  let id = ids.get(source)
  if (id === undefined) {
    id = ++lastId
    ids.set(source, id)
  }
  return id
}

/**
 * A value the data source on screen computes once (an organisation-wide index), read through SWR.
 * While a source's value is worked out, the last value of its lineage (the same workspace read
 * before a decision) stands in for it: the screen keeps its rows, not a loading state, for the
 * moment it takes. Another lineage's never does.
 */
export function useSourceIndex<T>(name: string, load: (source: DataSource) => Promise<T>, wanted = true) {
  const { source, status } = useDataSource()
  const ready = status === 'ready'
  const { data, error } = useSWRImmutable(ready && wanted ? [name, idOf(source)] : null, () => load(source), {
    shouldRetryOnError: false,
  })
  const [last, setLast] = useState<{ lineage: string; data: T }>()
  if (data !== undefined && source.lineage !== undefined && (last?.data !== data || last.lineage !== source.lineage))
    setLast({ lineage: source.lineage, data })
  const standIn =
    ready && wanted && data === undefined && !error && last && last.lineage === source.lineage ? last.data : undefined
  const shown = data ?? standIn
  return { source, data: shown, error: error ? String(error) : undefined, pending: !ready || (!shown && !error) }
}
