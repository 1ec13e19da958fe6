import { Card, Table, Text } from '@mantine/core'
import { Fragment, type MouseEvent, type ReactNode } from 'react'
import { useLocation } from 'wouter'
import { followInAppLink } from './in-app-links'
import { useVirtualRows } from './use-virtual-rows'
import classes from './virtual-table-body.module.css'

function Padding({ height, columns }: { height: number; columns: number }) {
  return height > 0 ? (
    <tr aria-hidden="true" style={{ height }}>
      <td colSpan={columns} />
    </tr>
  ) : null
}

/** The class names of a virtual table's body rows and cells, drawn as Mantine's Table.Tr and Table.Td. */
export const virtualRowClass = classes.row
export const virtualCellClass = classes.cell
/** A line of text in such a cell, a dimmed smaller line under it, and a link. */
export const cellLineClass = classes.line
export const cellDetailClass = classes.detail
export const cellLinkClass = classes.link

/** The props every row of a virtual table carries: its place, its tab stop and its fixed height. */
export function rowProps(index: number, active: boolean, height: number) {
  return { 'data-index': index, 'aria-rowindex': index + 2, tabIndex: active ? 0 : -1, style: { height } }
}

interface VirtualTableBodyProps {
  count: number
  columns: number
  rowHeight: number
  empty: string
  /** Enter on a row: `navigate` opens an address in the app. */
  onEnter: (index: number, navigate: (to: string) => void) => void
  row: (index: number, active: boolean) => ReactNode
}

/**
 * A virtual table in its card: a scrolling frame at least `minWidth` wide, the headers, and the
 * body (see VirtualTableBody). The rows' links are plain anchors, followed in the app on a click.
 */
export function VirtualTable({
  label,
  minWidth,
  header,
  ...body
}: VirtualTableBodyProps & { label: string; minWidth: number; header: ReactNode }) {
  const [, navigate] = useLocation()
  return (
    <Card withBorder padding={0}>
      <Table.ScrollContainer minWidth={minWidth} type="native">
        <Table verticalSpacing="xs" highlightOnHover aria-label={label} aria-rowcount={body.count + 1}>
          {header}
          <VirtualTableBody {...body} navigate={navigate} />
        </Table>
      </Table.ScrollContainer>
    </Card>
  )
}

/**
 * A table body of `count` rows of one height, of which only those in view are drawn (`row`
 * draws one; its key is set here), with keyboard row navigation (see useVirtualRows) and a message when empty.
 */
function VirtualTableBody({
  count,
  columns,
  rowHeight,
  empty,
  onEnter,
  row,
  navigate,
}: VirtualTableBodyProps & { navigate: (to: string) => void }) {
  const { body, items, paddingTop, paddingBottom, activeIndex, onKeyDown, onFocus } = useVirtualRows({
    count,
    rowHeight,
    onEnter: (index) => onEnter(index, navigate),
  })
  const onClick = (event: MouseEvent<HTMLElement>) => followInAppLink(event, navigate)
  return (
    <Table.Tbody ref={body} className={classes.body} onKeyDown={onKeyDown} onFocus={onFocus} onClick={onClick}>
      <Padding height={paddingTop} columns={columns} />
      {items.map((item) => (
        // Rows are keyed by their place in the results, not by what they show: when a search
        // changes the results, React rewrites the rows in view rather than removing them and
        // creating new ones (about a tenth of a keystroke's work), and a focused row stays focused.
        <Fragment key={item.index}>{row(item.index, item.index === activeIndex)}</Fragment>
      ))}
      <Padding height={paddingBottom} columns={columns} />
      {count === 0 && (
        <Table.Tr>
          <Table.Td colSpan={columns}>
            <Text size="sm" ta="center" py="xl">
              {empty}
            </Text>
          </Table.Td>
        </Table.Tr>
      )}
    </Table.Tbody>
  )
}
