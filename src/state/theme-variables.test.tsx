import { convertCssVariables, MantineProvider, Text } from '@mantine/core'
import { describe, expect, it } from 'vitest'
import { useLayoutEffect } from 'react'
import { render } from 'vitest-browser-react'
import { page } from 'vitest/browser'
import { cssVariablesResolver, theme } from './mantine-theme'
import { themeCssVariableSets } from './theme-css-variables'
import { ThemeProvider } from './theme'
import { MantineFollowingTheme } from './theme-mantine'

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
        <MantineFollowingTheme>
          <Text c="dimmed">Dimmed</Text>
          <span style={{ color: 'var(--mantine-color-dark-1)' }}>Reference</span>
        </MantineFollowingTheme>
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

  it("apply from the first frame on the screens drawn without Mantine's provider (loading, logged out)", async () => {
    // As a page starts: no scheme on the root yet (an earlier test may have left one).
    document.documentElement.removeAttribute('data-mantine-color-scheme')
    document.documentElement.classList.remove('light', 'dark')
    const colorsBeforePaint: string[] = []
    const classesBeforePaint: string[] = []
    function ReadBeforePaint() {
      useLayoutEffect(() => {
        colorsBeforePaint.push(getComputedStyle(document.getElementById('plain') as HTMLElement).color)
        classesBeforePaint.push(document.documentElement.className)
      }, [])
      return null
    }
    await render(
      <ThemeProvider defaultTheme="dark">
        <span id="plain" style={{ color: 'var(--mantine-color-dimmed)' }}>
          Plain
        </span>
        <span style={{ color: 'var(--mantine-color-dark-1)' }}>Reference</span>
        <ReadBeforePaint />
      </ThemeProvider>,
    )
    await expect.element(page.getByText('Plain')).toBeVisible()
    const reference = getComputedStyle(page.getByText('Reference').element()).color
    expect(document.documentElement.getAttribute('data-mantine-color-scheme')).toBe('dark')
    expect(colorsBeforePaint[0]).toBe(reference)
    expect(classesBeforePaint[0].split(' ')).toContain('dark')
  })
})
