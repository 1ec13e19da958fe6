import { MantineProvider, type MantineProviderProps } from '@mantine/core'
import { theme } from './mantine-theme'
import './theme-variables.css'

/**
 * Mantine with Vigil's theme. Its CSS variables come from the shipped stylesheet (written by
 * `npm run theme-css`), not computed and written into the page at run time.
 */
export function VigilMantineProvider(
  props: Omit<MantineProviderProps, 'theme' | 'withCssVariables' | 'cssVariablesResolver'>,
) {
  return <MantineProvider {...props} theme={theme} withCssVariables={false} />
}
