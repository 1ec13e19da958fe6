import { Group, Table, Text, UnstyledButton, VisuallyHidden } from '@mantine/core'
import { IconArrowDown, IconArrowUp, IconChevronRight, IconSelector } from '@tabler/icons-react'
import { memo, type ReactNode } from 'react'
import { Link, useLocation } from 'wouter'
import { useVirtualRows } from '@/components/use-virtual-rows'
import { virtualCellClass, virtualRowClass } from '@/components/virtual-table-body'
import { NeutralBadge, PolicyIssuesBadge, VisibilityLabel, VulnerabilitiesBadge } from '@/components/badges'
import classes from './repository-table.module.css'
import type { RepositorySort, SortColumn } from '@/data/repository-filters'
import type { Repository } from '@/data/repositories'
import type { RepositoryRows } from '@/data/repository-query'
import { repositoryColumns, type RepositoryColumn } from '@/data/repository-columns'

/** SPEC.md §9: two languages per row, then '+N'. */
const LANGUAGES_SHOWN = 2
// At least the rows' content (two lines of text and the cell padding: 65.3 px), so that every row is exactly this tall.
export const ROW_HEIGHT = 66
const COLUMNS = repositoryColumns.length

const EMPTY_RESULT_TEXT = 'No repositories found matching your search criteria.'

// Made once: a row that re-renders leaves its icon alone.
const openIcon = <IconChevronRight size={16} aria-hidden />

const detailsUrl = (repository: Repository) => `/repository/${encodeURIComponent(repository.name)}`

function Languages({ languages }: { languages: string[] }) {
  const rest = languages.length - LANGUAGES_SHOWN
  return (
    <span className={classes.group}>
      {/* Keyed by place, as the rows are: new results rewrite the badges rather than replace them. */}
      {languages.slice(0, LANGUAGES_SHOWN).map((language, place) => (
        <NeutralBadge key={place}>{language}</NeutralBadge>
      ))}
      {rest > 0 && <NeutralBadge title={languages.slice(LANGUAGES_SHOWN).join(', ')}>+{rest}</NeutralBadge>}
    </span>
  )
}

interface RowProps {
  repository: Repository
  index: number
  active: boolean
}

/** How each column of the one column list draws its cell: plain elements (see the CSS module). */
const cells: Record<RepositoryColumn['id'], (repository: Repository) => ReactNode> = {
  repository: (repository) => (
    <>
      <p className={classes.name}>{repository.name}</p>
      <p className={classes.updated}>Updated {repository.lastUpdated}</p>
    </>
  ),
  description: (repository) => (
    <p className={classes.description} title={repository.description}>
      {repository.description}
    </p>
  ),
  languages: (repository) => <Languages languages={repository.languages} />,
  visibility: (repository) => <VisibilityLabel isPrivate={repository.isPrivate} />,
  apis: (repository) => repository.apiCount,
  policyIssues: (repository) => <PolicyIssuesBadge count={repository.policyViolations} />,
  vulnerabilities: (repository) => <VulnerabilitiesBadge count={repository.vulnerabilities} />,
  open: (repository) => (
    <Link href={detailsUrl(repository)} className={classes.open} aria-label={`Open ${repository.name}`} tabIndex={-1}>
      {openIcon}
    </Link>
  ),
}

const RepositoryRow = memo(function RepositoryRow({ repository, index, active }: RowProps) {
  return (
    <tr
      className={virtualRowClass}
      data-index={index}
      aria-rowindex={index + 2}
      tabIndex={active ? 0 : -1}
      style={{ height: ROW_HEIGHT }}
      aria-label={repository.name}
    >
      {repositoryColumns.map((column) => (
        <td key={column.id} className={virtualCellClass}>
          {cells[column.id](repository)}
        </td>
      ))}
    </tr>
  )
})

function SortButton({
  column,
  label,
  sort,
  onSort,
}: {
  column: SortColumn
  label: string
  sort: RepositorySort | null
  onSort: (column: SortColumn) => void
}) {
  const active = sort?.column === column
  const Icon = !active ? IconSelector : sort.direction === 'asc' ? IconArrowUp : IconArrowDown
  return (
    <UnstyledButton onClick={() => onSort(column)} fw={700} fz="sm" data-sort={active ? sort.direction : undefined}>
      <Group gap={4} wrap="nowrap">
        {label}
        <Icon size={14} aria-hidden />
      </Group>
    </UnstyledButton>
  )
}

function ariaSort(sort: RepositorySort | null, ...columns: SortColumn[]) {
  if (!sort || !columns.includes(sort.column)) return undefined
  return sort.direction === 'asc' ? 'ascending' : 'descending'
}

/** The column headers: they change with the sort only, not with each keystroke's rows. */
const TableHeader = memo(function TableHeader({
  sort,
  onSort,
}: {
  sort: RepositorySort | null
  onSort: (column: SortColumn) => void
}) {
  return (
    <Table.Thead>
      <Table.Tr aria-rowindex={1}>
        {repositoryColumns.map((column) => (
          <Table.Th
            key={column.id}
            scope="col"
            aria-sort={ariaSort(sort, ...column.sorts.map((option) => option.column))}
          >
            {column.hiddenHeader ? (
              <VisuallyHidden>{column.header}</VisuallyHidden>
            ) : column.sorts.length === 0 ? (
              column.header
            ) : (
              <Group gap="sm" wrap="nowrap">
                {column.sorts.map((option) => (
                  <SortButton
                    key={option.column}
                    column={option.column}
                    label={option.label}
                    sort={sort}
                    onSort={onSort}
                  />
                ))}
              </Group>
            )}
          </Table.Th>
        ))}
      </Table.Tr>
    </Table.Thead>
  )
})

export interface RepositoryTableProps {
  repositories: RepositoryRows
  sort: RepositorySort | null
  onSort: (column: SortColumn) => void
  onReset: () => void
}

/** The repositories table, virtualised; Enter on a row opens the repository. */
export const RepositoryTable = memo(function RepositoryTable({
  repositories,
  sort,
  onSort,
  onReset,
}: RepositoryTableProps) {
  const [, navigate] = useLocation()
  const { body, items, paddingTop, paddingBottom, activeIndex, onKeyDown, onFocus } = useVirtualRows({
    count: repositories.length,
    rowHeight: ROW_HEIGHT,
    onEnter: (index) => navigate(detailsUrl(repositories.at(index))),
  })

  return (
    <Table.ScrollContainer minWidth={900} type="native">
      <Table verticalSpacing="sm" highlightOnHover aria-rowcount={repositories.length + 1} aria-label="Repositories">
        <TableHeader sort={sort} onSort={onSort} />
        <Table.Tbody ref={body} onKeyDown={onKeyDown} onFocus={onFocus}>
          {paddingTop > 0 && (
            <tr aria-hidden="true" style={{ height: paddingTop }}>
              <td colSpan={COLUMNS} />
            </tr>
          )}
          {items.map((item) => {
            const repository = repositories.at(item.index)
            return (
              // Keyed by place (see VirtualTableBody): a keystroke's new results rewrite the rows in view.
              <RepositoryRow
                key={item.index}
                repository={repository}
                index={item.index}
                active={item.index === activeIndex}
              />
            )
          })}
          {paddingBottom > 0 && (
            <tr aria-hidden="true" style={{ height: paddingBottom }}>
              <td colSpan={COLUMNS} />
            </tr>
          )}
          {repositories.length === 0 && (
            <Table.Tr>
              <Table.Td colSpan={COLUMNS}>
                <Group justify="center" gap="sm" py="xl">
                  <Text size="sm">{EMPTY_RESULT_TEXT}</Text>
                  <UnstyledButton onClick={onReset} c="var(--mantine-color-anchor)" fz="sm" td="underline">
                    Clear filters
                  </UnstyledButton>
                </Group>
              </Table.Td>
            </Table.Tr>
          )}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  )
})
