import { act } from 'react'
import { createRoot } from 'react-dom/client'
import { afterEach, describe, expect, it } from 'vitest'
import { page } from 'vitest/browser'
import { axeViolations } from '@tests/helpers/axe'
import type { ConfigProblem } from '@/config/config'
import { renderConfigError } from './render-config-error'

const problems: ConfigProblem[] = [
  { variable: 'VITE_AUTH_DOMAIN', message: 'is not a URL (got "acme.kinde.com")' },
  { variable: 'VITE_MOCK_API', message: 'must be true or false, got "sometimes"' },
]

let unmount = () => {}
afterEach(() => unmount())

async function renderInto(loadPage?: Parameters<typeof renderConfigError>[2]) {
  const container = document.body.appendChild(document.createElement('div'))
  const root = createRoot(container)
  unmount = () => {
    act(() => root.unmount())
    container.remove()
  }
  await act(() => renderConfigError(root, problems, loadPage))
}

describe('the configuration error at start-up', () => {
  it('is the configuration error screen, loaded in its own chunk with Mantine', async () => {
    await renderInto()
    await expect.element(page.getByRole('heading', { name: 'Vigil cannot start' })).toBeVisible()
    const alert = page.getByRole('alert')
    await expect.element(alert).toHaveTextContent('The configuration has a problem')
    await expect.element(alert).toHaveTextContent(/VITE_AUTH_DOMAIN is not a URL/)
    await expect.element(alert).toHaveTextContent(/VITE_MOCK_API must be true or false/)
    expect(await axeViolations()).toEqual([])
  })

  it('names every problem in plain text when that chunk cannot load, rather than a blank page', async () => {
    await renderInto(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module')))
    await expect.element(page.getByRole('heading', { name: 'Vigil cannot start' })).toBeVisible()
    const items = page.getByRole('listitem')
    await expect.element(items.nth(0)).toHaveTextContent('VITE_AUTH_DOMAIN is not a URL (got "acme.kinde.com")')
    await expect.element(items.nth(1)).toHaveTextContent('VITE_MOCK_API must be true or false, got "sometimes"')
    expect(page.getByRole('alert').elements()).toHaveLength(0)
  })
})
