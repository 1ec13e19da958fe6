import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { cssVariablesResolver, theme } from './mantine-theme'
import { themeCssVariables, themeStylesheet } from './theme-css-variables'

const css = themeCssVariables(theme, cssVariablesResolver)

describe("the theme's CSS variables", () => {
  it('src/state/theme-variables.css is up to date (run npm run theme-css)', () => {
    expect(readFileSync(new URL('theme-variables.css', import.meta.url), 'utf8')).toBe(themeStylesheet(css))
  })

  it("holds the theme's own values and the resolver's, each scheme under its selector", () => {
    const [shared, dark, light] = css.split('\n\n')
    expect(shared).toMatch(/^html:root\{/)
    expect(shared).toContain('--mantine-primary-color-filled: var(--mantine-color-indigo-filled);')
    expect(shared).toContain('--mantine-heading-font-weight: 650;')
    expect(dark).toMatch(/^html:root\[data-mantine-color-scheme="dark"\]\{/)
    expect(dark).toContain('--mantine-color-dimmed: var(--mantine-color-dark-1);')
    expect(dark).toContain('--mantine-color-anchor: var(--mantine-color-indigo-3);')
    expect(light).toContain('--mantine-color-dimmed: var(--mantine-color-gray-7);')
    expect(light).toContain('--mantine-color-anchor: var(--mantine-color-indigo-8);')
  })

  it("leaves out what Mantine's own stylesheet already says", () => {
    expect(css).not.toContain('--mantine-scale:')
    expect(css).not.toContain('--mantine-color-red-8:')
    expect(themeCssVariables({}, () => ({ variables: {}, light: {}, dark: {} })).trim()).toBe('')
  })
})
