import type { EndpointOccurrences } from '@/data/endpoints'
import { useSourceIndex } from '@/state/data-source-indexes'

/** Every endpoint of the data source on screen. */
export const useEndpointOccurrences = () =>
  useSourceIndex<EndpointOccurrences>('endpoint-occurrences', (source) => source.endpointOccurrences())
