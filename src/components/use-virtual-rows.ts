import { useWindowVirtualizer } from '@tanstack/react-virtual'
import { useEffect, useLayoutEffect, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react'

/**
 * Rows drawn beyond the window's edges: a few while the page scrolls, so that a fast scroll shows
 * no gap, and one at rest, so that a keystroke that changes every row draws few unseen ones.
 */
const SCROLLING_OVERSCAN = 4
const RESTING_OVERSCAN = 1

/** The part of the window's top that a fixed header covers, as the page declares it (CSS scroll-padding-top). */
function pageScrollPaddingTop() {
  return parseFloat(getComputedStyle(document.documentElement).scrollPaddingTop) || 0
}

/**
 * A long table's rows, virtualised against the window: only the rows in view are in the page.
 * The rows are one tab stop (the active row has tabIndex 0): arrow keys, Page Up/Down, Home and
 * End move between them, and Enter calls `onEnter` with the active row.
 */
export function useVirtualRows({
  count,
  rowHeight,
  onEnter,
}: {
  count: number
  rowHeight: number
  onEnter: (index: number) => void
}) {
  const body = useRef<HTMLTableSectionElement>(null)
  const [scrollMargin, setScrollMargin] = useState(0)
  const [scrollPaddingTop, setScrollPaddingTop] = useState(0)
  const [active, setActive] = useState(0)
  const [focusRequest, setFocusRequest] = useState(0)
  const activeIndex = Math.min(active, Math.max(0, count - 1))

  // Where the table starts in the page moves when what is above it changes (a notice that goes, a
  // filter line that wraps): the page's height changes with it, so each change is measured again.
  useLayoutEffect(() => {
    const measure = () => {
      if (!body.current) return
      setScrollMargin(body.current.getBoundingClientRect().top + window.scrollY)
      setScrollPaddingTop(pageScrollPaddingTop())
    }
    measure()
    const observer = new ResizeObserver(measure)
    observer.observe(document.body)
    return () => observer.disconnect()
  }, [])

  const [scrolling, setScrolling] = useState(false)
  const virtualizer = useWindowVirtualizer({
    count,
    estimateSize: () => rowHeight,
    overscan: scrolling ? SCROLLING_OVERSCAN : RESTING_OVERSCAN,
    scrollMargin,
    // A row the keys move to stops below a fixed header, not under it.
    scrollPaddingStart: scrollPaddingTop,
    // Only a change of scrolling needs a render of its own; the virtualiser renders for the rest.
    onChange: (instance) => {
      if (instance.isScrolling !== scrolling) setScrolling(instance.isScrolling)
    },
  })
  const items = virtualizer.getVirtualItems()
  const paddingTop = items.length > 0 ? items[0].start - scrollMargin : 0
  const paddingBottom = items.length > 0 ? virtualizer.getTotalSize() - (items[items.length - 1].end - scrollMargin) : 0

  useEffect(() => {
    if (focusRequest === 0) return
    body.current?.querySelector<HTMLElement>(`tr[data-index="${activeIndex}"]`)?.focus({ preventScroll: true })
  }, [focusRequest, activeIndex, items])

  const moveTo = (index: number) => {
    const target = Math.max(0, Math.min(count - 1, index))
    setActive(target)
    // The table may start at a fraction of a pixel, and the page scrolls by whole pixels: rounding
    // towards the row keeps all of it in view rather than a fraction of it under an edge.
    const place = virtualizer.getOffsetForIndex(target, 'auto')
    if (place) virtualizer.scrollToOffset(place[1] === 'end' ? Math.ceil(place[0]) : Math.floor(place[0]))
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

  return { body, items, paddingTop, paddingBottom, activeIndex, onKeyDown, onFocus }
}
