import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { page, userEvent } from 'vitest/browser'
import { ThemeProvider } from '@/state/theme'
import type { WorkspaceIdentity } from '@/state/workspace'
import { WorkspaceStoreContext } from '@/state/workspace-connections'
import { workspaceName } from '@/workspace/store/workspace-names'
import { AuthTestProvider, testAuth, type TestUser } from '@tests/helpers/auth'
import { axeViolations } from '@tests/helpers/axe'
import { delayedStore } from '@tests/helpers/delayed-store'
import { renderWithProviders } from '@tests/helpers/render'
import { deleteTestWorkspacesAfterEach, workspaceWithExamples } from '@tests/helpers/workspace'
import { AppLayout } from './layout/app-layout'

// Journeys through the signed-in app (layout, sidebar, routes) that the end-to-end suite used to
// drive in a built app. A reload is the app mounted again at the address it had: what outlives it
// is what the browser keeps (the address, local storage, the workspace's IndexedDB).

deleteTestWorkspacesAfterEach()

beforeEach(() => {
  localStorage.clear()
  document.cookie = 'sidebar_state=; max-age=0; path=/'
})
afterEach(async () => {
  document.documentElement.classList.remove('light', 'dark')
  await page.viewport(1280, 800)
})

const stores: ReturnType<typeof delayedStore>[] = []
afterEach(() => stores.splice(0).forEach((store) => store.close()))

// Subjects of their own: other test files use the test session's default subject.
const ada: TestUser = { sub: 'kp-journeys-ada', given_name: 'Ada', family_name: 'Lovelace' }
const grace: TestUser = { sub: 'kp-journeys-grace', given_name: 'Grace', family_name: 'Hopper' }

/**
 * The signed-in layout at `path`, as Ada (or `person`), on the samples; or, given a workspace, with
 * the workspace chosen and the person's workspace being that one. With `ownWorkspace`, the person's
 * workspace is the one the browser's store names after them, as in the app.
 */
async function renderApp(
  path: string,
  options: { workspace?: WorkspaceIdentity; theme?: 'light' | 'dark'; person?: TestUser; ownWorkspace?: boolean } = {},
) {
  let ui = (
    <AuthTestProvider auth={testAuth('authenticated', options.person ?? ada)}>
      <ThemeProvider defaultTheme={options.theme ?? 'light'}>
        <AppLayout />
      </ThemeProvider>
    </AuthTestProvider>
  )
  if (options.ownWorkspace) localStorage.setItem('vigil-demo-org', 'workspace')
  else if (options.workspace) {
    localStorage.setItem('vigil-demo-org', 'workspace')
    const store = delayedStore(await workspaceName(options.workspace.issuer, options.workspace.subject))
    stores.push(store)
    store.release()
    ui = <WorkspaceStoreContext.Provider value={store.open}>{ui}</WorkspaceStoreContext.Provider>
  }
  const rendered = await renderWithProviders(ui, { path, withoutMantine: true })
  const address = () => rendered.location.history.at(-1) ?? path
  return {
    ...rendered,
    address,
    /** Unmounts the app and mounts it again at the address it had, as a reload does. */
    reload: async () => {
      const at = address()
      await rendered.screen.unmount()
      return renderApp(at, options)
    },
  }
}

const sidebar = () => page.getByRole('navigation', { name: 'Sidebar' })
const main = () => page.getByRole('main')

describe('organisation-wide views', () => {
  it('finds an advisory across repositories from the sidebar, keeps its filters over a reload, and opens a repository', async () => {
    let app = await renderApp('/')
    await sidebar().getByRole('button', { name: 'Vulnerabilities' }).click()
    await sidebar().getByRole('link', { name: 'Critical' }).click()
    await expect.poll(app.address).toBe('/vulnerabilities/critical')
    await expect.element(page.getByRole('heading', { level: 1, name: 'Critical vulnerabilities' })).toBeVisible()
    await expect.element(sidebar().getByRole('link', { name: 'Critical' })).toHaveAttribute('aria-current', 'page')
    await expect.element(main().getByText('Showing 1 of 5 advisories, affecting 4 repositories')).toBeVisible()

    await app.screen.unmount()
    app = await renderApp('/vulnerabilities')
    await expect.element(main().getByText('Showing 5 of 5 advisories, affecting 4 repositories')).toBeVisible()
    await page.getByRole('searchbox', { name: 'Search' }).fill('lodash')
    await expect.poll(app.address).toBe('/vulnerabilities?q=lodash')
    app = await app.reload()
    await expect.element(page.getByRole('searchbox', { name: 'Search' })).toHaveValue('lodash')
    await expect.element(main().getByText('Showing 1 of 5 advisories, affecting 4 repositories')).toBeVisible()

    const row = page.getByRole('row', { name: /^CVE-2019-10744,/ })
    await expect.element(row).toBeVisible()
    ;(row.element() as HTMLElement).focus()
    await userEvent.keyboard('{Enter}{ArrowDown}{Enter}')
    await expect.poll(app.address).toMatch(/^\/repository\/[a-z-]+\?tab=vulnerabilities$/)
    await expect.element(page.getByRole('tab', { name: /Vulnerabilities/, selected: true })).toBeVisible()
  })

  it('the APIs headline leads to the sensitive endpoints anyone can call', async () => {
    const app = await renderApp('/apis')
    await page.getByRole('link', { name: 'Show the 4 endpoints that anyone can call' }).click()
    await expect.poll(app.address).toBe('/apis?category=sensitive&auth=None')
    await expect.element(main().getByText('Showing 4 of 49 endpoints')).toBeVisible()
    await expect.element(page.getByRole('combobox', { name: 'Authentication' })).toHaveValue('None')
  })

  // Each in the whole layout (sidebar, header, breadcrumbs), as the app shows it.
  const screens = [
    ['/vulnerabilities/high', 'High vulnerabilities'],
    ['/apis', 'APIs'],
    ['/apis/documentation', 'API documentation'],
    ['/organizations', 'Organizations'],
  ] as const
  const devices = [
    ['desktop', 1280, 900],
    ['phone', 390, 800],
  ] as const
  it.each(
    screens.flatMap(([path, heading]) =>
      devices.flatMap(([device, width, height]) =>
        (['light', 'dark'] as const).map((scheme) => ({ path, heading, device, width, height, scheme })),
      ),
    ),
  )(
    'axe finds no WCAG 2.2 AA violations on $path in the layout ($device, $scheme)',
    async ({ path, heading, width, height, scheme }) => {
      await page.viewport(width, height)
      await renderApp(path, { theme: scheme })
      await expect.element(page.getByRole('heading', { level: 1, name: heading })).toBeVisible()
      await expect.poll(() => document.documentElement.classList.contains(scheme)).toBe(true)
      expect(await axeViolations()).toEqual([])
    },
  )
})

describe('policies', () => {
  it('from the policy homepage to the document, where an edit and a check survive a reload until reset', async () => {
    let app = await renderApp('/policies')
    await expect.element(page.getByRole('navigation', { name: 'Breadcrumb' })).toHaveTextContent('Platform›Policies')
    await page.getByRole('link', { name: 'View policy' }).click()
    await expect.poll(app.address).toBe('/policy')
    await expect.element(page.getByRole('heading', { level: 1, name: 'React Security Best Practices' })).toBeVisible()

    await page.getByRole('button', { name: 'Edit "Limit the length of free-text fields."' }).click()
    await page.getByRole('textbox', { name: 'Edit line' }).fill('Limit free-text fields to 2,000 characters.')
    await userEvent.keyboard('{Enter}')
    await expect.element(main().getByText('Limit free-text fields to 2,000 characters.')).toBeVisible()
    app = await app.reload()
    await expect.element(main().getByText('Limit free-text fields to 2,000 characters.')).toBeVisible()
    await expect
      .element(page.getByLabelText('Level of "Limit free-text fields to 2,000 characters."'))
      .toHaveValue('Recommended')

    await page.getByRole('button', { name: 'Add check to "Limit free-text fields to 2,000 characters."' }).click()
    await page
      .getByRole('textbox', { name: 'Check of "Limit free-text fields to 2,000 characters."' })
      .fill('{cwe: 20}')
    await userEvent.keyboard('{Enter}')
    await expect.element(main().getByText('{cwe: 20}')).toBeVisible()
    app = await app.reload()
    await expect.element(main().getByText('{cwe: 20}')).toBeVisible()
    await expect
      .element(page.getByRole('button', { name: 'Edit the check of "Limit free-text fields to 2,000 characters."' }))
      .toBeVisible()

    await page.getByRole('button', { name: 'Reset to original' }).click()
    await expect.element(main().getByText('Limit the length of free-text fields.')).toBeVisible()
    await expect.element(main().getByText('{cwe: 20}')).not.toBeInTheDocument()
  })
})

describe('repositories', () => {
  it('keeps the filters in the address: a reload keeps them, and going back and forward restores them', async () => {
    let app = await renderApp('/')
    await sidebar().getByRole('link', { name: 'Repositories', exact: true }).click()
    const count = (text: string) => main().getByText(text)
    await expect.element(count('Showing 5 of 5 repositories')).toBeVisible()
    await page.getByRole('combobox', { name: 'Visibility' }).click()
    await page.getByRole('option', { name: 'Private' }).click()
    await expect.element(count('Showing 2 of 5 repositories')).toBeVisible()
    await page.getByRole('searchbox', { name: 'Search' }).fill('billing')
    await expect.element(count('Showing 1 of 5 repositories')).toBeVisible()
    await expect.poll(app.address).toBe('/repositories?q=billing&visibility=private')
    // The filters were pushed as an entry of the history after the unfiltered list, which Back returns to.
    expect(app.location.history.slice(-2)).toEqual(['/repositories', '/repositories?q=billing&visibility=private'])

    app = await app.reload()
    await expect.element(count('Showing 1 of 5 repositories')).toBeVisible()
    await expect.element(page.getByRole('searchbox', { name: 'Search' })).toHaveValue('billing')

    // Back and forward: the address changes under the screen.
    app.location.navigate('/repositories')
    await expect.element(count('Showing 5 of 5 repositories')).toBeVisible()
    app.location.navigate('/repositories?q=billing&visibility=private')
    await expect.element(count('Showing 1 of 5 repositories')).toBeVisible()
  })

  it('opens a repository from its row, and its tab survives a reload', async () => {
    let app = await renderApp('/repositories')
    await page.getByRole('link', { name: 'Open nexus-api' }).click()
    await expect.poll(app.address).toBe('/repository/nexus-api')
    await expect.element(page.getByRole('navigation', { name: 'Breadcrumb' })).toHaveTextContent('Repository›nexus-api')
    await page.getByRole('tab', { name: 'API Surface' }).click()
    await expect.poll(app.address).toBe('/repository/nexus-api?tab=api-surface')
    app = await app.reload()
    await expect.element(page.getByRole('tab', { name: 'API Surface' })).toHaveAttribute('aria-selected', 'true')
    await expect.poll(() => main().getByRole('row').elements().length).toBe(13)
  })

  it('writes search text such as %41 to the address encoded once, and reads it back as typed', async () => {
    let app = await renderApp('/repositories')
    await page.getByRole('searchbox', { name: 'Search' }).fill('%41')
    await expect.poll(app.address).toBe('/repositories?q=%2541')
    app = await app.reload()
    await expect.element(page.getByRole('searchbox', { name: 'Search' })).toHaveValue('%41')
    await expect.element(main().getByText('Showing 0 of 5 repositories')).toBeVisible()
  })
})

describe('decisions', () => {
  it('a decision on an imported finding survives a reload, counts everywhere, and no one else sees it', async () => {
    // Ada's workspace as the app names it after her sign-in (the test session's id token has no issuer).
    await workspaceWithExamples(undefined, { issuer: '', subject: ada.sub! })
    const workspace = { ownWorkspace: true }
    let app = await renderApp('/repository/payments-api?tab=vulnerabilities', workspace)
    const counts = () => main().getByRole('status').filter({ hasText: 'need triage' })
    await expect.element(counts()).toHaveTextContent(/\d+ need triage, 0 decided/)
    await page.getByRole('button', { name: 'Decide on CVE-2024-45337 in golang.org/x/crypto' }).click()
    const dialog = page.getByRole('dialog', { name: /^Decide on/ })
    await dialog.getByRole('radio', { name: /Not affected/ }).click()
    await dialog.getByRole('combobox', { name: 'Justification' }).click()
    await page.getByRole('option', { name: 'The vulnerable code is never run' }).click()
    await dialog.getByRole('textbox', { name: 'Reason' }).fill('We never start the SSH server')
    await dialog.getByRole('button', { name: 'Review' }).click()
    await dialog.getByRole('button', { name: 'Confirm' }).click()
    await expect.element(dialog.getByRole('status')).toHaveTextContent('Saved 1 decision for 1 finding.')
    await dialog.getByRole('button', { name: 'Done' }).click()
    await expect.element(counts()).toHaveTextContent(/1 decided/)

    app = await app.reload()
    await expect.element(counts()).toHaveTextContent(/1 decided/)
    const card = main().getByRole('article').filter({ hasText: 'CVE-2024-45337' })
    await expect.element(card).toHaveTextContent('Not affected')
    await card.getByRole('button', { name: /^History of/ }).click()
    const history = page.getByRole('dialog', { name: /^History of/ })
    await expect.element(history).toHaveTextContent('by Ada Lovelace')
    await expect.element(history).toHaveTextContent('We never start the SSH server')
    await userEvent.keyboard('{Escape}')
    await expect.element(history).not.toBeInTheDocument()

    await app.screen.unmount()
    app = await renderApp('/organizations/settings', workspace)
    await expect.element(page.getByTestId('decisions-status')).toHaveTextContent('1 decision logged by 1 person.')

    // Another person on this browser has a workspace of their own, named after them by the same store.
    await app.screen.unmount()
    await workspaceWithExamples([], { issuer: '', subject: grace.sub! })
    await renderApp('/organizations/settings', { ownWorkspace: true, person: grace })
    await expect
      .element(page.getByTestId('decisions-status'))
      .toHaveTextContent('No decision has been made in this workspace yet.')
  })
})
