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

/** A value the data source on screen computes once (an organisation-wide index), read through SWR. */
export function useSourceIndex<T>(name: string, load: (source: DataSource) => Promise<T>, wanted = true) {
  const { source, status } = useDataSource()
  const ready = status === 'ready'
  const { data, error } = useSWRImmutable(ready && wanted ? [name, idOf(source)] : null, () => load(source), {
    shouldRetryOnError: false,
  })
  return { source, data, error: error ? String(error) : undefined, pending: !ready || (!data && !error) }
}
