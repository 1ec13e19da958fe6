import {
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type FocusEvent,
  type KeyboardEvent,
  type MouseEvent,
  type RefObject,
} from 'react'
import { flushSync } from 'react-dom'
import { followInAppLink } from './in-app-links'

/**
 * Rows drawn beyond the window's edges: a few while the page scrolls, so that a fast scroll shows
 * no gap, and one at rest, so that a keystroke that changes every row draws few unseen ones.
 */
const SCROLLING_OVERSCAN = 4
const RESTING_OVERSCAN = 1
/** How long after its last scroll event the page counts as at rest. */
const SCROLLING_RESET_MS = 150

/** Where the window shows the page: its scroll position and its height. */
function windowView() {
  return { top: window.scrollY, height: window.innerHeight }
}

/** The part of the window's top that a fixed header covers, as the page declares it (CSS scroll-padding-top). */
function pageScrollPaddingTop() {
  return parseFloat(getComputedStyle(document.documentElement).scrollPaddingTop) || 0
}

/**
 * A long table's rows, virtualised against the window: only the rows in view are drawn.
 * The rows are one tab stop (the active row has tabIndex 0): arrow keys, Page Up/Down, Home and
 * End move between them, and Enter calls `onEnter` with the active row.
 */
export function useVirtualRows({
  count,
  rowHeight,
  onEnter,
  keysRef,
}: {
  count: number
  rowHeight: number
  onEnter: (index: number) => void
  /** Where the table body's handlers find the rows' own (see useVirtualTableBody). */
  keysRef: RefObject<RowKeys | undefined>
}) {
  // The table body is drawn by a part that renders less often than its rows, so that a keystroke
  // renders the rows alone. The rows find it through their first row (`firstRow`, always drawn):
  // React sets an element's ref only after the layout effects of what it holds have run, so the
  // body's own ref would still be empty when the rows first measure and fill themselves.
  const firstRow = useRef<HTMLTableRowElement>(null)
  const [body] = useState<RefObject<HTMLTableSectionElement | null>>(() => ({
    get current() {
      return (firstRow.current?.parentElement as HTMLTableSectionElement | null | undefined) ?? null
    },
  }))
  const [scrollMargin, setScrollMargin] = useState(0)
  const [scrollPaddingTop, setScrollPaddingTop] = useState(0)
  const [active, setActive] = useState(0)
  // A render for the focus a key asks for (see focusWanted below).
  const [, setFocusRequest] = useState(0)
  const activeIndex = Math.min(active, Math.max(0, count - 1))

  // Where the table starts in the page moves when what is above it changes (a notice that goes, a
  // filter line that wraps): the page's height changes with it, so each change is measured again.
  // Most changes of the page's size are the table's own (a keystroke changes its row count): the
  // state is set only when a measure differs, as a set state that equals the last may still
  // render the table again.
  const measured = useRef({ scrollMargin: 0, scrollPaddingTop: 0 })
  useLayoutEffect(() => {
    const measure = () => {
      if (!body.current) return
      const next = {
        scrollMargin: body.current.getBoundingClientRect().top + window.scrollY,
        scrollPaddingTop: pageScrollPaddingTop(),
      }
      if (next.scrollMargin !== measured.current.scrollMargin) setScrollMargin(next.scrollMargin)
      if (next.scrollPaddingTop !== measured.current.scrollPaddingTop) setScrollPaddingTop(next.scrollPaddingTop)
      measured.current = next
    }
    measure()
    const observer = new ResizeObserver(measure)
    observer.observe(document.body)
    return () => observer.disconnect()
  }, [body])

  // Where the window shows the page, and whether the page is scrolling. Every row is one height,
  // so the rows in view follow by arithmetic: a keystroke that changes the count costs nothing per
  // row of it (a virtualiser that measures lays out its list of every row again, 100,000 at most).
  const [view, setView] = useState(windowView)
  const [scrolling, setScrolling] = useState(false)
  useEffect(() => {
    let rest: ReturnType<typeof setTimeout> | undefined
    const follow = (isScrolling: boolean) => {
      const next = windowView()
      setView((current) => (current.top === next.top && current.height === next.height ? current : next))
      setScrolling(isScrolling)
    }
    // Synchronously, so that the rows a scroll brings are drawn in the frame that shows it.
    const onScroll = () => {
      clearTimeout(rest)
      rest = setTimeout(() => follow(false), SCROLLING_RESET_MS)
      flushSync(() => follow(true))
    }
    const onResize = () => flushSync(() => follow(false))
    window.addEventListener('scroll', onScroll, { passive: true })
    window.addEventListener('resize', onResize, { passive: true })
    return () => {
      clearTimeout(rest)
      window.removeEventListener('scroll', onScroll)
      window.removeEventListener('resize', onResize)
    }
  }, [])

  const overscan = scrolling ? SCROLLING_OVERSCAN : RESTING_OVERSCAN
  // The rows that meet the window: from the one at its top edge to the last that starts above its bottom.
  const firstInView = Math.floor((view.top - scrollMargin) / rowHeight)
  const lastInView = Math.ceil((view.top + view.height - scrollMargin) / rowHeight) - 1
  const start = Math.max(0, Math.min(count - 1, firstInView) - overscan)
  const end = Math.min(count - 1, Math.max(0, lastInView) + overscan)
  const items = useMemo(
    () => (count === 0 ? [] : Array.from({ length: end - start + 1 }, (_, place) => ({ index: start + place }))),
    [count, start, end],
  )
  const paddingTop = items.length > 0 ? start * rowHeight : 0
  const paddingBottom = items.length > 0 ? (count - 1 - end) * rowHeight : 0

  // A key that moves between rows asks for the focus on the active row, given once that row is
  // shown (a long move draws it when the scroll it made arrives; a table may keep rows hidden in
  // the page, see RepositoryTable, and one of those is not it yet): after each commit, before paint,
  // and not on later ones (a search typed meanwhile changes the rows and keeps its field's focus).
  // A layout effect, so that a commit asks React to schedule no task for it: a keystroke in the
  // search field commits new rows every time.
  const focusWanted = useRef(false)
  useLayoutEffect(() => {
    if (!focusWanted.current) return
    const row = body.current?.querySelector<HTMLElement>(`tr[data-index="${activeIndex}"]:not([hidden])`)
    if (!row) return
    focusWanted.current = false
    row.focus({ preventScroll: true })
  })

  const moveTo = (index: number) => {
    const target = Math.max(0, Math.min(count - 1, index))
    setActive(target)
    // The row wholly in view, scrolling as little as it takes: its bottom at the window's bottom,
    // or its top just below the fixed header. The table may start at a fraction of a pixel, and
    // the page scrolls by whole pixels: rounding towards the row keeps all of it in view.
    const top = scrollMargin + target * rowHeight
    const { scrollY, innerHeight } = window
    const most = Math.max(0, document.documentElement.scrollHeight - innerHeight)
    const within = (offset: number) => Math.max(0, Math.min(most, offset))
    if (top + rowHeight >= scrollY + innerHeight) window.scrollTo(0, within(Math.ceil(top + rowHeight - innerHeight)))
    else if (top <= scrollY + scrollPaddingTop) window.scrollTo(0, within(Math.floor(top - scrollPaddingTop)))
    focusWanted.current = true
    setFocusRequest((request) => request + 1)
  }

  const onKeyDown = (event: KeyboardEvent<HTMLTableSectionElement>) => {
    // Keys pressed on a control inside a row (a button, a link) are the control's.
    if ((event.target as HTMLElement).tagName !== 'TR') return
    const page = Math.max(1, Math.floor((window.innerHeight - scrollPaddingTop) / rowHeight) - 1)
    const moves: Record<string, number> = {
      ArrowDown: activeIndex + 1,
      ArrowUp: activeIndex - 1,
      PageDown: activeIndex + page,
      PageUp: activeIndex - page,
      Home: 0,
      End: count - 1,
    }
    if (event.key in moves) {
      event.preventDefault()
      moveTo(moves[event.key])
    } else if (event.key === 'Enter' && activeIndex < count) {
      event.preventDefault()
      onEnter(activeIndex)
    }
  }

  const onFocus = (event: FocusEvent<HTMLTableSectionElement>) => {
    const row = (event.target as HTMLElement).closest<HTMLElement>('tr[data-index]')
    const index = Number(row?.dataset.index)
    if (Number.isInteger(index) && index !== activeIndex) setActive(index)
  }

  // After each commit, the body's handlers call this render's, and the table says how many rows it
  // has (its header row included): written here, the table's element does not render with a keystroke.
  useLayoutEffect(() => {
    keysRef.current = { onKeyDown, onFocus }
    const table = body.current?.parentElement
    const rowCount = String(count + 1)
    if (table && table.getAttribute('aria-rowcount') !== rowCount) table.setAttribute('aria-rowcount', rowCount)
  })

  return { firstRow, body, items, paddingTop, paddingBottom, activeIndex }
}

/** What a table's rows do with keys and focus. */
export interface RowKeys {
  onKeyDown: (event: KeyboardEvent<HTMLTableSectionElement>) => void
  onFocus: (event: FocusEvent<HTMLTableSectionElement>) => void
}

/**
 * The handlers of a virtual table's body, which a part that renders less often than its rows
 * draws: stable, the key and focus handlers call the latest the rows hand over through `keysRef`
 * (see useVirtualRows), and a click on a row's link (a plain anchor, written rather than rendered)
 * opens it in the app.
 */
export function useVirtualTableBody(navigate: (to: string) => void) {
  const keysRef = useRef<RowKeys>(undefined)
  const bodyProps = useMemo(
    () => ({
      onKeyDown: (event: KeyboardEvent<HTMLTableSectionElement>) => keysRef.current?.onKeyDown(event),
      onFocus: (event: FocusEvent<HTMLTableSectionElement>) => keysRef.current?.onFocus(event),
      onClick: (event: MouseEvent<HTMLElement>) => followInAppLink(event, navigate),
    }),
    [navigate],
  )
  return { keysRef, bodyProps }
}
