import { Button, Popover, Table, VisuallyHidden } from '@mantine/core'
import { memo } from 'react'
import { MethodBadge, NeutralBadge } from '@/components/badges'
import { AuthCell, DataFlagCells, dataColumns, EndpointReasons } from '@/components/endpoint-parts'
import {
  cellDetailClass,
  cellLinkClass,
  rowProps,
  virtualCellClass,
  virtualRowClass,
  VirtualTable,
} from '@/components/virtual-table-body'
import type { EndpointOccurrences } from '@/data/endpoints'
import type { ApiEndpoint } from '@/data/endpoints'
import type { Repository } from '@/data/repositories'
import { plural } from '@/lib/format'
import classes from './endpoint-table.module.css'

/** At least a row's content (the endpoint above its description: 62.4 px), so that every row is exactly this tall. */
export const ENDPOINT_ROW_HEIGHT = 63
const headers = ['Endpoint', 'Repository', 'Auth', ...dataColumns.map((column) => column.label), 'Why']

const apiSurfaceUrl = (name: string) => `/repository/${encodeURIComponent(name)}?tab=api-surface`

function ReasonsButton({ endpoint }: { endpoint: ApiEndpoint }) {
  const reasons = endpoint.reasons ?? []
  if (reasons.length === 0) return null
  return (
    <Popover width={360} position="bottom-end" shadow="md" withArrow trapFocus returnFocus>
      <Popover.Target>
        <Button variant="default" size="compact-sm" tabIndex={-1}>
          {plural(reasons.length, 'reason')}
          <VisuallyHidden>
            {' '}
            why {endpoint.method} {endpoint.path} is flagged
          </VisuallyHidden>
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <EndpointReasons endpoint={endpoint} />
      </Popover.Dropdown>
    </Popover>
  )
}

/** The column headers, made once: a keystroke's new rows leave them alone. */
const tableHeader = (
  <Table.Thead>
    <Table.Tr aria-rowindex={1}>
      {headers.map((header, index) => (
        <Table.Th key={header} scope="col" title={dataColumns[index - 3]?.meaning}>
          {header}
        </Table.Th>
      ))}
    </Table.Tr>
  </Table.Thead>
)

/** Every endpoint shown, virtualised; Enter opens the repository's API Surface tab. */
export const EndpointTable = memo(function EndpointTable({
  shown,
  occurrences,
  repositories,
}: {
  shown: number[]
  occurrences: EndpointOccurrences
  repositories: Repository[]
}) {
  const repositoryOf = (index: number) => repositories[occurrences.repository[index]]
  return (
    <VirtualTable
      label="Endpoints"
      minWidth={980}
      header={tableHeader}
      count={shown.length}
      columns={headers.length}
      rowHeight={ENDPOINT_ROW_HEIGHT}
      empty="No endpoints match these filters."
      onEnter={(index, navigate) => navigate(apiSurfaceUrl(repositoryOf(shown[index])?.name ?? ''))}
      row={(index, active) => (
        <EndpointRow
          occurrence={shown[index]}
          index={index}
          active={active}
          occurrences={occurrences}
          repositories={repositories}
        />
      )}
    />
  )
})

/** An endpoint's row at a place in the table: a keystroke that leaves the same endpoint there does not draw it again. */
const EndpointRow = memo(function EndpointRow({
  occurrence,
  index,
  active,
  occurrences,
  repositories,
}: {
  occurrence: number
  index: number
  active: boolean
  occurrences: EndpointOccurrences
  repositories: Repository[]
}) {
  const endpoint = occurrences.endpoint[occurrence]
  const repository = repositories[occurrences.repository[occurrence]]
  return (
    <tr
      className={virtualRowClass}
      {...rowProps(index, active, ENDPOINT_ROW_HEIGHT)}
      aria-label={`${endpoint.method} ${endpoint.path} in ${repository?.name}`}
    >
      <td className={virtualCellClass}>
        <div className={classes.endpoint}>
          <MethodBadge method={endpoint.method} />
          <code className={classes.path}>{endpoint.path}</code>
          {endpoint.channel && endpoint.channel !== 'http' && <NeutralBadge>{endpoint.channel}</NeutralBadge>}
        </div>
        <p className={`${cellDetailClass} ${classes.description}`}>{endpoint.description}</p>
      </td>
      <td className={virtualCellClass}>
        <a href={apiSurfaceUrl(repository?.name ?? '')} className={cellLinkClass} tabIndex={-1}>
          {repository?.name}
        </a>
      </td>
      <td className={virtualCellClass}>
        <AuthCell endpoint={endpoint} />
      </td>
      <DataFlagCells endpoint={endpoint} />
      <td className={virtualCellClass}>
        <ReasonsButton endpoint={endpoint} />
      </td>
    </tr>
  )
})
