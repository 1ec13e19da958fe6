import { Code, Group, Table, Text, Tooltip } from '@mantine/core'
import { IconInfoCircle } from '@tabler/icons-react'
import { MethodBadge } from '@/components/badges'
import type { ApiEndpoint } from '@/data/endpoints'
import { EmptyState } from './findings-panels'

const dataColumns = [
  { key: 'pii', label: 'PII?', meaning: 'Personally Identifiable Information' },
  { key: 'pci', label: 'PCI?', meaning: 'Payment Card Industry Data' },
  { key: 'phi', label: 'PHI?', meaning: 'Protected Health Information' },
] as const

export function ApiSurfacePanel({ endpoints }: { endpoints: ApiEndpoint[] }) {
  if (endpoints.length === 0) return <EmptyState text="No API endpoints found" />
  return (
    <Table.ScrollContainer minWidth={640}>
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
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {endpoints.map((endpoint) => (
            <Table.Tr key={endpoint.id}>
              <Table.Td>
                <Group gap="sm" wrap="nowrap">
                  <MethodBadge method={endpoint.method} />
                  <Code>{endpoint.path}</Code>
                </Group>
                <Text size="xs" c="dimmed" mt={2}>
                  {endpoint.description}
                </Text>
              </Table.Td>
              <Table.Td>{endpoint.auth}</Table.Td>
              {dataColumns.map((column) => (
                <Table.Td key={column.key} fw={endpoint[column.key] ? 700 : undefined}>
                  {endpoint[column.key] ? 'Yes' : 'No'}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  )
}
