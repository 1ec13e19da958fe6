import { createTheme, type CSSVariablesResolver } from '@mantine/core'

/** The one Mantine theme of Vigil. */
export const theme = createTheme({
  primaryColor: 'indigo',
  // Shades whose white text passes WCAG AA contrast on filled buttons.
  primaryShade: { light: 7, dark: 8 },
  defaultRadius: 'md',
  fontFamily: 'Inter, ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  headings: { fontWeight: '650' },
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
