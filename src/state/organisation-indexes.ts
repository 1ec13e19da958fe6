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

function useIndex<T>(name: string, load: (organisation: Organisation) => Promise<T>, wanted = true) {
  const { organisation, pending } = useOrganisation()
  const { data, error } = useSWRImmutable(
    pending || !wanted ? null : [name, idOf(organisation)],
    () => load(organisation),
    { shouldRetryOnError: false },
  )
  return { organisation, data, error: error ? String(error) : undefined, pending: !!pending || (!data && !error) }
}

/**
 * Every vulnerability of the data source on screen, grouped by advisory. In the workspace, the
 * advisory index kept from the last visit shows instead (its `findingsLoaded` is false) until
 * `needFindings`: reading every finding is seconds of work at a million, which the grouped view
 * does without until a group is expanded or the flat view is chosen.
 */
export function useVulnerabilityIndex(needFindings: boolean) {
  const { organisation } = useOrganisation()
  const canPreview = !!organisation.vulnerabilityPreview
  const preview = useIndex(
    'vulnerability-preview',
    async (organisation) => ({ index: await organisation.vulnerabilityPreview?.() }),
    canPreview,
  )
  const nothingKept = !!preview.error || (preview.data !== undefined && !preview.data.index)
  const full = useIndex<VulnerabilityIndex>(
    'vulnerability-index',
    (organisation) => organisation.vulnerabilityIndex(),
    !canPreview || needFindings || nothingKept,
  )
  const shown = full.data ?? (full.error ? undefined : preview.data?.index)
  return { ...full, data: shown, pending: !shown && !full.error }
}

/** Every endpoint of the data source on screen. */
export const useEndpointOccurrences = () =>
  useIndex<EndpointOccurrences>('endpoint-occurrences', (organisation) => organisation.endpointOccurrences())
