import { rowsToCsv, type CsvColumn } from '@/lib/csv'
import type { ApiEndpoint, EndpointOccurrences } from '@/data/endpoints'
import type { Repository } from '@/data/repositories'
import { endpointKind } from './endpoint-filters'

const flags = (endpoint: ApiEndpoint) =>
  (['pii', 'pci', 'phi'] as const).filter((category) => endpoint[category]).map((category) => category.toUpperCase())

export function endpointsToCsv(shown: number[], occurrences: EndpointOccurrences, repositories: Repository[]): string {
  const endpoint = (index: number) => occurrences.endpoint[index]
  const columns: CsvColumn<number>[] = [
    ['Repository', (index) => repositories[occurrences.repository[index]]?.name],
    ['Method', (index) => endpoint(index).method],
    ['Path', (index) => endpoint(index).path],
    ['Kind', (index) => endpointKind(endpoint(index))],
    ['Authentication', (index) => endpoint(index).auth],
    ['Data', (index) => flags(endpoint(index)).join(' ')],
    ['Reasons', (index) => (endpoint(index).reasons ?? []).map((reason) => reason.text).join('; ')],
    ['Summary', (index) => endpoint(index).description],
    ['API description', (index) => endpoint(index).document],
  ]
  return rowsToCsv(columns, shown)
}
