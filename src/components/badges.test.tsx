import { describe, expect, it } from 'vitest'
import { page } from 'vitest/browser'
import { axeViolations } from '@tests/helpers/axe'
import { renderWithProviders } from '@tests/helpers/render'
import { MethodBadge } from './badges'

const methods = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'QUERY', 'options']

/** The colour a CSS variable of the theme resolves to, as the browser computes it. */
function themeColour(variable: string): string {
  const probe = document.body.appendChild(document.createElement('span'))
  probe.style.backgroundColor = `var(${variable})`
  const colour = getComputedStyle(probe).backgroundColor
  probe.remove()
  return colour
}

describe('MethodBadge', () => {
  it.each(['light', 'dark'] as const)(
    'draws each method upper case in its colour, others in grey, readable in the %s theme',
    async (colorScheme) => {
      await renderWithProviders(
        <p>
          {methods.map((method) => (
            <MethodBadge key={method} method={method} />
          ))}
        </p>,
        { colorScheme },
      )
      const background = (method: string) =>
        getComputedStyle(page.getByText(method, { exact: true }).element()).backgroundColor
      await expect.element(page.getByText('GET', { exact: true })).toBeVisible()
      expect(background('GET')).toBe(themeColour('--mantine-color-blue-8'))
      expect(background('POST')).toBe(themeColour('--mantine-color-teal-9'))
      expect(background('PUT')).toBe(themeColour('--mantine-color-orange-9'))
      expect(background('PATCH')).toBe(themeColour('--mantine-color-grape-8'))
      expect(background('DELETE')).toBe(themeColour('--mantine-color-red-8'))
      expect(background('QUERY')).toBe(themeColour('--mantine-color-gray-7'))
      // A method the description wrote in lower case is drawn upper case, in its colour if it has one.
      const options = page.getByText('options', { exact: true }).element()
      expect(getComputedStyle(options).textTransform).toBe('uppercase')
      expect(getComputedStyle(options).backgroundColor).toBe(themeColour('--mantine-color-gray-7'))
      expect(await axeViolations()).toEqual([])
    },
  )
})
