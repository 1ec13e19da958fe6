import { Card, Table, Text } from '@mantine/core'
import { createContext, Fragment, memo, type ReactNode, type Ref, type RefObject } from 'react'
import { useLocation } from 'wouter'
import { useRequiredContext } from '@/state/required-context'
import { useVirtualRows, useVirtualTableBody, type RowKeys } from './use-virtual-rows'
import classes from './virtual-table-body.module.css'

/**
 * The space of the rows not drawn above or below those in view: always in the page, hidden at no
 * height (the rows find their table body through the one above them, see useVirtualRows).
 */
export function PaddingRow({
  height,
  columns,
  ref,
}: {
  height: number
  columns: number
  ref?: Ref<HTMLTableRowElement>
}) {
  return (
    <tr ref={ref} aria-hidden="true" hidden={height === 0} style={{ height }}>
      <td colSpan={columns} />
    </tr>
  )
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

/** The rows' part of a virtual table's props, which a keystroke changes: read by VirtualTableRows alone. */
const BodyContext = createContext<VirtualTableBodyProps | null>(null)

/**
 * A virtual table in its card: a scrolling frame at least `minWidth` wide, the headers, and the
 * body (see VirtualTableRows). The rows' links are plain anchors, followed in the app on a click.
 * The card, the table and its body are drawn once (again when the label, width or header
 * change: give a header that keeps its identity); a keystroke that changes the rows renders the
 * rows alone, which read their props through a context.
 */
export function VirtualTable({
  label,
  minWidth,
  header,
  ...body
}: VirtualTableBodyProps & { label: string; minWidth: number; header: ReactNode }) {
  return (
    <BodyContext.Provider value={body}>
      <VirtualTableFrame label={label} minWidth={minWidth} header={header} />
    </BodyContext.Provider>
  )
}

const VirtualTableFrame = memo(function VirtualTableFrame({
  label,
  minWidth,
  header,
}: {
  label: string
  minWidth: number
  header: ReactNode
}) {
  const [, navigate] = useLocation()
  const { keysRef, bodyProps } = useVirtualTableBody(navigate)
  return (
    <Card withBorder padding={0}>
      <Table.ScrollContainer minWidth={minWidth} type="native">
        <Table verticalSpacing="xs" highlightOnHover aria-label={label}>
          {header}
          <Table.Tbody className={classes.body} {...bodyProps}>
            <VirtualTableRows keysRef={keysRef} navigate={navigate} />
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Card>
  )
})

/**
 * A table body's rows: `count` rows of one height, of which only those in view are drawn (`row`
 * draws one; its key is set here), with keyboard row navigation (see useVirtualRows) and a message
 * when empty.
 */
function VirtualTableRows({
  keysRef,
  navigate,
}: {
  keysRef: RefObject<RowKeys | undefined>
  navigate: (to: string) => void
}) {
  const { count, columns, rowHeight, empty, onEnter, row } = useRequiredContext(
    BodyContext,
    'VirtualTableRows',
    'a VirtualTable',
  )
  const { firstRow, items, paddingTop, paddingBottom, activeIndex } = useVirtualRows({
    count,
    rowHeight,
    onEnter: (index) => onEnter(index, navigate),
    keysRef,
  })
  return (
    <>
      <PaddingRow ref={firstRow} height={paddingTop} columns={columns} />
      {items.map((item) => (
        // Rows are keyed by their place in the results, not by what they show: when a search
        // changes the results, React rewrites the rows in view rather than removing them and
        // creating new ones (about a tenth of a keystroke's work), and a focused row stays focused.
        <Fragment key={item.index}>{row(item.index, item.index === activeIndex)}</Fragment>
      ))}
      <PaddingRow height={paddingBottom} columns={columns} />
      {count === 0 && (
        <Table.Tr>
          <Table.Td colSpan={columns}>
            <Text size="sm" ta="center" py="xl">
              {empty}
            </Text>
          </Table.Td>
        </Table.Tr>
      )}
    </>
  )
}
