import { describe, expect, it } from 'vitest'
import { page } from 'vitest/browser'
import { axeViolations } from '@tests/helpers/axe'
import { renderWithProviders } from '@tests/helpers/render'
import { PoliciesScreen } from './policies-screen'

const section = (name: string) => page.getByRole('region', { name })
const rowsOf = (name: string) => section(name).getByRole('row')

describe('Policy homepage', () => {
  it('summarises the last 30 days with the four statements', async () => {
    await renderWithProviders(<PoliciesScreen />, { path: '/policies' })
    await expect.element(page.getByRole('heading', { level: 1, name: 'Policies' })).toBeVisible()
    const summary = section('Last 30 days')
    for (const statement of [
      'The master policy covers all 3,876 repositories.',
      'Language-specific policies cover 3,176 repos (up 22%).',
      '2 new scoped policies were added (Go, Java).',
      'Mobile and Go remain under-covered with lower maturity.',
    ]) {
      await expect.element(summary.getByText(statement)).toBeVisible()
    }
  })

  it("shows the master policy 'Applied' at 100% (3,876 / 3,876)", async () => {
    await renderWithProviders(<PoliciesScreen />, { path: '/policies' })
    await expect.element(rowsOf('Master Policy').nth(0)).toHaveTextContent('StatusCoverageAction')
    await expect.element(rowsOf('Master Policy').nth(1)).toHaveTextContent('Applied100% (3,876 / 3,876)View policy')
    await expect
      .element(section('Master Policy').getByRole('link', { name: 'View policy' }))
      .toHaveAttribute('href', '/policy')
  })

  it('lists the six language policies, names linking to #, scores and coverage coloured by value', async () => {
    await renderWithProviders(<PoliciesScreen />, { path: '/policies' })
    const rows = rowsOf('Language-Specific Policies')
    await expect.element(rows.nth(0)).toHaveTextContent('LanguageTotal ReposCoverage %Last UpdatedPolicy Health Score')
    await expect.element(rows.nth(1)).toHaveTextContent('JavaScript/TS2,104100%3 days ago9.2')
    await expect.element(rows.nth(6)).toHaveTextContent('Kotlin30%Never1.0')
    expect(rows.elements()).toHaveLength(7)
    await expect
      .element(section('Language-Specific Policies').getByRole('link', { name: 'Python' }))
      .toHaveAttribute('href', '#')
    await expect
      .element(section('Language-Specific Policies').getByLabelText('Health score 6.4 of 10'))
      .toHaveAttribute('data-level', 'fair')
    await expect
      .element(section('Language-Specific Policies').getByLabelText('Health score 9.2 of 10'))
      .toHaveAttribute('data-level', 'strong')
    await expect.element(rows.nth(5).getByLabelText('Health score 1.0 of 10')).toHaveAttribute('data-level', 'weak')
    await expect.element(rows.nth(4).getByRole('progressbar', { name: 'Coverage 58%' })).toBeVisible()
  })

  it("lists the four app-type policies, each name linking to its row's link", async () => {
    await renderWithProviders(<PoliciesScreen />, { path: '/policies' })
    const rows = rowsOf('App-Type Scoped Policies')
    await expect.element(rows.nth(0)).toHaveTextContent('App TypeTotal ReposCoverage %Policy Health Score')
    await expect.element(rows.nth(2)).toHaveTextContent('Backend (Express)19290%8.9')
    const link = (name: string) => section('App-Type Scoped Policies').getByRole('link', { name, exact: true })
    await expect.element(link('Frontend (Vite)')).toHaveAttribute('href', '/policies/frontend-vite')
    await expect.element(link('Mobile (React Native)')).toHaveAttribute('href', '/policies/mobile-react-native')
    await expect.element(link('React')).toHaveAttribute('href', '/policy')
  })

  it('explains each section and the Policy Health Score in tooltips', async () => {
    await renderWithProviders(<PoliciesScreen />, { path: '/policies' })
    await section('Master Policy')
      .getByRole('button', { name: /^About Master Policy/ })
      .hover()
    await expect
      .element(page.getByRole('tooltip'))
      .toHaveTextContent('The baseline policy that applies to every repository.')
    await section('Language-Specific Policies').getByText('Policy Health Score').hover()
    await expect
      .element(page.getByRole('tooltip').filter({ hasText: 'composite' }))
      .toHaveTextContent('A composite of coverage, update recency and policy robustness, from 0 to 10.')
  })

  it.each(['light', 'dark'] as const)('has no axe-core violations (%s)', async (scheme) => {
    await renderWithProviders(<PoliciesScreen />, { path: '/policies', colorScheme: scheme })
    await expect.element(section('App-Type Scoped Policies')).toBeVisible()
    expect(await axeViolations()).toEqual([])
  })
})
