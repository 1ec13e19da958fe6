import { isVulnerabilityClosedByVex } from '@/data/findings'
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react'
import { memo, useMemo } from 'react'
import { NeutralBadge, SeverityBadge } from '@/components/badges'
import {
  cellDetailClass,
  cellLineClass,
  cellLinkClass,
  rowProps,
  virtualRowClass,
  VirtualTable,
} from '@/components/virtual-table-body'
import type { AdvisoryGroup, VulnerabilityOccurrences } from '@/data/advisory-groups'
import { decisionStateNames, summariseDecisions, type DecisionSummary, type DecisionView } from '@/data/decisions'
import type { Repository } from '@/data/repositories'
import type { Vulnerability } from '@/data/findings'
import { plural } from '@/lib/format'
import { safeLink } from '@/lib/safe-link'
import { fixFirstSubjectOf } from '@/queries/advisories/advisory-sort'
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

// Icons made once: a row drawn again leaves an unchanged element alone, rather than drawing its paths again.
const chevronDown = <IconChevronDown size={16} aria-hidden />
const chevronRight = <IconChevronRight size={16} aria-hidden />

function Versions({ values }: { values: string[] }) {
  if (values.length === 0) return <p className={cellLineClass}>–</p>
  const shown = values.slice(0, 3).join(', ')
  return (
    <p className={`${cellLineClass} ${classes.truncate}`} title={values.join(', ')}>
      {values.length > 3 ? `${shown} +${values.length - 3}` : shown}
    </p>
  )
}

type AdvisoryRow = { kind: 'group'; group: AdvisoryGroup } | { kind: 'occurrence'; group: AdvisoryGroup; index: number }

const advisoryHeaders = ['Advisory', 'Severity', 'CVSS', 'EPSS', 'Package and versions', 'Fixed in', 'Repositories']

function AdvisoryCells({
  group,
  expanded,
  onToggle,
  columns,
  active,
}: {
  group: AdvisoryGroup
  expanded: boolean
  onToggle: (id: string) => void
  columns: AdvisoryColumns
  active: boolean
}) {
  return (
    <>
      {columns.selection && (
        <SelectCell
          label={`Select ${group.id}`}
          checked={columns.selection.selected.has(group.id)}
          onChange={() => columns.selection?.toggle(group.id)}
          active={active}
        />
      )}
      <Cell>
        <div className={classes.advisory}>
          <button
            type="button"
            className={classes.toggle}
            onClick={() => onToggle(group.id)}
            aria-expanded={expanded}
            aria-label={`${expanded ? 'Hide' : 'Show'} the repositories affected by ${group.id}`}
            tabIndex={-1}
          >
            {expanded ? chevronDown : chevronRight}
          </button>
          <div className={classes.advisoryText}>
            <p className={`${cellLineClass} ${classes.strong}`}>
              {safeLink(group.url) ? (
                <a
                  href={safeLink(group.url)}
                  target="_blank"
                  rel="noreferrer noopener"
                  className={cellLinkClass}
                  tabIndex={-1}
                >
                  {group.id}
                </a>
              ) : (
                group.id
              )}
            </p>
            <p
              className={`${cellDetailClass} ${classes.truncate} ${classes.wider}`}
              title={[group.title, ...group.aliases].join(' · ')}
            >
              {group.aliases.length > 0 ? `${group.aliases.join(', ')} · ` : ''}
              {group.title}
            </p>
          </div>
        </div>
      </Cell>
      <Cell>
        <SeverityBadge severity={group.severity} />
      </Cell>
      <Cell>{score(group.cvss, 1)}</Cell>
      <ExploitCell subject={fixFirstSubjectOf(group)} />
      <Cell>
        <p className={`${cellLineClass} ${classes.package} ${classes.truncate}`}>
          {group.packages.join(', ')}
          {group.ecosystems.length > 0 && <span className={classes.ecosystems}> ({group.ecosystems.join(', ')})</span>}
        </p>
        <Versions values={group.affected} />
      </Cell>
      <Cell>
        {group.fixed.length > 0 ? <Versions values={group.fixed} /> : <NeutralBadge>No fix yet</NeutralBadge>}
      </Cell>
      <Cell>
        <p className={`${cellLineClass} ${classes.strong}`}>
          {plural(group.repositories, 'repository', 'repositories')}
        </p>
        {group.privateRepositories > 0 && <p className={cellDetailClass}>{group.privateRepositories} private</p>}
      </Cell>
      {columns.decisions && <SummaryCell summary={columns.decisions.summaryOf(group)} />}
      {columns.triage && (
        <TriageCell triage={columns.triage} choice={{ advisories: [group.id] }} subject={group.id} active={active} />
      )}
    </>
  )
}

/** A repository an advisory affects; its finding's details while the findings are still being read. */
function OccurrenceCells({
  occurrence,
  finding,
  repository,
  columns,
  active,
}: {
  occurrence: number
  finding: Vulnerability | undefined
  repository: Repository | undefined
  columns: AdvisoryColumns
  active: boolean
}) {
  const select = columns.selection && <Cell />
  if (!finding) {
    return (
      <>
        {select}
        <RepositoryCell repository={repository} indent />
        <Cell colSpan={6 + (columns.decisions ? 1 : 0) + (columns.triage ? 1 : 0)}>
          <p className={`${cellLineClass} ${classes.dimmed}`}>Reading this finding...</p>
        </Cell>
      </>
    )
  }
  const subject = `${finding.cve} in ${repository?.name}`
  return (
    <>
      {select}
      <RepositoryCell repository={repository} indent />
      <Cell>
        <SeverityBadge severity={finding.severity} />
      </Cell>
      <Cell>{score(finding.cvss?.score, 1)}</Cell>
      <ExploitCell subject={finding} />
      <PackageCell finding={finding} detail={finding.file} />
      <Cell>{finding.fixedVersion ?? '–'}</Cell>
      <Cell />
      {columns.decisions && (
        <DecisionCell
          decision={columns.decisions.views?.[occurrence]}
          closedByVex={isVulnerabilityClosedByVex(finding)}
        />
      )}
      {columns.triage && (
        <TriageCell triage={columns.triage} choice={{ occurrences: [occurrence] }} subject={subject} active={active} />
      )}
    </>
  )
}

/** Each advisory's row, made once: a row that shows the same advisory after a keystroke is not drawn again. */
const groupRows = new WeakMap<AdvisoryGroup, AdvisoryRow>()
function groupRow(group: AdvisoryGroup): AdvisoryRow {
  let row = groupRows.get(group)
  if (!row) {
    row = { kind: 'group', group }
    groupRows.set(group, row)
  }
  return row
}

/** A row of the advisory table: an advisory, or one of the repositories it affects when expanded. */
const AdvisoryTableRow = memo(function AdvisoryTableRow({
  row,
  index,
  active,
  expanded,
  onToggle,
  columns,
  occurrences,
  repositories,
}: {
  row: AdvisoryRow
  index: number
  active: boolean
  expanded: boolean
  onToggle: (id: string) => void
  columns: AdvisoryColumns
  occurrences: VulnerabilityOccurrences
  repositories: Repository[]
}) {
  const common = rowProps(index, active, VULNERABILITY_ROW_HEIGHT)
  if (row.kind === 'group') {
    return (
      <tr
        className={virtualRowClass}
        {...common}
        aria-label={`${row.group.id}, ${row.group.severity}, ${plural(row.group.repositories, 'repository', 'repositories')}`}
      >
        <AdvisoryCells group={row.group} expanded={expanded} onToggle={onToggle} columns={columns} active={active} />
      </tr>
    )
  }
  const repository = repositories[occurrences.repository[row.index]]
  return (
    <tr
      className={`${virtualRowClass} ${classes.occurrence}`}
      {...common}
      aria-label={`${repository?.name}: ${row.group.id}`}
    >
      <OccurrenceCells
        occurrence={row.index}
        finding={occurrences.finding[row.index]}
        repository={repository}
        columns={columns}
        active={active}
      />
    </tr>
  )
})

/**
 * Advisories, each expandable to the repositories it affects (each linking to its
 * Vulnerabilities tab). Virtualised; Enter on an advisory expands it, on a repository opens it.
 */
export const AdvisoryTable = memo(function AdvisoryTable({
  groups,
  occurrences,
  repositories,
  expanded,
  onToggle,
  decisions,
  selection,
  triage,
}: {
  groups: AdvisoryGroup[]
  occurrences: VulnerabilityOccurrences
  repositories: Repository[]
  expanded: ReadonlySet<string>
  onToggle: (id: string) => void
  /** Each occurrence's decision, where the workspace holds decisions. */
  decisions?: readonly DecisionView[]
  /** A checkbox per advisory, where decisions can be made. */
  selection?: RowSelection<string>
  /** Decide and History on each row, where decisions can be made. */
  triage?: RowTriage
}) {
  const columns = useMemo<AdvisoryColumns>(() => {
    const showDecisions = decisions !== undefined || triage !== undefined
    // An advisory's summary reads every one of its occurrences: once per advisory shown.
    const summaries = new WeakMap<AdvisoryGroup, DecisionSummary>()
    const closedByVex = (occurrence: number) => isVulnerabilityClosedByVex(occurrences.finding[occurrence])
    const summaryOf = (group: AdvisoryGroup) => {
      let summary = summaries.get(group)
      if (!summary) {
        summary = summariseDecisions(group.occurrences, decisions, closedByVex)
        summaries.set(group, summary)
      }
      return summary
    }
    return {
      selection,
      triage,
      decisions: showDecisions ? { views: decisions, summaryOf } : undefined,
    }
  }, [decisions, occurrences, selection, triage])
  const headers = useMemo(
    () => [
      ...(columns.selection ? ['Select'] : []),
      ...advisoryHeaders,
      ...(columns.decisions ? ['Decision'] : []),
      ...(columns.triage ? ['Triage'] : []),
    ],
    [columns],
  )
  // The same element while the columns stay: the table's frame then renders only with its rows.
  const header = useMemo(() => <Headers headers={headers} />, [headers])
  const rows = useMemo(() => {
    const list: AdvisoryRow[] = []
    for (const group of groups) {
      list.push(groupRow(group))
      if (expanded.has(group.id)) for (const index of group.occurrences) list.push({ kind: 'occurrence', group, index })
    }
    return list
  }, [groups, expanded])
  const repositoryOf = (index: number) => repositories[occurrences.repository[index]]

  return (
    <VirtualTable
      label="Advisories"
      minWidth={980 + extraWidth(columns)}
      header={header}
      count={rows.length}
      columns={headers.length}
      rowHeight={VULNERABILITY_ROW_HEIGHT}
      empty={EMPTY_TEXT}
      onEnter={(index, navigate) => {
        const row = rows[index]
        if (row.kind === 'group') onToggle(row.group.id)
        else navigate(repositoryVulnerabilitiesUrl(repositoryOf(row.index)?.name ?? ''))
      }}
      row={(index, active) => (
        <AdvisoryTableRow
          row={rows[index]}
          index={index}
          active={active}
          expanded={rows[index].kind === 'group' && expanded.has(rows[index].group.id)}
          onToggle={onToggle}
          columns={columns}
          occurrences={occurrences}
          repositories={repositories}
        />
      )}
    />
  )
})

/** An advisory's findings' decisions in a row: their one state, or "Mixed", and how many need triage. */
function SummaryCell({ summary }: { summary: DecisionSummary }) {
  const marks = [
    summary.state === 'mixed' && summary.needsTriage > 0 && `${summary.needsTriage} need triage`,
    summary.expired && 'expired decision',
    summary.review && 'review',
  ].filter(Boolean)
  return (
    <Cell>
      <NeutralBadge>{summary.state === 'mixed' ? 'Mixed' : decisionStateNames[summary.state]}</NeutralBadge>
      {marks.length > 0 && <p className={cellDetailClass}>{marks.join(', ')}</p>}
    </Cell>
  )
}

/** What the advisory table draws beside its own columns. */
interface AdvisoryColumns {
  selection?: RowSelection<string>
  triage?: RowTriage
  decisions?: { views?: readonly DecisionView[]; summaryOf: (group: AdvisoryGroup) => DecisionSummary }
}
