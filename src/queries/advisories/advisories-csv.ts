import { rowsToCsv, type CsvColumn } from '@/lib/csv'
import { packageParts, type AdvisoryGroup, type VulnerabilityOccurrences } from '@/data/advisory-groups'
import { visibilityCsvText, visibilityOf, type Repository } from '@/data/repositories'
import type { SlaView } from '@/data/sla'
import type { ExploitView } from '@/data/findings'

/** First seen, due and age, where the workspace keeps history (empty for a finding it has not seen). */
export const slaColumns = <T>(of: (row: T) => SlaView | undefined): CsvColumn<T>[] => [
  ['First seen', (row) => of(row)?.firstSeen ?? ''],
  ['Due', (row) => of(row)?.dueAt ?? ''],
  ['Age (days)', (row) => of(row)?.ageDays ?? ''],
  ['Overdue', (row) => (of(row) === undefined ? '' : of(row)!.overdue ? 'yes' : 'no')],
]

const score = (value: number | undefined, digits: number) => (value === undefined ? '' : value.toFixed(digits))

/** What CISA's KEV and FIRST's EPSS catalogues say of the row, where the workspace holds them. */
const exploitColumns = <T>(of: (row: T) => Pick<ExploitView, 'kev' | 'catalogueEpss'> | undefined): CsvColumn<T>[] => [
  ['In KEV', (row) => (of(row)?.kev ? 'yes' : '')],
  ['KEV date added', (row) => of(row)?.kev?.dateAdded ?? ''],
  ['KEV due date', (row) => of(row)?.kev?.dueDate ?? ''],
  ['KEV ransomware', (row) => (of(row)?.kev ? (of(row)!.kev!.ransomware ? 'known' : 'unknown') : '')],
  ['EPSS (FIRST)', (row) => score(of(row)?.catalogueEpss?.score, 5)],
  ['EPSS percentile (FIRST)', (row) => score(of(row)?.catalogueEpss?.percentile, 5)],
  ['EPSS date (FIRST)', (row) => of(row)?.catalogueEpss?.date ?? ''],
]

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
    ...exploitColumns<AdvisoryGroup>((group) => group),
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
    ['Visibility', (index) => visibilityCsvText[visibilityOf(repository(index))]],
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
    ...exploitColumns((index: number) => finding(index).exploit),
    ...(sla ? slaColumns((index: number) => sla[index]) : []),
  ]
  return rowsToCsv(columns, shown)
}
