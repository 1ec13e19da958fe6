import { Alert, Anchor, Button, Card, Group, Stack, Table, Text, Title } from '@mantine/core'
import { IconAlertTriangle, IconHelpCircle } from '@tabler/icons-react'
import { useSelector } from '@xstate/react'
import { memo, useCallback, useMemo } from 'react'
import { Link } from 'wouter'
import { FilterSelect } from '@/components/filter-select'
import { PageHeader } from '@/components/page-header'
import { Gathering, ResultsBar } from '@/components/results-bar'
import { useAddressFiltersActor, useFilterChoices, type AddressFiltersActor } from '@/components/use-address-filters'
import { TypedSearchField, useFollowedField } from '@/components/typed-search-field'
import {
  ALL_METHODS,
  apisPath,
  authOptions,
  categoryOptions,
  defaultEndpointFilters,
  endpointFiltersFromQuery,
  endpointFiltersToQuery,
  endpointSorts,
  exposedEndpointsUrl,
  unreadableEndpointsUrl,
  type ApiKind,
  type EndpointFilters,
} from '@/queries/endpoints/endpoint-filters'
import {
  filterEndpoints,
  headlineCounts,
  methodsOf,
  shownEndpoints,
  type EndpointHeadline,
} from '@/queries/endpoints/endpoint-query'
import { endpointsToCsv } from '@/queries/endpoints/endpoints-csv'
import { downloadText } from '@/lib/download'
import { formatCount, plural } from '@/lib/format'
import type { EndpointOccurrences } from '@/data/endpoints'
import { scannedFor, type Repository } from '@/data/repositories'
import { useDataSource } from '@/state/data-source'
import { useEndpointOccurrences } from './use-endpoint-occurrences'
import { EndpointTable } from './endpoint-table'

/** What `/apis` and its sub-routes show: endpoints of a kind, or the API descriptions. */
export type ApisView = ApiKind | 'documentation'

const titles: Record<ApisView, string> = {
  all: 'APIs',
  rest: 'REST endpoints',
  graphql: 'GraphQL endpoints',
  webhooks: 'Webhooks and callbacks',
  documentation: 'API documentation',
}

const subtitles: Record<ApisView, string> = {
  all: 'Every endpoint of every repository, and the personal, card or health data each handles.',
  rest: 'HTTP endpoints other than GraphQL.',
  graphql: 'Endpoints at a /graphql path or whose description is a GraphQL operation.',
  webhooks: 'OpenAPI 3.1 webhooks and callbacks: requests your services receive or send back.',
  documentation: 'The API descriptions imported into your workspace.',
}

export function ApisScreen({ view = 'all' }: { view?: ApisView }) {
  return (
    <>
      <PageHeader title={titles[view]} subtitle={subtitles[view]} />
      {view === 'documentation' ? <ApiDocuments /> : <Endpoints kind={view} />}
    </>
  )
}

type EndpointFiltersActor = AddressFiltersActor<EndpointFilters>

// A keystroke renders the results alone (EndpointResults reads the filters): the alert, the
// search card and its choices, which read what they show from the filters' actor, do not render.

function Endpoints({ kind }: { kind: ApiKind }) {
  const read = useCallback((query: string) => endpointFiltersFromQuery(query, kind), [kind])
  const { actor } = useAddressFiltersActor<EndpointFilters>(apisPath(kind), {
    read,
    write: endpointFiltersToQuery,
    // Filtering an organisation-wide list never fills the Back button.
    history: 'replace',
  })
  const { source, data: occurrences, error, pending } = useEndpointOccurrences()
  const { repositories } = source

  const headline = useMemo(() => (occurrences ? headlineCounts(occurrences) : undefined), [occurrences])
  // Repositories no API description was imported for: their endpoints are not known, so not counted.
  const undescribed = useMemo(
    () => repositories.filter((repository) => !scannedFor(repository, 'apiSurface')).length,
    [repositories],
  )
  const methods = useMemo(
    () => [{ value: ALL_METHODS, label: 'Any method' }, ...(occurrences ? methodsOf(occurrences) : [])],
    [occurrences],
  )
  const repositoryNames = useMemo(() => {
    if (!occurrences) return []
    const names = new Set<string>()
    for (const index of occurrences.repository) names.add(repositories[index].name)
    return [{ value: '', label: 'Every repository' }, ...[...names].map((name) => ({ value: name, label: name }))]
  }, [occurrences, repositories])

  return (
    <>
      {headline && <ExposedAlert {...headline} undescribed={undescribed} />}
      <SearchCard actor={actor} methods={methods} repositoryNames={repositoryNames} />
      {error && (
        <Alert color="red" mb="md" role="alert" title="Endpoints could not be read">
          {error}
        </Alert>
      )}
      {pending && !error ? (
        <Gathering
          text={`Gathering endpoints across ${plural(repositories.length, 'repository', 'repositories')}...`}
        />
      ) : (
        occurrences && (
          <EndpointResults actor={actor} kind={kind} occurrences={occurrences} repositories={repositories} />
        )
      )}
    </>
  )
}

/** The count line and the table: the part of the screen that a keystroke renders. */
const EndpointResults = memo(function EndpointResults({
  actor,
  kind,
  occurrences,
  repositories,
}: {
  actor: EndpointFiltersActor
  kind: ApiKind
  occurrences: EndpointOccurrences
  repositories: Repository[]
}) {
  const filters = useSelector(actor, (snapshot) => snapshot.context.filters)
  const ofKind = useMemo(
    () => filterEndpoints(occurrences, repositories, { ...defaultEndpointFilters, kind }).length,
    [occurrences, repositories, kind],
  )
  const shown = useMemo(() => shownEndpoints(occurrences, repositories, filters), [occurrences, repositories, filters])
  return (
    <>
      <ResultsBar
        text={`Showing ${formatCount(shown.length)} of ${plural(ofKind, 'endpoint')}`}
        onExport={() =>
          downloadText(
            endpointsToCsv(shown, occurrences, repositories),
            `vigil-endpoints${kind === 'all' ? '' : `-${kind}`}.csv`,
            'text/csv',
          )
        }
        empty={shown.length === 0}
      />
      <EndpointTable shown={shown} occurrences={occurrences} repositories={repositories} />
    </>
  )
})

type Option = string | { value: string; label: string }

/**
 * The headline: the sensitive endpoints anyone can call. It reassures (in green) only where every
 * repository's API description was imported and each sensitive endpoint declares a scheme Vigil
 * reads; with no description at all it says that nothing is known yet.
 */
const ExposedAlert = memo(function ExposedAlert({
  endpoints,
  sensitive,
  exposed,
  unreadable,
  undescribed,
}: EndpointHeadline & {
  /** Repositories with no API description imported. */
  undescribed: number
}) {
  if (endpoints === 0) {
    return (
      <Alert
        color="gray"
        variant="light"
        mb="md"
        role="status"
        icon={<IconHelpCircle size={18} aria-hidden />}
        title="No API description imported"
      >
        <Stack gap="xs" align="flex-start">
          <Text size="sm">
            Which endpoints handle personal, card or health data, and which ask for authentication, is not known until
            an OpenAPI or Swagger description is imported.
          </Text>
          <Button component={Link} href="/organizations/settings" variant="default" size="xs">
            Go to data sources
          </Button>
        </Stack>
      </Alert>
    )
  }
  const color = exposed > 0 ? 'red' : unreadable > 0 ? 'yellow' : sensitive > 0 && undescribed === 0 ? 'teal' : 'gray'
  return (
    <Alert
      color={color}
      variant="light"
      mb="md"
      icon={<IconAlertTriangle size={18} aria-hidden />}
      title={`${plural(exposed, 'endpoint')} ${exposed === 1 ? 'handles' : 'handle'} sensitive data with no authentication`}
    >
      <Stack gap={4} align="flex-start">
        {exposed > 0 && (
          <Anchor component={Link} href={exposedEndpointsUrl} size="sm">
            Show the {plural(exposed, 'endpoint')} that anyone can call
          </Anchor>
        )}
        {unreadable > 0 && (
          <Anchor component={Link} href={unreadableEndpointsUrl} size="sm">
            Show the {plural(unreadable, 'sensitive endpoint')} whose security scheme Vigil cannot read
          </Anchor>
        )}
        {exposed === 0 && unreadable === 0 && (
          <Text size="sm">
            {sensitive > 0
              ? 'Every endpoint that handles personal, card or health data asks for authentication.'
              : `None of the ${plural(endpoints, 'endpoint')} was found to handle personal, card or health data.`}
          </Text>
        )}
        {undescribed > 0 && (
          <Text size="sm">
            {plural(undescribed, 'repository', 'repositories')} with no API description imported{' '}
            {undescribed === 1 ? 'is' : 'are'} not counted.
          </Text>
        )}
      </Stack>
    </Alert>
  )
})

interface Choices {
  actor: EndpointFiltersActor
  methods: Option[]
  repositoryNames: Option[]
}

const SearchCard = memo(function SearchCard({ actor, ...choices }: Choices) {
  const field = useFollowedField(actor)
  const search = useCallback((text: string) => actor.send({ type: 'filters.type', change: { search: text } }), [actor])
  const commit = useCallback(() => actor.send({ type: 'filters.commit' }), [actor])
  return (
    <Card withBorder padding="md" mb="md" role="search">
      <Group align="flex-end" gap="md" wrap="wrap">
        <TypedSearchField field={field} placeholder="Path or summary" basis={240} onSearch={search} onCommit={commit} />
        <EndpointChoices actor={actor} {...choices} />
      </Group>
    </Card>
  )
})

/** Every filter but the search text, each read from the filters' actor. */
function EndpointChoices({ actor, methods, repositoryNames }: Choices) {
  const { category, auth, method, repository, sort } = useFilterChoices(actor)
  const choose = (change: Partial<EndpointFilters>) => actor.send({ type: 'filters.choose', change })
  return (
    <>
      <FilterSelect
        label="Sensitive data"
        data={categoryOptions}
        value={category}
        onChange={(category) => choose({ category })}
        w={180}
      />
      <FilterSelect
        label="Authentication"
        data={authOptions}
        value={auth}
        onChange={(auth) => choose({ auth })}
        w={190}
      />
      <FilterSelect label="Method" data={methods} value={method} onChange={(method) => choose({ method })} w={130} />
      <FilterSelect
        label="Repository"
        data={repositoryNames}
        value={repository}
        searchable
        limit={100}
        nothingFoundMessage="No repository by that name"
        onChange={(repository) => choose({ repository })}
        w={220}
      />
      <FilterSelect label="Sort" data={endpointSorts} value={sort} onChange={(sort) => choose({ sort })} w={160} />
    </>
  )
}

function ApiDocuments() {
  const { source } = useDataSource()
  const documents = useMemo(() => source.apiDocuments(), [source])
  if (documents.length === 0) {
    return (
      <Card withBorder padding="lg">
        <Stack gap="sm" align="flex-start">
          <Title order={2} size="h4">
            No API descriptions yet
          </Title>
          <Text size="sm">
            {source.kind === 'workspace'
              ? 'Import an OpenAPI or Swagger file (JSON or YAML) and its description is listed here with its endpoints.'
              : 'The sample and generated data come without API descriptions. Import an OpenAPI or Swagger file into your workspace to list it here.'}
          </Text>
          <Button component={Link} href="/organizations/settings" variant="default" size="xs">
            Go to data sources
          </Button>
        </Stack>
      </Card>
    )
  }
  return (
    <>
      <Text size="sm" c="dimmed" role="status" mb="xs">
        {plural(documents.length, 'API description')}
      </Text>
      <Card withBorder padding={0}>
        <Table.ScrollContainer minWidth={760}>
          <Table verticalSpacing="sm" highlightOnHover aria-label="API descriptions">
            <Table.Thead>
              <Table.Tr>
                {['Title', 'Version', 'Specification', 'Repository', 'Endpoints', 'Imported'].map((header) => (
                  <Table.Th key={header} scope="col">
                    {header}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {documents.map((document) => (
                <Table.Tr key={`${document.repository}\u0000${document.title}\u0000${document.version ?? ''}`}>
                  <Table.Td>
                    <Text size="sm" fw={600}>
                      {document.title}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {document.file}
                    </Text>
                  </Table.Td>
                  <Table.Td>{document.version ?? '–'}</Table.Td>
                  <Table.Td>{document.specification}</Table.Td>
                  <Table.Td>
                    <Anchor
                      component={Link}
                      href={`/repository/${encodeURIComponent(document.repository)}?tab=api-surface`}
                      size="sm"
                    >
                      {document.repository}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{formatCount(document.endpoints)}</Table.Td>
                  <Table.Td>{new Date(document.importedAt).toLocaleString()}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Card>
    </>
  )
}
