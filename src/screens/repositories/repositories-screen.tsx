import { Button, Card, Group, Text } from '@mantine/core'
import { EmptyWorkspace } from './empty-workspace'
import { ExportCsvButton } from '@/components/results-bar'
import { TypedSearchField, useFollowedField } from '@/components/typed-search-field'
import { formatCount } from '@/lib/format'
import { useSelector } from '@xstate/react'
import { memo, useCallback, useMemo } from 'react'
import { useLocation } from 'wouter'
import { useWarmNameOrder } from './use-warm-name-order'
import { useWarmSearch } from './use-warm-search'
import { useDataSource } from '@/state/data-source'
import { downloadText } from '@/lib/download'
import { FilterSelect } from '@/components/filter-select'
import { PageHeader } from '@/components/page-header'
import { useAddressFiltersActor, type AddressFiltersActor } from '@/components/use-address-filters'
import { repositoriesToCsv } from '@/queries/repositories/repositories-csv'
import {
  ALL_LANGUAGES,
  defaultRepositoryFilters,
  repositoryFiltersFromQuery,
  repositoryFiltersToQuery,
  languageOptions,
  nextSort,
  visibilityOptions,
  type RepositoryFilters,
  type SortColumn,
} from '@/queries/repositories/repository-filters'
import { createRepositoryQuery, type RepositoryQuery } from '@/queries/repositories/repository-query'
import { RepositoryTable } from './repository-table'

type RepositoryFiltersActor = AddressFiltersActor<RepositoryFilters>

// Each part below reads only the filters it shows. The results render with the keystroke, not
// deferred: keystroke to results, a deferred render cost a frame at every size on a normal CPU,
// and only helped at 10,000 and more on a CPU four times slower (docs/benchmarks.md).

/** The search field, fed by the filters' actor (see useFollowedField). */
const SearchField = memo(function SearchField({ actor }: { actor: RepositoryFiltersActor }) {
  const field = useFollowedField(actor)
  const search = useCallback((text: string) => actor.send({ type: 'filters.type', change: { search: text } }), [actor])
  const commit = useCallback(() => actor.send({ type: 'filters.commit' }), [actor])
  return (
    <TypedSearchField
      field={field}
      placeholder="Search by name or description"
      basis={260}
      onSearch={search}
      onCommit={commit}
    />
  )
})

const ChoiceFields = memo(function ChoiceFields({
  actor,
  languages,
}: {
  actor: RepositoryFiltersActor
  languages: string[]
}) {
  const visibility = useSelector(actor, (snapshot) => snapshot.context.filters.visibility)
  const language = useSelector(actor, (snapshot) => snapshot.context.filters.language)
  const languageData = useMemo(() => [{ value: ALL_LANGUAGES, label: 'All Languages' }, ...languages], [languages])
  return (
    <>
      <FilterSelect
        label="Visibility"
        data={visibilityOptions}
        value={visibility}
        onChange={(visibility) => actor.send({ type: 'filters.choose', change: { visibility } })}
        w={160}
      />
      <FilterSelect
        label="Language"
        data={languageData}
        value={language}
        onChange={(language) => actor.send({ type: 'filters.choose', change: { language: language || ALL_LANGUAGES } })}
        w={200}
      />
    </>
  )
})

interface ResultsProps {
  actor: RepositoryFiltersActor
  query: RepositoryQuery
}

/**
 * The router's navigate, the same function at every render: read once by the screen, so that the
 * table, which renders with each keystroke, does not read the address each time.
 */
interface Navigation {
  navigate: (to: string) => void
}

/**
 * The count line's text, which renders again only when the count changes (the query keeps recent
 * answers, so asking again is cheap). It is the text alone: the line around it (CountStatus) does
 * not render with a keystroke.
 */
const ResultCount = memo(function ResultCount({ actor, query, total }: ResultsProps & { total: number }) {
  const shown = useSelector(actor, (snapshot) => query(snapshot.context.filters).length)
  return `Showing ${formatCount(shown)} of ${formatCount(total)} repositories`
})

const CountStatus = memo(function CountStatus({ actor, query, total }: ResultsProps & { total: number }) {
  return (
    <Text size="sm" c="dimmed" role="status">
      <ResultCount actor={actor} query={query} total={total} />
    </Text>
  )
})

/** Renders again only when the view turns empty or stops being empty, not with each keystroke. */
const ExportButton = memo(function ExportButton({ actor, query }: ResultsProps) {
  const empty = useSelector(actor, (snapshot) => query(snapshot.context.filters).length === 0)
  const exportView = useCallback(
    () =>
      downloadText(
        repositoriesToCsv(query(actor.getSnapshot().context.filters).toArray()),
        'vigil-repositories.csv',
        'text/csv',
      ),
    [actor, query],
  )
  return <ExportCsvButton onExport={exportView} empty={empty} />
})

// Renders again only when the sort changes: the table's rows read the answer themselves, and a
// letter that leaves every row in renders nothing.
const ResultsTable = memo(function ResultsTable({ actor, query, navigate }: ResultsProps & Navigation) {
  const sort = useSelector(actor, (snapshot) => snapshot.context.filters.sort)
  const onSort = useCallback(
    (column: SortColumn) =>
      actor.send({
        type: 'filters.choose',
        change: { sort: nextSort(actor.getSnapshot().context.filters.sort, column) },
      }),
    [actor],
  )
  const onReset = useCallback(() => actor.send({ type: 'filters.choose', change: defaultRepositoryFilters }), [actor])
  return (
    <RepositoryTable actor={actor} query={query} sort={sort} onSort={onSort} onReset={onReset} navigate={navigate} />
  )
})

// A keystroke renders the count and the table, each of which reads the filters itself: the
// frame around them (the bar, the card) renders once.
const Results = memo(function Results({
  actor,
  query,
  total,
  navigate,
}: ResultsProps & Navigation & { total: number }) {
  return (
    <>
      <Group justify="space-between" mb="xs">
        <CountStatus actor={actor} query={query} total={total} />
        <ExportButton actor={actor} query={query} />
      </Group>
      <Card withBorder padding={0}>
        <ResultsTable actor={actor} query={query} navigate={navigate} />
      </Card>
    </>
  )
})

const Header = memo(function Header() {
  return (
    <PageHeader
      title="All Repositories"
      subtitle="Manage and explore your repositories"
      actions={
        <Group gap="xs" mt="xs">
          <Button size="xs">Primary</Button>
          <Button size="xs" variant="default">
            Secondary
          </Button>
          <Button size="xs" color="red.8">
            Destructive
          </Button>
        </Group>
      }
    />
  )
})

/**
 * The screen reads the address, so it renders again with each address write (the search, once
 * typing pauses): what it shows is this part, which renders only when the data source changes.
 */
const RepositoriesView = memo(function RepositoriesView({ actor }: { actor: RepositoryFiltersActor }) {
  const { source } = useDataSource()
  const { repositories } = source
  const [, navigate] = useLocation()
  const query = useMemo(() => createRepositoryQuery(repositories), [repositories])
  useWarmNameOrder(query, repositories)
  useWarmSearch(query)
  const languages = useMemo(() => languageOptions(repositories), [repositories])

  return (
    <>
      <Header />
      {source.kind === 'workspace' && repositories.length === 0 && <EmptyWorkspace />}
      <Card withBorder padding="md" mb="md" role="search">
        <Group align="flex-end" gap="md" wrap="wrap">
          <SearchField actor={actor} />
          <ChoiceFields actor={actor} languages={languages} />
        </Group>
      </Card>
      <Results actor={actor} query={query} total={repositories.length} navigate={navigate} />
    </>
  )
})

export function RepositoriesScreen() {
  const { actor } = useAddressFiltersActor<RepositoryFilters>('/repositories', {
    read: repositoryFiltersFromQuery,
    write: repositoryFiltersToQuery,
    // Each choice is a history entry of its own: Back undoes a filter or a sort.
    history: 'push',
  })
  return <RepositoriesView actor={actor} />
}
