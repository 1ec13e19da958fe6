import type { MouseEvent } from 'react'

/** A click that the browser should handle itself: a new tab or window, a download. */
const opensElsewhere = (event: MouseEvent<HTMLElement>) =>
  event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey

/**
 * Follows a click on a plain link to an address of the app, inside the element that handles the
 * click, in the app rather than by loading the page. A table's rows carry plain links: a router
 * Link in every row reads the address each time a keystroke draws the row again.
 */
export function followInAppLink(event: MouseEvent<HTMLElement>, navigate: (to: string) => void): void {
  if (event.defaultPrevented || opensElsewhere(event)) return
  const link = (event.target as Element).closest('a[href]')
  const href = link?.getAttribute('href')
  if (!link || !href?.startsWith('/') || href.startsWith('//') || link.hasAttribute('target')) return
  if (!event.currentTarget.contains(link)) return
  event.preventDefault()
  navigate(href)
}
