import useSWRImmutable from 'swr/immutable'
import type { EndpointOccurrences } from '@/data/api-inventory'
import type { Organisation, VulnerabilityIndex } from '@/data/organisation'
import { useOrganisation } from './organisation'

const ids = new WeakMap<Organisation, number>()
let lastId = 0

/** A key for SWR that names one data source object (each workspace reload is a new one). */
function idOf(organisation: Organisation): number {
  let id = ids.get(organisation)
  if (id === undefined) {
    id = ++lastId
    ids.set(organisation, id)
  }
  return id
}

function useIndex<T>(name: string, load: (organisation: Organisation) => Promise<T>) {
  const { organisation, pending } = useOrganisation()
  const { data, error } = useSWRImmutable(pending ? null : [name, idOf(organisation)], () => load(organisation), {
    shouldRetryOnError: false,
  })
  return { organisation, data, error: error ? String(error) : undefined, pending: !!pending || (!data && !error) }
}

/**
 * Every vulnerability of the data source on screen, grouped by advisory. While every finding is
 * read, the advisory index kept from the last visit shows (its `findingsLoaded` is false).
 */
export function useVulnerabilityIndex() {
  const full = useIndex<VulnerabilityIndex>('vulnerability-index', (organisation) => organisation.vulnerabilityIndex())
  const preview = useIndex<VulnerabilityIndex | undefined>('vulnerability-preview', (organisation) =>
    organisation.vulnerabilityPreview ? organisation.vulnerabilityPreview() : Promise.resolve(undefined),
  )
  const shown = full.data ?? (full.error ? undefined : preview.data)
  return { ...full, data: shown, pending: full.pending && !shown }
}

/** Every endpoint of the data source on screen. */
export const useEndpointOccurrences = () =>
  useIndex<EndpointOccurrences>('endpoint-occurrences', (organisation) => organisation.endpointOccurrences())
