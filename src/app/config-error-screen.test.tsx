import { describe, expect, it } from 'vitest'
import { page } from 'vitest/browser'
import { readConfig } from '@/config/config'
import { renderWithProviders } from '@tests/helpers/render'
import { ConfigErrorScreen } from './config-error-screen'

describe('configuration error screen', () => {
  it('names every bad variable and what is wrong, instead of a blank page', async () => {
    const result = readConfig({ VITE_AUTH_DOMAIN: 'acme.kinde.com', VITE_MOCK_API: 'sometimes' }, 'http://localhost')
    if (result.ok) throw new Error('expected problems')
    await renderWithProviders(<ConfigErrorScreen problems={result.problems} />)
    await expect.element(page.getByRole('heading', { name: 'Vigil cannot start' })).toBeVisible()
    const alert = page.getByRole('alert')
    await expect.element(alert).toHaveTextContent(/VITE_AUTH_DOMAIN is not a URL \(got "acme.kinde.com"\)/)
    await expect.element(alert).toHaveTextContent(/VITE_AUTH_CLIENT_ID is required when VITE_AUTH_DOMAIN is set/)
    await expect.element(alert).toHaveTextContent(/VITE_MOCK_API must be true or false, got "sometimes"/)
  })
})
