import { Button, Card, Group, Select, Table, Text, TextInput } from '@mantine/core'
import { IconSearch } from '@tabler/icons-react'
import { PageHeader } from '@/components/page-header'
import { ALL_LANGUAGES, filterRepositories, languageOptions, type Visibility } from '@/data/repository-filters'
import { listRepositories } from '@/data/repositories'
import { EMPTY_RESULT_TEXT, RepositoryRow, RepositoryTableHead } from './repository-table'
import { useRepoFilters } from './use-repo-filters'

const visibilityOptions = [
  { value: 'all', label: 'All' },
  { value: 'public', label: 'Public' },
  { value: 'private', label: 'Private' },
]

export function RepositoriesScreen() {
  const repositories = listRepositories()
  const { filters, send } = useRepoFilters('/repositories')
  const shown = filterRepositories(repositories, filters)
  const languages = [{ value: ALL_LANGUAGES, label: 'All Languages' }, ...languageOptions(repositories)]

  return (
    <>
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
      <Card withBorder padding="md" mb="md" role="search">
        <Group align="flex-end" gap="md" wrap="wrap">
          <TextInput
            label="Search"
            placeholder="Search by name or description"
            leftSection={<IconSearch size={16} aria-hidden />}
            value={filters.search}
            onChange={(event) => send({ type: 'filters.search', search: event.currentTarget.value })}
            style={{ flex: '1 1 260px' }}
            type="search"
          />
          <Select
            label="Visibility"
            data={visibilityOptions}
            value={filters.visibility}
            allowDeselect={false}
            onChange={(value) => send({ type: 'filters.visibility', visibility: (value ?? 'all') as Visibility })}
            w={160}
          />
          <Select
            label="Language"
            data={languages}
            value={filters.language}
            allowDeselect={false}
            onChange={(value) => send({ type: 'filters.language', language: value ?? ALL_LANGUAGES })}
            w={200}
          />
        </Group>
      </Card>
      <Text size="sm" c="dimmed" mb="xs" role="status">
        Showing {shown.length} of {repositories.length} repositories
      </Text>
      <Card withBorder padding={0}>
        <Table.ScrollContainer minWidth={900}>
          <Table verticalSpacing="sm" highlightOnHover>
            <RepositoryTableHead />
            <Table.Tbody>
              {shown.map((repository) => (
                <RepositoryRow key={repository.id} repository={repository} />
              ))}
              {shown.length === 0 && (
                <Table.Tr>
                  <Table.Td colSpan={8}>
                    <Group justify="center" gap="sm" py="xl">
                      <Text size="sm">{EMPTY_RESULT_TEXT}</Text>
                      <Button size="xs" variant="default" onClick={() => send({ type: 'filters.reset' })}>
                        Clear filters
                      </Button>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              )}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Card>
    </>
  )
}
