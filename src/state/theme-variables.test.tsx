import { convertCssVariables, MantineProvider, Text } from '@mantine/core'
import { describe, expect, it } from 'vitest'
import { render } from 'vitest-browser-react'
import { page } from 'vitest/browser'
import { cssVariablesResolver, theme } from './mantine-theme'
import { themeCssVariableSets } from './theme-css-variables'
import { ThemeProvider } from './theme'

describe("the theme's CSS variables, shipped as a stylesheet", () => {
  it('are exactly what MantineProvider would write into the page at run time', async () => {
    await render(
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
        <Text>Written at run time</Text>
      </MantineProvider>,
    )
    await expect.element(page.getByText('Written at run time')).toBeVisible()
    const written = [...document.querySelectorAll('style[data-mantine-styles]')]
      .map((style) => style.textContent ?? '')
      .find((text) => text.includes('--mantine-primary-color-filled'))
    expect(written).toBe(convertCssVariables(themeCssVariableSets(theme, cssVariablesResolver)))
  })

  it("apply in the app's theme, which writes none at run time: dimmed text in the dark scheme", async () => {
    await render(
      <ThemeProvider defaultTheme="dark">
        <Text c="dimmed">Dimmed</Text>
        <span style={{ color: 'var(--mantine-color-dark-1)' }}>Reference</span>
      </ThemeProvider>,
    )
    await expect.element(page.getByText('Dimmed')).toBeVisible()
    const written = [...document.querySelectorAll('style[data-mantine-styles]')]
      .map((style) => style.textContent ?? '')
      .join('\n')
    expect(written).not.toContain('--mantine-color-dimmed')
    const color = (text: string) => getComputedStyle(page.getByText(text).element()).color
    expect(color('Dimmed')).toBe(color('Reference'))
  })
})
