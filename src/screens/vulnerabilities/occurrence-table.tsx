import { isVulnerabilityClosedByVex } from '@/data/findings'
import { memo, useMemo } from 'react'
import { SeverityBadge } from '@/components/badges'
import {
  cellDetailClass,
  cellLineClass,
  rowProps,
  virtualRowClass,
  VirtualTable,
} from '@/components/virtual-table-body'
import type { VulnerabilityOccurrences } from '@/data/advisory-groups'
import type { DecisionView } from '@/data/decisions'
import type { Repository } from '@/data/repositories'
import { dayOf, dueText, type SlaView } from '@/data/sla'
import { plural } from '@/lib/format'
import {
  Cell,
  DecisionCell,
  EMPTY_TEXT,
  ExploitCell,
  extraWidth,
  Headers,
  PackageCell,
  RepositoryCell,
  repositoryVulnerabilitiesUrl,
  score,
  SelectCell,
  TriageCell,
  VULNERABILITY_ROW_HEIGHT,
} from './vulnerability-cells'
import type { RowSelection, RowTriage } from './vulnerability-triage'
import classes from './vulnerability-tables.module.css'

const occurrenceHeaders = ['Repository', 'Advisory', 'Severity', 'CVSS', 'EPSS', 'Package', 'Fixed in', 'Due']
const decidedHeaders = [...occurrenceHeaders, 'Decision']

/** One row per repository × finding; Enter opens the repository's Vulnerabilities tab. */
export const OccurrenceTable = memo(function OccurrenceTable({
  shown,
  occurrences,
  repositories,
  decisions,
  selection,
  triage,
  sla,
  slaPending = false,
}: {
  shown: readonly number[]
  occurrences: VulnerabilityOccurrences
  repositories: Repository[]
  /** Each occurrence's decision, where the workspace holds decisions: a column of its own. */
  decisions?: readonly DecisionView[]
  /** A checkbox per row, where decisions can be made. */
  selection?: RowSelection<number>
  /** Decide and History on each row, where decisions can be made. */
  triage?: RowTriage
  sla?: readonly (SlaView | undefined)[]
  /** The days to fix are being worked out: the Due column says so rather than that there are none. */
  slaPending?: boolean
}) {
  const showDecisions = decisions !== undefined || triage !== undefined
  const headers = useMemo(
    () => [
      ...(selection ? ['Select'] : []),
      ...(showDecisions ? decidedHeaders : occurrenceHeaders),
      ...(triage ? ['Triage'] : []),
    ],
    [selection, showDecisions, triage],
  )
  const header = useMemo(() => <Headers headers={headers} />, [headers])
  const repositoryOf = (index: number) => repositories[occurrences.repository[index]]
  return (
    <VirtualTable
      label="Findings"
      minWidth={1140 + extraWidth({ selection, triage })}
      header={header}
      count={shown.length}
      columns={headers.length}
      rowHeight={VULNERABILITY_ROW_HEIGHT}
      empty={EMPTY_TEXT}
      onEnter={(index, navigate) => navigate(repositoryVulnerabilitiesUrl(repositoryOf(shown[index])?.name ?? ''))}
      row={(index, active) => (
        <OccurrenceTableRow
          occurrence={shown[index]}
          index={index}
          active={active}
          occurrences={occurrences}
          repositories={repositories}
          decisions={decisions}
          showDecisions={showDecisions}
          selection={selection}
          triage={triage}
          sla={sla}
          slaPending={slaPending}
        />
      )}
    />
  )
})

/** A row of the flat table: one repository's finding. A row that shows the same after a keystroke is not drawn again. */
const OccurrenceTableRow = memo(function OccurrenceTableRow({
  occurrence,
  index,
  active,
  occurrences,
  repositories,
  decisions,
  showDecisions,
  selection,
  triage,
  sla,
  slaPending,
}: {
  occurrence: number
  index: number
  active: boolean
  occurrences: VulnerabilityOccurrences
  repositories: Repository[]
  decisions?: readonly DecisionView[]
  showDecisions: boolean
  selection?: RowSelection<number>
  triage?: RowTriage
  sla?: readonly (SlaView | undefined)[]
  slaPending: boolean
}) {
  const finding = occurrences.finding[occurrence]
  const repository = repositories[occurrences.repository[occurrence]]
  return (
    <tr
      className={virtualRowClass}
      {...rowProps(index, active, VULNERABILITY_ROW_HEIGHT)}
      aria-label={`${repository?.name}: ${finding.cve}`}
    >
      {selection && (
        <SelectCell
          label={`Select ${finding.cve} in ${repository?.name}`}
          checked={selection.selected.has(occurrence)}
          onChange={() => selection.toggle(occurrence)}
          active={active}
        />
      )}
      <RepositoryCell repository={repository} />
      <Cell>
        <p className={`${cellLineClass} ${classes.strong}`}>{finding.cve}</p>
        <p className={`${cellDetailClass} ${classes.truncate} ${classes.wide}`} title={finding.title}>
          {finding.title}
        </p>
      </Cell>
      <Cell>
        <SeverityBadge severity={finding.severity} />
      </Cell>
      <Cell>{score(finding.cvss?.score, 1)}</Cell>
      <ExploitCell subject={finding} />
      <PackageCell finding={finding} detail={finding.ecosystem} />
      <Cell>{finding.fixedVersion ?? '–'}</Cell>
      <DueCell view={sla?.[occurrence]} pending={slaPending} />
      {showDecisions && (
        <DecisionCell decision={decisions?.[occurrence]} closedByVex={isVulnerabilityClosedByVex(finding)} />
      )}
      {triage && (
        <TriageCell
          triage={triage}
          choice={{ occurrences: [occurrence] }}
          subject={`${finding.cve} in ${repository?.name}`}
          active={active}
        />
      )}
    </tr>
  )
})

/** When the finding is due and how old it is; a dash where the workspace keeps no history of it. */
function DueCell({ view, pending }: { view: SlaView | undefined; pending: boolean }) {
  if (view === undefined) return <Cell>{pending ? <span className={cellDetailClass}>Working out…</span> : '–'}</Cell>
  return (
    <Cell>
      <p className={view.overdue ? `${cellLineClass} ${classes.overdue}` : cellLineClass}>{dueText(view)}</p>
      <p className={cellDetailClass}>
        First seen {dayOf(view.firstSeen)}, {plural(view.ageDays, 'day')} old
      </p>
    </Cell>
  )
}
