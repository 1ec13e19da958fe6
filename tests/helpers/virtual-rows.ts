import { expect } from 'vitest'
import { userEvent } from 'vitest/browser'

/** The rows a virtual table has drawn (its padding rows aside). */
export const drawnRows = () => [...document.querySelectorAll<HTMLTableRowElement>('tbody tr[data-index]')]

/** The heights of the drawn rows, each once. */
export const drawnRowHeights = () => new Set(drawnRows().map((row) => row.getBoundingClientRect().height))

/**
 * How far the focused row reaches past the part of the window that shows the page: below a fixed
 * header (the page's scroll-padding-top) and above the window's bottom. In whole pixels.
 */
function hiddenPartOfFocusedRow() {
  const covered = parseFloat(getComputedStyle(document.documentElement).scrollPaddingTop) || 0
  const { top, bottom } = (document.activeElement as HTMLElement).getBoundingClientRect()
  return Math.round(Math.max(0, covered - top, bottom - window.innerHeight))
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
    hidden.push(hiddenPartOfFocusedRow())
  }
  return hidden
}
