import { createTheme, type CSSVariablesResolver } from '@mantine/core'

/** Tooltips open after 700 ms; moving to the next one within 300 ms skips the wait. */
export const TOOLTIP_DELAY_MS = 700
export const TOOLTIP_SKIP_DELAY_MS = 300

/** The one Mantine theme of Vigil. */
export const theme = createTheme({
  primaryColor: 'indigo',
  // Shades whose white text passes WCAG AA contrast on filled buttons.
  primaryShade: { light: 7, dark: 8 },
  defaultRadius: 'md',
  fontFamily: 'Inter, ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  headings: { fontWeight: '650' },
  components: {
    // A plain object, not Tooltip.extend: importing Tooltip here would put it and floating-ui
    // (about 20 KiB gzip) on the logged-out screen.
    Tooltip: { defaultProps: { openDelay: TOOLTIP_DELAY_MS } },
    // Every dialog's close button has a name a screen reader can say.
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } },
    // Mantine's Menu also closes on a keydown outside it, and so listens to every keydown of the
    // page while closed: a keystroke in a search field ran one listener per menu in the sidebar.
    // An open menu holds the focus (trapFocus), so no key is pressed outside it.
    Menu: { defaultProps: { clickOutsideEvents: ['mousedown', 'touchstart'] } },
  },
})

/**
 * Mantine's dimmed text, and links on a hovered table row, fall below AA contrast; these shades
 * pass in both schemes.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-anchor': 'var(--mantine-color-indigo-8)',
  },
  dark: {
    '--mantine-color-dimmed': 'var(--mantine-color-dark-1)',
    '--mantine-color-anchor': 'var(--mantine-color-indigo-3)',
  },
})
