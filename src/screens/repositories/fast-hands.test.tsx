import { describe, expect, it } from 'vitest'
import { page, userEvent } from 'vitest/browser'
import { AppRoutes } from '@/app/routes'
import { generateOrganisation } from '@/data/generator'
import { defaultRepositoryFilters } from '@/queries/repositories/repository-filters'
import { createRepositoryQuery } from '@/queries/repositories/repository-query'
import { AuthTestProvider, testAuth } from '@tests/helpers/auth'
import { renderWithProviders } from '@tests/helpers/render'

const firstResult = (size: number, search: string) =>
  createRepositoryQuery(generateOrganisation(size))({ ...defaultRepositoryFilters, search }).at(0).name

/** The path the memory router is at, read from what the screens show. */
const heading = () => page.getByRole('heading', { level: 1 })

describe('fast hands lose nothing', () => {
  it.each([
    ['the five samples', 'sample' as const, 'nexus', 'nexus-api', '5'],
    ['100,000 generated repositories', 100_000, 'mountain', firstResult(100_000, 'mountain'), '100,000'],
  ])(
    'at %s: types a query, tabs to the first result and opens it, quicker than the address write',
    async (_name, source, search, expected, total) => {
      await renderWithProviders(
        <AuthTestProvider auth={testAuth('authenticated')}>
          <AppRoutes />
        </AuthTestProvider>,
        { path: '/repositories', source },
      )
      await expect
        .element(page.getByText(`Showing ${total} of ${total} repositories`), { timeout: 20_000 })
        .toBeVisible()
      await page.getByRole('searchbox', { name: 'Search' }).click()
      // One burst of keys, as a keyboard user types: the query, Tab to the first row, Enter.
      const tabsToFirstRow = 9
      await userEvent.keyboard(`${search}${'{Tab}'.repeat(tabsToFirstRow)}{Enter}`)
      await expect.element(heading()).toHaveTextContent(expected)
      // No late write of the search pulls the user back to the list.
      await new Promise((resolve) => setTimeout(resolve, 600))
      await expect.element(heading()).toHaveTextContent(expected)
    },
  )
})
