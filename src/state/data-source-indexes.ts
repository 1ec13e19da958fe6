import useSWRImmutable from 'swr/immutable'
import type { EndpointOccurrences } from '@/data/endpoints'
import type { DataSource } from '@/data/data-source'
import type { VulnerabilityIndex } from '@/data/advisory-groups'
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

function useIndex<T>(name: string, load: (source: DataSource) => Promise<T>, wanted = true) {
  const { source, pending } = useDataSource()
  const { data, error } = useSWRImmutable(pending || !wanted ? null : [name, idOf(source)], () => load(source), {
    shouldRetryOnError: false,
  })
  return { source, data, error: error ? String(error) : undefined, pending: !!pending || (!data && !error) }
}

/**
 * Every vulnerability of the data source on screen, grouped by advisory. In the workspace, the
 * advisory index kept from the last visit shows instead (its `findingsLoaded` is false) until
 * `needFindings`: reading every finding is seconds of work at a million, which the grouped view
 * does without until a group is expanded or the flat view is chosen.
 */
export function useVulnerabilityIndex(needFindings: boolean) {
  const { source } = useDataSource()
  const canPreview = !!source.vulnerabilityPreview
  const preview = useIndex(
    'vulnerability-preview',
    async (source) => ({ index: await source.vulnerabilityPreview?.() }),
    canPreview,
  )
  const nothingKept = !!preview.error || (preview.data !== undefined && !preview.data.index)
  const full = useIndex<VulnerabilityIndex>(
    'vulnerability-index',
    (source) => source.vulnerabilityIndex(),
    !canPreview || needFindings || nothingKept,
  )
  const shown = full.data ?? (full.error ? undefined : preview.data?.index)
  return { ...full, data: shown, pending: !shown && !full.error }
}

/** Every endpoint of the data source on screen. */
export const useEndpointOccurrences = () =>
  useIndex<EndpointOccurrences>('endpoint-occurrences', (source) => source.endpointOccurrences())
