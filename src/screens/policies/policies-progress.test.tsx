import { describe, expect, it, vi } from 'vitest'
import { page } from 'vitest/browser'
import { axeViolations } from '@tests/helpers/axe'
import { renderWithProviders } from '@tests/helpers/render'
import { PoliciesScreen } from './policies-screen'

// The policy figures of a large workspace while its findings are still being read.
vi.mock('@/components/use-policy-checks', () => ({
  usePolicyChecks: () => ({ status: 'loading', progress: { read: 4200, total: 10000 } }),
}))

describe('policy homepage while a large workspace is read', () => {
  it('says how many repositories have been read so far', async () => {
    await renderWithProviders(<PoliciesScreen />, { path: '/policies' })
    await expect
      .element(page.getByRole('status'))
      .toHaveTextContent('Computing the policy figures from the workspace...')
    await expect.element(page.getByText('4,200 of 10,000 repositories read')).toBeVisible()
    expect(await axeViolations()).toEqual([])
  })
})
