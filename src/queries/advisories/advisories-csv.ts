import { rowsToCsv, type CsvColumn } from '@/lib/csv'
import { packageParts, type AdvisoryGroup, type VulnerabilityOccurrences } from '@/data/advisory-groups'
import type { Repository } from '@/data/repositories'
import type { SlaView } from '@/data/sla'

/** First seen, due and age, where the workspace keeps history (empty for a finding it has not seen). */
export const slaColumns = <T>(of: (row: T) => SlaView | undefined): CsvColumn<T>[] => [
  ['First seen', (row) => of(row)?.firstSeen ?? ''],
  ['Due', (row) => of(row)?.dueAt ?? ''],
  ['Age (days)', (row) => of(row)?.ageDays ?? ''],
  ['Overdue', (row) => (of(row) === undefined ? '' : of(row)!.overdue ? 'yes' : 'no')],
]

const score = (value: number | undefined, digits: number) => (value === undefined ? '' : value.toFixed(digits))

const advisoryColumns = (repositories: Repository[], occurrences: VulnerabilityOccurrences) =>
  [
    ['Advisory', (group) => group.id],
    ['Aliases', (group) => group.aliases.join(' ')],
    ['Severity', (group) => group.severity],
    ['CVSS', (group) => score(group.cvss, 1)],
    ['EPSS', (group) => score(group.epss, 4)],
    ['Title', (group) => group.title],
    ['Ecosystems', (group) => group.ecosystems.join(' ')],
    ['Packages', (group) => group.packages.join(' ')],
    ['Affected versions', (group) => group.affected.join(' ')],
    ['Fixed versions', (group) => group.fixed.join(' ')],
    ['Affected repositories', (group) => group.repositories],
    [
      'Repositories',
      (group) =>
        [...new Set(group.occurrences.map((index) => repositories[occurrences.repository[index]]?.name ?? ''))].join(
          ' ',
        ),
    ],
  ] satisfies CsvColumn<AdvisoryGroup>[]

export function advisoriesToCsv(
  groups: AdvisoryGroup[],
  occurrences: VulnerabilityOccurrences,
  repositories: Repository[],
): string {
  return rowsToCsv(advisoryColumns(repositories, occurrences), groups)
}

export function occurrencesToCsv(
  shown: readonly number[],
  occurrences: VulnerabilityOccurrences,
  repositories: Repository[],
  sla?: readonly (SlaView | undefined)[],
): string {
  const finding = (index: number) => occurrences.finding[index]
  const repository = (index: number) => repositories[occurrences.repository[index]]
  const columns: CsvColumn<number>[] = [
    ['Repository', (index) => repository(index)?.name],
    ['Visibility', (index) => (repository(index)?.isPrivate ? 'Private' : 'Public')],
    ['Advisory', (index) => finding(index).cve],
    ['Aliases', (index) => (finding(index).aliases ?? []).join(' ')],
    ['Severity', (index) => finding(index).severity],
    ['CVSS', (index) => score(finding(index).cvss?.score, 1)],
    ['EPSS', (index) => score(finding(index).epss, 4)],
    ['Title', (index) => finding(index).title],
    ['Ecosystem', (index) => finding(index).ecosystem],
    ['Package', (index) => packageParts(finding(index)).name],
    ['Version', (index) => packageParts(finding(index)).version],
    ['Fixed version', (index) => finding(index).fixedVersion],
    ['File', (index) => finding(index).file],
    ...(sla ? slaColumns((index: number) => sla[index]) : []),
  ]
  return rowsToCsv(columns, shown)
}
