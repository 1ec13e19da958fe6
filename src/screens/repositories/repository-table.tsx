import { Group, Table, UnstyledButton, VisuallyHidden } from '@mantine/core'
import { IconArrowDown, IconArrowUp, IconSelector } from '@tabler/icons-react'
import { useSelector } from '@xstate/react'
import { memo, useLayoutEffect, useState, type RefObject } from 'react'
import { useVirtualRows, useVirtualTableBody, type RowKeys } from '@/components/use-virtual-rows'
import type { AddressFiltersActor } from '@/components/use-address-filters'
import type { RepositoryFilters, RepositorySort, SortColumn } from '@/queries/repositories/repository-filters'
import type { RepositoryQuery } from '@/queries/repositories/repository-query'
import { repositoryColumns } from '@/queries/repositories/repository-columns'
import { PaddingRow, virtualCellClass, virtualRowClass } from '@/components/virtual-table-body'
import { detailsUrl, fillRepositoryRow, RepositoryRow, ROW_HEIGHT } from './repository-row'
import classes from './repository-table.module.css'

const COLUMNS = repositoryColumns.length

const EMPTY_RESULT_TEXT = 'No repositories found matching your search criteria.'

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
  /** The filters' actor and the query: the table's body reads the rows they give (see RepositoryRows). */
  actor: AddressFiltersActor<RepositoryFilters>
  query: RepositoryQuery
  sort: RepositorySort | null
  onSort: (column: SortColumn) => void
  onReset: () => void
  /** Opens an address in the app (the router's navigate, stable across renders). */
  navigate: (to: string) => void
}

/**
 * The repositories table, virtualised; Enter on a row opens the repository. The table, its header
 * and its body are drawn here, once and again only with the sort: a keystroke renders the rows
 * alone (RepositoryRows), not Mantine's table, its scroll container and its body around them.
 */
export const RepositoryTable = memo(function RepositoryTable({
  actor,
  query,
  sort,
  onSort,
  onReset,
  navigate,
}: RepositoryTableProps) {
  const { keysRef, bodyProps } = useVirtualTableBody(navigate)
  return (
    <Table.ScrollContainer minWidth={900} type="native">
      <Table verticalSpacing="sm" highlightOnHover aria-label="Repositories">
        <TableHeader sort={sort} onSort={onSort} />
        <Table.Tbody {...bodyProps}>
          <RepositoryRows actor={actor} query={query} keysRef={keysRef} onReset={onReset} navigate={navigate} />
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  )
})

/**
 * The table body's rows: the query's answer for the filters, read here, so that a keystroke that
 * changes the rows renders this part alone.
 */
const RepositoryRows = memo(function RepositoryRows({
  actor,
  query,
  keysRef,
  onReset,
  navigate,
}: Pick<RepositoryTableProps, 'actor' | 'query' | 'onReset' | 'navigate'> & {
  keysRef: RefObject<RowKeys | undefined>
}) {
  const repositories = useSelector(actor, (snapshot) => query(snapshot.context.filters))
  const { firstRow, body, items, paddingTop, paddingBottom, activeIndex } = useVirtualRows({
    count: repositories.length,
    rowHeight: ROW_HEIGHT,
    onEnter: (index) => navigate(detailsUrl(repositories.at(index))),
    keysRef,
  })

  // The rows a keystroke leaves without a repository stay in the page, hidden, until a later one
  // brings repositories back: a key that shrinks the list (to none, at last) changes an attribute
  // of each, where React would take each row's elements out and make them again for the next key.
  // As many rows as the table has ever drawn at once are kept (a scroll draws a few more, and so
  // does the first render, before the table's place is measured); the empty list's line and the
  // padding rows stay too. The rows are keyed by index from the first drawn: a search typed with
  // the list scrolled down, which moves that first row, still makes its rows again. Measured at 5
  // repositories, CPU ×4 (docs/benchmarks.md): the keys that took rows out were the slowest.
  const [kept, setKept] = useState(items.length)
  if (items.length > kept) setKept(items.length)
  const first = items[0]?.index ?? 0
  const last = items.at(-1)?.index ?? -1
  const places = Array.from({ length: Math.max(kept, items.length) }, (_, place) => first + place)

  // Each render may show other results in the rows, or other rows: both are written before paint.
  useLayoutEffect(() => {
    for (const row of body.current?.rows ?? []) {
      const index = Number(row.dataset.index)
      if (row.dataset.index !== undefined && !row.hidden) fillRepositoryRow(row, repositories.at(index))
    }
  })

  return (
    <>
      <PaddingRow ref={firstRow} height={paddingTop} columns={COLUMNS} />
      {places.map((index) => (
        // Keyed by place (see VirtualTableRows): a keystroke's new results are written into the rows in view.
        <RepositoryRow key={index} index={index} active={index === activeIndex} hidden={index > last} />
      ))}
      <PaddingRow height={paddingBottom} columns={COLUMNS} />
      {/* Plain elements, as the rows are: a keystroke that empties the list shows this. */}
      <tr className={virtualRowClass} hidden={repositories.length !== 0}>
        <td colSpan={COLUMNS} className={virtualCellClass}>
          <div className={classes.empty}>
            <p className={classes.emptyText}>{EMPTY_RESULT_TEXT}</p>
            <button type="button" onClick={onReset} className={`${classes.clear} mantine-focus-auto`}>
              Clear filters
            </button>
          </div>
        </td>
      </tr>
    </>
  )
})
