import {
  convertCssVariables,
  DEFAULT_THEME,
  defaultCssVariablesResolver,
  mergeMantineTheme,
  type ConvertCSSVariablesInput,
  type CSSVariablesResolver,
  type MantineThemeOverride,
} from '@mantine/core'

/**
 * Above Mantine's `:root`: the signed-in layout's chunk brings Mantine's full stylesheet, with its
 * default variables, after this one.
 */
const SELECTOR = 'html:root'

/**
 * The CSS variables MantineProvider writes into the page for a theme: those that differ from
 * Mantine's own stylesheet, for every scheme and for the light and the dark one.
 */
export function themeCssVariableSets(
  override: MantineThemeOverride,
  resolver: CSSVariablesResolver,
): ConvertCSSVariablesInput {
  const theme = mergeMantineTheme(DEFAULT_THEME, override)
  const mantineDefaults = defaultCssVariablesResolver(DEFAULT_THEME)
  const generated = defaultCssVariablesResolver(theme)
  const ours = resolver(theme)
  const differing = (part: keyof ConvertCSSVariablesInput) => {
    const defaults: Record<string, string> = mantineDefaults[part]
    return Object.fromEntries(
      Object.entries({ ...generated[part], ...ours[part] }).filter(([name, value]) => defaults[name] !== value),
    )
  }
  return { variables: differing('variables'), light: differing('light'), dark: differing('dark') }
}

/**
 * Those variables as a stylesheet to ship instead: written at run time, they delay the first
 * screen (docs/benchmarks.md).
 */
export const themeCssVariables = (override: MantineThemeOverride, resolver: CSSVariablesResolver) =>
  convertCssVariables(themeCssVariableSets(override, resolver), SELECTOR)

/** The file `npm run theme-css` writes: the stylesheet, under a line that says where it comes from. */
export const themeStylesheet = (css: string) =>
  `/* Written by \`npm run theme-css\` from src/state/mantine-theme.ts: do not edit. */\n${css}\n`
