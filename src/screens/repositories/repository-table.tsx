import { ActionIcon, Badge, Group, Table, Text, VisuallyHidden } from '@mantine/core'
import { IconChevronRight } from '@tabler/icons-react'
import { Link } from 'wouter'
import { PolicyIssuesBadge, VisibilityLabel, VulnerabilitiesBadge } from '@/components/badges'
import type { Repository } from '@/data/repositories'

/** SPEC.md §9: two languages per row, then '+N'. */
const LANGUAGES_SHOWN = 2

export const EMPTY_RESULT_TEXT = 'No repositories found matching your search criteria.'

function Languages({ languages }: { languages: string[] }) {
  const rest = languages.length - LANGUAGES_SHOWN
  return (
    <Group gap={4} wrap="nowrap">
      {languages.slice(0, LANGUAGES_SHOWN).map((language) => (
        <Badge key={language} variant="default" size="sm" tt="none">
          {language}
        </Badge>
      ))}
      {rest > 0 && (
        <Badge variant="default" size="sm" title={languages.slice(LANGUAGES_SHOWN).join(', ')}>
          +{rest}
        </Badge>
      )}
    </Group>
  )
}

export function RepositoryRow({ repository }: { repository: Repository }) {
  return (
    <Table.Tr>
      <Table.Td>
        <Text size="sm" fw={600}>
          {repository.name}
        </Text>
        <Text size="xs" c="dimmed">
          Updated {repository.lastUpdated}
        </Text>
      </Table.Td>
      <Table.Td>
        <Text size="sm" lineClamp={1} maw={340} title={repository.description}>
          {repository.description}
        </Text>
      </Table.Td>
      <Table.Td>
        <Languages languages={repository.languages} />
      </Table.Td>
      <Table.Td>
        <VisibilityLabel isPrivate={repository.isPrivate} />
      </Table.Td>
      <Table.Td>{repository.apiCount}</Table.Td>
      <Table.Td>
        <PolicyIssuesBadge count={repository.policyViolations} />
      </Table.Td>
      <Table.Td>
        <VulnerabilitiesBadge count={repository.vulnerabilities} />
      </Table.Td>
      <Table.Td>
        <ActionIcon
          component={Link}
          href={`/repository/${encodeURIComponent(repository.name)}`}
          variant="subtle"
          color="gray"
          aria-label={`Open ${repository.name}`}
        >
          <IconChevronRight size={16} aria-hidden />
        </ActionIcon>
      </Table.Td>
    </Table.Tr>
  )
}

export function RepositoryTableHead() {
  return (
    <Table.Thead>
      <Table.Tr>
        <Table.Th scope="col">Repository</Table.Th>
        <Table.Th scope="col">Description</Table.Th>
        <Table.Th scope="col">Languages</Table.Th>
        <Table.Th scope="col">Visibility</Table.Th>
        <Table.Th scope="col">APIs</Table.Th>
        <Table.Th scope="col">Policy Issues</Table.Th>
        <Table.Th scope="col">Vulnerabilities</Table.Th>
        <Table.Th scope="col">
          <VisuallyHidden>Open</VisuallyHidden>
        </Table.Th>
      </Table.Tr>
    </Table.Thead>
  )
}
