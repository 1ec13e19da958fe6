import { describe, expect, it, vi } from 'vitest'
import { page } from 'vitest/browser'
import { axeViolations } from '@tests/helpers/axe'
import { renderWithProviders } from '@tests/helpers/render'
import { ScreenErrorBoundary } from './screen-error-boundary'

const data = { broken: true }

function Fragile() {
  // A screen meeting data it cannot draw (a language stored as an object, say).
  if (data.broken) throw new TypeError('Objects are not valid as a React child')
  return <h1>Repository</h1>
}

describe('a screen that fails', () => {
  it('says so in its place, with a way to try again and a way back to the dashboard', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {})
    try {
      data.broken = true
      await renderWithProviders(
        <ScreenErrorBoundary>
          <Fragile />
        </ScreenErrorBoundary>,
      )
      await expect.element(page.getByRole('heading', { level: 1, name: 'This page could not be shown' })).toBeVisible()
      await expect.element(page.getByRole('alert')).toHaveTextContent('Objects are not valid as a React child')
      await expect.element(page.getByRole('link', { name: 'Go to the dashboard' })).toHaveAttribute('href', '/')
      expect(await axeViolations()).toEqual([])
      data.broken = false
      await page.getByRole('button', { name: 'Try again' }).click()
      await expect.element(page.getByRole('heading', { level: 1, name: 'Repository' })).toBeVisible()
    } finally {
      error.mockRestore()
    }
  })
})
