import { expect } from 'vitest'
import { userEvent } from 'vitest/browser'

/** The rows a virtual table shows (its padding rows, and the rows it keeps hidden, aside). */
export const drawnRows = () => [...document.querySelectorAll<HTMLTableRowElement>('tbody tr[data-index]:not([hidden])')]

/**
 * What `read` finds in the first animation frame after a virtual table's first row is in the
 * page, before that frame is painted. Call it before the screen renders.
 */
export function inFirstFrameOfRows<T>(read: (firstRow: HTMLTableRowElement) => T): Promise<T> {
  return new Promise((resolve) => {
    const observer = new MutationObserver(() => {
      const first = document.querySelector<HTMLTableRowElement>('tbody tr[data-index="0"]')
      if (!first) return
      observer.disconnect()
      requestAnimationFrame(() => resolve(read(first)))
    })
    observer.observe(document.body, { childList: true, subtree: true })
  })
}

/** The heights of the drawn rows, each once. */
export const drawnRowHeights = () => new Set(drawnRows().map((row) => row.getBoundingClientRect().height))

/**
 * How far the focused row reaches past the part of the window that shows the page: below a fixed
 * header (the page's scroll-padding-top) and above the window's bottom. Not rounded: a table that
 * starts at a fraction of a pixel must still bring whole rows into view.
 */
function hiddenPartOfFocusedRow() {
  const covered = parseFloat(getComputedStyle(document.documentElement).scrollPaddingTop) || 0
  const { top, bottom } = (document.activeElement as HTMLElement).getBoundingClientRect()
  return Math.max(0, covered - top, bottom - window.innerHeight)
}

const nextFrame = () => new Promise((resolve) => requestAnimationFrame(resolve))

/**
 * The focused row's hidden part once the page has stopped moving: the virtualiser may correct a
 * scroll in the frames after a key, so the same reading three frames running is the one kept.
 */
async function settledHiddenPartOfFocusedRow() {
  const readings = [hiddenPartOfFocusedRow()]
  const settled = () => readings.length >= 3 && readings.slice(-3).every((reading) => reading === readings.at(-1))
  while (!settled() && readings.length < 30) {
    await nextFrame()
    readings.push(hiddenPartOfFocusedRow())
  }
  return readings[readings.length - 1]
}

/**
 * Moves the focus through a virtual table with the arrow keys, from its first row `down` rows
 * down, then `up` rows up, and returns how much of each row it lands on is hidden (0 when it is
 * wholly in view).
 */
export async function hiddenPartsWhileWalking(down: number, up: number): Promise<number[]> {
  drawnRows()[0].focus()
  const hidden: number[] = []
  const steps = [...Array<string>(down).fill('ArrowDown'), ...Array<string>(up).fill('ArrowUp')]
  let index = 0
  for (const key of steps) {
    await userEvent.keyboard(`{${key}}`)
    index += key === 'ArrowDown' ? 1 : -1
    await expect.poll(() => (document.activeElement as HTMLElement).dataset.index).toBe(String(index))
    hidden.push(await settledHiddenPartOfFocusedRow())
  }
  return hidden
}
