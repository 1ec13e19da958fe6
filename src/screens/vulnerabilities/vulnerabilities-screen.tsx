import { Alert, Card, Group, SegmentedControl, Stack, Text } from '@mantine/core'
import { useSelector } from '@xstate/react'
import { memo, useCallback, useMemo, useState } from 'react'
import { FilterSelect } from '@/components/filter-select'
import { PageHeader } from '@/components/page-header'
import { Gathering, ResultsBar } from '@/components/results-bar'
import { useAddressFiltersActor, useFilterChoices, type AddressFiltersActor } from '@/components/use-address-filters'
import { TypedSearchField, useFollowedField } from '@/components/typed-search-field'
import { advisoriesToCsv, occurrencesToCsv } from '@/queries/advisories/advisories-csv'
import { affectedRepositories, filterAdvisories, filterOccurrences } from '@/queries/advisories/advisory-query'
import { advisorySorts, occurrenceSorts } from '@/queries/advisories/advisory-sort'
import {
  ALL_ECOSYSTEMS,
  vulnerabilitiesPath,
  vulnerabilityFiltersFromQuery,
  vulnerabilityFiltersToQuery,
  type VulnerabilityFilters,
} from '@/queries/advisories/vulnerability-filters'
import { decisionFilterOptions, type DecisionFilter } from '@/data/decisions'
import { dueFilterOptions } from '@/data/sla'
import { epssFilterOptions, exploitedFilterOptions } from '@/data/exploit-filters'
import { fixFirstExplanation } from '@/data/fix-first'
import { CatalogueFreshness } from '@/components/catalogue-freshness'
import { useCatalogues } from '@/components/use-catalogues'
import { useDataSource } from '@/state/data-source'
import { findingSeverities, type FindingSeverity } from '@/data/findings'
import { visibilityOptions } from '@/queries/repositories/repository-filters'
import { downloadText } from '@/lib/download'
import { formatCount, plural } from '@/lib/format'
import { useVulnerabilityIndex } from './use-vulnerability-index'
import { AdvisoryTable } from './advisory-table'
import { OccurrenceTable } from './occurrence-table'
import {
  countShownOccurrences,
  shownOccurrences,
  useRowSelection,
  useVulnerabilityTriage,
  VulnerabilityTriage,
} from './vulnerability-triage'

const severityOptions = [
  { value: 'all', label: 'All severities' },
  ...findingSeverities.map((severity) => ({ value: severity, label: severity })),
]

const fixOptions = [
  { value: 'all', label: 'Fixed or not' },
  { value: 'yes', label: 'Fix available' },
  { value: 'no', label: 'No fix yet' },
]

type VulnerabilityFiltersActor = AddressFiltersActor<VulnerabilityFilters>

/**
 * `/vulnerabilities` and its severity sub-routes: every advisory across every repository. A
 * keystroke renders the results alone (VulnerabilityResults reads the search): the screen reads
 * every other filter, which choose what is read and which controls show.
 */
export function VulnerabilitiesScreen({ severity = 'all' }: { severity?: FindingSeverity | 'all' }) {
  const read = useCallback((query: string) => vulnerabilityFiltersFromQuery(query, severity), [severity])
  const { actor, choose } = useAddressFiltersActor<VulnerabilityFilters>(vulnerabilitiesPath(severity), {
    read,
    write: vulnerabilityFiltersToQuery,
    pathOf: pathOfFilters,
    // Filtering an organisation-wide list never fills the Back button.
    history: 'replace',
  })
  const filters = useFilterChoices(actor)
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set())
  // The grouped view needs each finding only to list an advisory's repositories (see useVulnerabilityIndex).
  const [findingsWanted, setFindingsWanted] = useState(false)
  const needFindings = filters.view === 'flat' || expanded.size > 0 || findingsWanted
  const needSla = filters.due !== 'all' || (filters.view === 'flat' && filters.flatSort === 'due')
  const indexState = useVulnerabilityIndex(needFindings, needSla)
  const ecosystems = useMemo(
    () => [{ value: ALL_ECOSYSTEMS, label: 'All ecosystems' }, ...(indexState.data?.ecosystems ?? [])],
    [indexState.data],
  )
  const toggle = useCallback(
    (id: string) =>
      setExpanded((current) => {
        const next = new Set(current)
        if (next.has(id)) next.delete(id)
        else next.add(id)
        return next
      }),
    [],
  )
  const wantFindings = useCallback(() => setFindingsWanted(true), [])
  return (
    <>
      <Header severity={severity} />
      <ExploitSources />
      <SearchCard actor={actor} choices={filters} ecosystems={ecosystems} choose={choose} />
      <VulnerabilityResults
        actor={actor}
        severity={severity}
        indexState={indexState}
        expanded={expanded}
        onToggle={toggle}
        onNeedFindings={wantFindings}
        choose={choose}
      />
    </>
  )
}

/** The triage bar, the count line and the table: the part of the screen that a keystroke renders. */
const VulnerabilityResults = memo(function VulnerabilityResults({
  actor,
  severity,
  indexState: { source, data: index, error, pending, sla: readSla, slaPending },
  expanded,
  onToggle,
  onNeedFindings,
  choose,
}: {
  actor: VulnerabilityFiltersActor
  severity: FindingSeverity | 'all'
  indexState: ReturnType<typeof useVulnerabilityIndex>
  expanded: ReadonlySet<string>
  onToggle: (id: string) => void
  onNeedFindings: () => void
  choose: Choose
}) {
  const filters = useSelector(actor, (snapshot) => snapshot.context.filters)
  const { repositories } = source

  const groups = useMemo(
    () =>
      index && filters.view === 'grouped'
        ? filterAdvisories(index.groups, index.occurrences, repositories, filters, index.decisions, index.sla)
        : [],
    [index, repositories, filters],
  )
  const flat = useMemo(
    () =>
      index && filters.view === 'flat'
        ? filterOccurrences(index.occurrences, repositories, filters, index.decisions, index.sla)
        : [],
    [index, repositories, filters],
  )
  const affected = useMemo(
    () => (index ? affectedRepositories(groups, index.occurrences, repositories.length) : 0),
    [groups, index, repositories],
  )

  const exportCsv = async () => {
    if (!index) return
    const csv =
      filters.view === 'flat'
        ? occurrencesToCsv(flat, index.occurrences, repositories, await readSla())
        : advisoriesToCsv(groups, index.occurrences, repositories)
    downloadText(csv, `vigil-vulnerabilities${severity === 'all' ? '' : `-${severity.toLowerCase()}`}.csv`, 'text/csv')
  }

  const shownCount = filters.view === 'flat' ? flat.length : groups.length
  const shownFindings = useMemo(() => countShownOccurrences(filters.view, flat, groups), [filters.view, flat, groups])
  const gatherShown = useCallback(() => shownOccurrences(filters.view, flat, groups), [filters.view, flat, groups])
  // The days to fix arriving make a new index of the same rows and decisions: the rows chosen stay.
  const rowSelection = useRowSelection<number>(index?.decisions ?? index?.occurrences)
  const advisorySelection = useRowSelection<string>(index?.decisions)
  const triage = useVulnerabilityTriage({ index, groups, shown: gatherShown, repositories, onNeedFindings })
  const filterByState = useCallback((state: DecisionFilter) => choose({ state }), [choose])
  return (
    <>
      <VulnerabilityTriage
        index={index}
        shownCount={shownFindings}
        selectedOccurrences={filters.view === 'flat' ? rowSelection?.selected : undefined}
        selectedAdvisories={filters.view === 'grouped' ? advisorySelection?.selected : undefined}
        triage={triage.rows}
        dialogs={triage.dialogs}
        waiting={triage.waiting}
        onFilter={filterByState}
      />
      {error && (
        <Alert color="red" mb="md" role="alert" title="Vulnerabilities could not be read">
          {error}
        </Alert>
      )}
      {(pending || (index && !index.findingsLoaded && filters.view === 'flat')) && !error ? (
        <Gathering
          text={`Gathering vulnerabilities across ${plural(repositories.length, 'repository', 'repositories')}...`}
        />
      ) : (
        index && (
          <>
            <ResultsBar
              text={
                filters.view === 'flat'
                  ? `Showing ${formatCount(shownCount)} of ${plural(index.occurrences.repository.length, 'finding')}`
                  : `Showing ${formatCount(shownCount)} of ${plural(index.groups.length, 'advisory', 'advisories')}, affecting ${plural(affected, 'repository', 'repositories')}`
              }
              onExport={exportCsv}
              empty={shownCount === 0}
            />
            {filters.view === 'flat' ? (
              <OccurrenceTable
                shown={flat}
                occurrences={index.occurrences}
                repositories={repositories}
                decisions={index.decisions}
                selection={rowSelection}
                triage={triage.rows}
                sla={index.sla}
                slaPending={slaPending}
              />
            ) : (
              <AdvisoryTable
                groups={groups}
                occurrences={index.occurrences}
                repositories={repositories}
                expanded={expanded}
                onToggle={onToggle}
                decisions={index.decisions}
                selection={advisorySelection}
                triage={triage.rows}
              />
            )}
          </>
        )
      )}
    </>
  )
})

const Header = memo(function Header({ severity }: { severity: FindingSeverity | 'all' }) {
  return (
    <PageHeader
      title={severity === 'all' ? 'Vulnerabilities' : `${severity} vulnerabilities`}
      subtitle="Every known advisory across your repositories, grouped by advisory with its ids merged."
    />
  )
})

const SearchCard = memo(function SearchCard({
  actor,
  choices,
  ecosystems,
  choose,
}: {
  actor: VulnerabilityFiltersActor
  /** Every filter but the search (see useFilterChoices). */
  choices: VulnerabilityFilters
  ecosystems: (string | { value: string; label: string })[]
  choose: Choose
}) {
  const field = useFollowedField(actor)
  const search = useCallback((text: string) => actor.send({ type: 'filters.type', change: { search: text } }), [actor])
  const commit = useCallback(() => actor.send({ type: 'filters.commit' }), [actor])
  return (
    <Card withBorder padding="md" mb="md" role="search">
      <Stack gap="sm">
        <Group align="flex-end" gap="md" wrap="wrap">
          <TypedSearchField
            field={field}
            placeholder="Advisory id, package, title or repository"
            basis={260}
            onSearch={search}
            onCommit={commit}
          />
          <FilterChoices choices={choices} ecosystems={ecosystems} choose={choose} />
        </Group>
        <ViewChoices choices={choices} choose={choose} />
      </Stack>
    </Card>
  )
})

function pathOfFilters(filters: VulnerabilityFilters) {
  return vulnerabilitiesPath(filters.severity)
}

type Choose = (change: Partial<VulnerabilityFilters>) => void

// The parts below take no part of the search text, so a keystroke does not render them again.

const FilterChoices = memo(function FilterChoices({
  choices: { severity, ecosystem, fix, visibility, state, due, exploited, epss },
  ecosystems,
  choose,
}: {
  choices: VulnerabilityFilters
  ecosystems: (string | { value: string; label: string })[]
  choose: Choose
}) {
  return (
    <>
      <FilterSelect
        label="Severity"
        data={severityOptions}
        value={severity}
        onChange={(severity) => choose({ severity })}
        w={160}
      />
      <FilterSelect
        label="Ecosystem"
        data={ecosystems}
        value={ecosystem}
        onChange={(ecosystem) => choose({ ecosystem })}
        w={170}
      />
      <FilterSelect label="Fix" data={fixOptions} value={fix} onChange={(fix) => choose({ fix })} w={160} />
      <FilterSelect
        label="Repository visibility"
        data={visibilityOptions}
        value={visibility}
        onChange={(visibility) => choose({ visibility })}
        w={170}
      />
      <FilterSelect
        label="Decision"
        data={decisionFilterOptions}
        value={state}
        onChange={(state) => choose({ state })}
        w={180}
      />
      <FilterSelect label="Due" data={dueFilterOptions} value={due} onChange={(due) => choose({ due })} w={180} />
      <FilterSelect
        label="Exploited"
        data={exploitedFilterOptions}
        value={exploited}
        onChange={(exploited) => choose({ exploited })}
        w={210}
      />
      <FilterSelect label="EPSS" data={epssFilterOptions} value={epss} onChange={(epss) => choose({ epss })} w={170} />
    </>
  )
})

const ViewChoices = memo(function ViewChoices({
  choices: { view, sort, flatSort },
  choose,
}: {
  choices: VulnerabilityFilters
  choose: Choose
}) {
  return (
    <Group align="flex-end" gap="md" wrap="wrap">
      <Stack gap={4}>
        <Text size="sm" fw={500} id="vulnerabilities-view-label">
          View
        </Text>
        <SegmentedControl
          aria-labelledby="vulnerabilities-view-label"
          value={view}
          onChange={(value) => choose({ view: value as VulnerabilityFilters['view'] })}
          data={[
            { value: 'grouped', label: 'By advisory' },
            { value: 'flat', label: 'By repository' },
          ]}
        />
      </Stack>
      <FilterSelect<string>
        label="Sort"
        data={view === 'flat' ? occurrenceSorts : advisorySorts}
        value={view === 'flat' ? flatSort : sort}
        onChange={(sort) =>
          choose(
            view === 'flat'
              ? { flatSort: sort as VulnerabilityFilters['flatSort'] }
              : { sort: sort as VulnerabilityFilters['sort'] },
          )
        }
        w={240}
      />
      {(view === 'flat' ? flatSort : sort) === 'fix-first' && (
        <Text size="sm" maw={720}>
          {fixFirstExplanation}
        </Text>
      )}
    </Group>
  )
})

/** Where the exploitation the lists show comes from, and how fresh it is (the workspace's alone). */
function ExploitSources() {
  const { source } = useDataSource()
  const catalogues = useCatalogues(source)
  if (source.kind !== 'workspace' || !catalogues) return null
  return (
    <Stack gap="xs" mb="md" aria-label="Exploitation sources" role="region">
      <CatalogueFreshness catalogues={catalogues} />
    </Stack>
  )
}
