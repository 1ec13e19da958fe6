import {
  Badge,
  Button,
  Checkbox,
  Code,
  Group,
  Select,
  Stack,
  Table,
  Text,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core'
import { IconChevronDown, IconChevronRight, IconInfoCircle } from '@tabler/icons-react'
import { Fragment, useId, useState } from 'react'
import { MethodBadge } from '@/components/badges'
import { matchesCategory } from '@/queries/endpoints/endpoint-filters'
import { AuthCell, DataFlagCells, dataColumns, EndpointReasons } from '@/components/endpoint-parts'
import type { ApiEndpoint, DataCategory } from '@/data/endpoints'
import { plural } from '@/lib/format'
import { EmptyState } from './findings-panels'
import { NotScanned } from './not-scanned'

type CategoryFilter = 'all' | 'sensitive' | DataCategory

const categoryOptions: { value: CategoryFilter; label: string }[] = [
  { value: 'all', label: 'All endpoints' },
  { value: 'sensitive', label: 'Any sensitive data' },
  { value: 'pii', label: 'PII' },
  { value: 'pci', label: 'PCI' },
  { value: 'phi', label: 'PHI' },
]

function matches(endpoint: ApiEndpoint, category: CategoryFilter, noAuthOnly: boolean): boolean {
  return (!noAuthOnly || endpoint.auth === 'None') && matchesCategory(endpoint, category)
}

/** `described` false: no API description of the repository was imported, so none of its endpoints is known. */
export function ApiSurfacePanel({ endpoints, described = true }: { endpoints: ApiEndpoint[]; described?: boolean }) {
  const [category, setCategory] = useState<CategoryFilter>('all')
  const [noAuthOnly, setNoAuthOnly] = useState(false)
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set())
  const baseId = useId()
  if (endpoints.length === 0)
    return described ? <EmptyState text="No API endpoints found" /> : <NotScanned tab="api-surface" />

  const shown = endpoints.filter((endpoint) => matches(endpoint, category, noAuthOnly))
  const withDocuments = endpoints.some((endpoint) => endpoint.document)
  const withReasons = endpoints.some((endpoint) => endpoint.reasons && endpoint.reasons.length > 0)
  const columnCount = 5 + (withDocuments ? 1 : 0) + (withReasons ? 1 : 0)
  const toggle = (id: string) =>
    setOpen((current) => {
      const next = new Set(current)
      if (next.has(id)) next.delete(id)
      else next.add(id)
      return next
    })

  return (
    <Stack gap="sm">
      <Group gap="md" align="flex-end">
        <Select
          label="Sensitive data"
          data={categoryOptions}
          value={category}
          onChange={(value) => setCategory((value as CategoryFilter | null) ?? 'all')}
          allowDeselect={false}
          w={200}
        />
        <Checkbox
          label="No authentication only"
          checked={noAuthOnly}
          onChange={(event) => setNoAuthOnly(event.currentTarget.checked)}
          mb={8}
        />
        <Text size="sm" c="dimmed" mb={8} aria-live="polite">
          Showing {shown.length} of {plural(endpoints.length, 'endpoint')}
        </Text>
      </Group>
      {shown.length === 0 ? (
        <EmptyState text="No endpoints match these filters." />
      ) : (
        <Table.ScrollContainer minWidth={720}>
          <Table verticalSpacing="xs" highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Endpoint</Table.Th>
                <Table.Th scope="col">Auth</Table.Th>
                {dataColumns.map((column) => (
                  <Table.Th scope="col" key={column.key}>
                    <Tooltip label={column.meaning}>
                      <Group gap={4} wrap="nowrap" tabIndex={0} aria-label={`${column.label} ${column.meaning}`}>
                        {column.label}
                        <IconInfoCircle size={14} aria-hidden />
                      </Group>
                    </Tooltip>
                  </Table.Th>
                ))}
                {withDocuments && <Table.Th scope="col">API description</Table.Th>}
                {withReasons && <Table.Th scope="col">Why</Table.Th>}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {shown.map((endpoint, index) => {
                const expanded = open.has(endpoint.id)
                const reasonsId = `${baseId}-reasons-${index}`
                const hasReasons = !!endpoint.reasons && endpoint.reasons.length > 0
                return (
                  <Fragment key={endpoint.id}>
                    <Table.Tr>
                      <Table.Td>
                        <Group gap="sm" wrap="nowrap">
                          <MethodBadge method={endpoint.method} />
                          <Code>{endpoint.path}</Code>
                          {endpoint.channel && endpoint.channel !== 'http' && (
                            <Badge variant="default" size="sm" tt="none">
                              {endpoint.channel}
                            </Badge>
                          )}
                          {endpoint.deprecated && (
                            <Badge variant="default" size="sm" tt="none">
                              deprecated
                            </Badge>
                          )}
                        </Group>
                        <Text size="xs" c="dimmed" mt={2}>
                          {endpoint.description}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        <AuthCell endpoint={endpoint} />
                      </Table.Td>
                      <DataFlagCells endpoint={endpoint} />
                      {withDocuments && (
                        <Table.Td>
                          <Text size="sm">{endpoint.document}</Text>
                        </Table.Td>
                      )}
                      {withReasons && (
                        <Table.Td>
                          {hasReasons && (
                            <Button
                              variant="default"
                              size="compact-sm"
                              aria-expanded={expanded}
                              aria-controls={expanded ? reasonsId : undefined}
                              leftSection={
                                expanded ? (
                                  <IconChevronDown size={14} aria-hidden />
                                ) : (
                                  <IconChevronRight size={14} aria-hidden />
                                )
                              }
                              onClick={() => toggle(endpoint.id)}
                            >
                              {plural(endpoint.reasons!.length, 'reason')}
                              <VisuallyHidden>
                                {' '}
                                why {endpoint.method} {endpoint.path} is flagged
                              </VisuallyHidden>
                            </Button>
                          )}
                        </Table.Td>
                      )}
                    </Table.Tr>
                    {hasReasons && expanded && (
                      <Table.Tr id={reasonsId}>
                        <Table.Td colSpan={columnCount}>
                          <EndpointReasons endpoint={endpoint} />
                        </Table.Td>
                      </Table.Tr>
                    )}
                  </Fragment>
                )
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  )
}
