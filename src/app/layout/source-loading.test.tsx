import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { page } from 'vitest/browser'
import { sampleDataSource } from '@/data/data-source'
import { POLICY_STORAGE_KEY } from '@/state/stored-policy'
import { ThemeProvider } from '@/state/theme'
import type { WorkspaceIdentity } from '@/state/workspace'
import { WorkspaceStoreContext } from '@/state/workspace-connections'
import { BlockedWorkspaceError, NewerWorkspaceError } from '@/workspace/store/open'
import { workspaceName } from '@/workspace/store/workspace-names'
import { AuthTestProvider, testAuth, type TestUser } from '@tests/helpers/auth'
import { axeViolations } from '@tests/helpers/axe'
import { delayedStore } from '@tests/helpers/delayed-store'
import { renderWithProviders } from '@tests/helpers/render'
import { recordTexts } from '@tests/helpers/texts-shown'
import { deleteTestWorkspacesAfterEach, workspaceWithExamples } from '@tests/helpers/workspace'
import { AppLayout } from './app-layout'

deleteTestWorkspacesAfterEach()

/** What only the samples show (a sample repository's name, their count), and a repository still loading wrongly called missing. */
const wrongTexts = [
  ...sampleDataSource.repositories.map((repository) => repository.name),
  'Showing 5 of 5',
  'Repository not found',
]

/** Every text the page has shown since the recorder started (see recordTexts), checked for wrong ones. */
function recordPage(wrong = wrongTexts) {
  const { texts, stop } = recordTexts(() => [document.body.textContent ?? ''])
  return {
    wrongShown: () => texts.flatMap((text) => wrong.filter((each) => text.includes(each))),
    stop,
  }
}

/** A policy document whose rule lines check the workspace (a line without a check reads nothing). */
const checkedPolicy = [
  '---',
  'title: Checked policy',
  '---',
  '## Checks [Mandatory]',
  '- Never render user HTML {cwe: 79} [Mandatory]',
  '- No critical vulnerabilities {severity: critical} [Mandatory]',
  '- Sensitive endpoints need authentication {api: sensitive-endpoints-need-auth} [Mandatory]',
].join('\n')

const stores: ReturnType<typeof delayedStore>[] = []
const recorders: ReturnType<typeof recordPage>[] = []

beforeEach(() => {
  localStorage.clear()
  localStorage.setItem('vigil-demo-org', 'workspace')
})
afterEach(() => {
  stores.splice(0).forEach((store) => store.close())
  recorders.splice(0).forEach((recorder) => recorder.stop())
  document.documentElement.classList.remove('light', 'dark')
})

/**
 * The signed-in layout at `path`, reading the example workspace (or the one of `identity`) through
 * a store that waits to be let through; the recorder looks for `wrong` texts. Signed in as
 * `person`, the store opens the workspace the app names after them, as the browser's store does.
 */
async function renderSlowWorkspace(
  path: string,
  theme: 'light' | 'dark' = 'light',
  { identity, wrong = wrongTexts, person }: { identity?: WorkspaceIdentity; wrong?: string[]; person?: TestUser } = {},
) {
  identity ??= await workspaceWithExamples()
  const store = delayedStore(person ? undefined : await workspaceName(identity.issuer, identity.subject))
  stores.push(store)
  const recorder = recordPage(wrong)
  recorders.push(recorder)
  await renderWithProviders(
    <WorkspaceStoreContext.Provider value={store.open}>
      <AuthTestProvider auth={testAuth('authenticated', person ?? { given_name: 'Ada' })}>
        <ThemeProvider defaultTheme={theme}>
          <AppLayout />
        </ThemeProvider>
      </AuthTestProvider>
    </WorkspaceStoreContext.Provider>,
    { path, withoutMantine: true },
  )
  return { store, recorder }
}

const main = () => page.getByRole('main')
const sidebar = () => page.getByRole('navigation', { name: 'Sidebar' })

describe('while the chosen workspace is read', () => {
  it.each([
    ['/', { role: 'heading', name: 'Dashboard' }],
    ['/repositories', { text: 'Showing 3 of 3 repositories' }],
    ['/repository/payments-api', { role: 'tab', name: /^Vulnerabilities/ }],
    ['/repositories/atlas-web', { role: 'tab', name: /^Policy Issues/ }],
    ['/vulnerabilities', { role: 'heading', name: 'Vulnerabilities' }],
    ['/vulnerabilities/critical', { role: 'heading', name: 'Vulnerabilities' }],
    ['/apis', { role: 'heading', name: 'APIs' }],
    ['/apis/documentation', { role: 'heading', name: 'API documentation' }],
    ['/policies', { role: 'heading', name: 'Policies' }],
  ] as const)(
    '%s and the sidebar announce the loading state, then the workspace, never sample data',
    async (path, shown) => {
      const { store, recorder } = await renderSlowWorkspace(path)
      await expect.element(main().getByRole('status')).toHaveTextContent('Reading your workspace...')
      await expect.element(sidebar().getByRole('status')).toHaveTextContent('Reading your workspace...')
      await expect
        .element(page.getByRole('button', { name: 'Data: Your workspace (...)' }))
        .toHaveAttribute('aria-busy', 'true')
      store.release()
      const ready = 'text' in shown ? main().getByText(shown.text) : main().getByRole(shown.role, { name: shown.name })
      await expect.element(ready.first()).toBeVisible()
      await expect.element(sidebar().getByRole('link', { name: 'payments-api' })).toBeVisible()
      await expect.element(page.getByRole('button', { name: 'Data: Your workspace (3 repositories)' })).toBeVisible()
      expect(recorder.wrongShown()).toEqual([])
    },
  )

  it.each([
    ['/policy', 'Checking the workspace...', '2 of 3 repositories pass', { [POLICY_STORAGE_KEY]: checkedPolicy }],
    ['/organizations/settings', 'Reading your workspace...', '3 repositories from 9 imports', {}],
  ])(
    '%s announces its own loading state in every part that reads the workspace, then the workspace, never sample data',
    async (path, loading, shown, stored) => {
      Object.entries(stored).forEach(([key, value]) => localStorage.setItem(key, value))
      const { store, recorder } = await renderSlowWorkspace(path)
      const statuses = main().getByRole('status')
      await expect.element(statuses.first()).toHaveTextContent(loading)
      expect(statuses.elements().map((status) => status.textContent)).toEqual(statuses.elements().map(() => loading))
      await expect.element(sidebar().getByRole('status')).toHaveTextContent('Reading your workspace...')
      store.release()
      await expect.element(main().getByText(shown).first()).toBeVisible()
      expect(recorder.wrongShown()).toEqual([])
    },
  )

  it('offers no decisions file on the data sources page until the workspace’s decisions are read', async () => {
    const { store } = await renderSlowWorkspace('/organizations/settings')
    const download = main().getByRole('button', { name: 'Download decisions file' })
    await expect.element(download).toBeDisabled()
    store.release()
    await expect.element(page.getByTestId('decisions-status')).toHaveTextContent('No decision has been made')
    await expect.element(download).toBeEnabled()
  })

  it.each([
    ['/repositories', 'light'],
    ['/repositories', 'dark'],
    ['/organizations/settings', 'light'],
    ['/organizations/settings', 'dark'],
  ] as const)('has no axe-core violations while %s loads (%s)', async (path, theme) => {
    await renderSlowWorkspace(path, theme)
    await expect.element(main().getByRole('status').first()).toHaveTextContent('Reading your workspace...')
    expect(await axeViolations()).toEqual([])
  })
})

describe('a workspace that cannot be read', () => {
  it.each([
    ['saved by a newer Vigil', new NewerWorkspaceError(), 'saved by a newer version of Vigil than this page'],
    [
      'kept open at an older version by another tab',
      new BlockedWorkspaceError(),
      'Close or reload the other Vigil tabs',
    ],
    [
      'refused by a browser that keeps IndexedDB off',
      new DOMException('The operation is insecure.', 'SecurityError'),
      'IndexedDB is off',
    ],
  ])('%s: says why, with a way back to the sample data', async (_, error, why) => {
    const { store } = await renderSlowWorkspace('/repositories')
    store.fail(error)
    const alert = main().getByRole('alert')
    await expect.element(alert).toHaveTextContent('Your workspace cannot be read')
    await expect.element(alert).toHaveTextContent(why)
    await expect.element(sidebar().getByRole('status')).not.toBeInTheDocument()
    await expect
      .element(alert.getByRole('link', { name: 'Open Data sources' }))
      .toHaveAttribute('href', '/organizations/settings')
    expect(await axeViolations()).toEqual([])
    await alert.getByRole('button', { name: 'Show the sample data' }).click()
    await expect.element(main().getByText('Showing 5 of 5 repositories')).toBeVisible()
    await expect.element(page.getByRole('button', { name: 'Data: Sample data' })).toBeVisible()
  })
})

/** Every signed-in route but a repository's page (the route table's paths). */
const routes = [
  '/',
  '/repositories',
  '/vulnerabilities',
  '/vulnerabilities/critical',
  '/vulnerabilities/high',
  '/vulnerabilities/medium',
  '/vulnerabilities/low',
  '/policies',
  '/policies/frontend-vite',
  '/policies/backend-express',
  '/policies/mobile-react-native',
  '/policy',
  '/apis',
  '/apis/rest',
  '/apis/graphql',
  '/apis/webhooks',
  '/apis/documentation',
  '/organizations',
  '/organizations/members',
  '/organizations/teams',
  '/organizations/settings',
]
const exampleRepositories = ['atlas-web', 'health-records', 'payments-api']

/** Opens `path` as a reload does, lets the workspace be read, and waits until the page shows it. */
async function openOnceRead(path: string, repositories: number, options: Parameters<typeof renderSlowWorkspace>[2]) {
  const { store, recorder } = await renderSlowWorkspace(path, 'light', options)
  store.release()
  await expect
    .element(page.getByRole('button', { name: `Data: Your workspace (${repositories} repositories)` }))
    .toBeVisible()
  await expect.element(main().getByRole('heading', { level: 1 })).toBeVisible()
  await expect.element(page.getByText('Reading your workspace...')).not.toBeInTheDocument()
  return recorder
}

describe('a reload on every route with the workspace chosen', () => {
  it.each([...routes, '/repository/payments-api', '/repositories/atlas-web'])(
    '%s never shows sample data, nor a repository as missing',
    async (path) => {
      const recorder = await openOnceRead(path, 3, {})
      expect(recorder.wrongShown()).toEqual([])
    },
  )

  it.each(routes)(
    '%s never shows another person’s workspace, nor sample data, to a person whose own is empty',
    async (path) => {
      // Another person's workspace is in this browser too; this person's own, named after them, is empty.
      await workspaceWithExamples(undefined, { issuer: '', subject: crypto.randomUUID() })
      const person = { sub: crypto.randomUUID(), given_name: 'Grace' }
      const identity = await workspaceWithExamples([], { issuer: '', subject: person.sub })
      const recorder = await openOnceRead(path, 0, {
        identity,
        person,
        wrong: [
          ...sampleDataSource.repositories.map((repository) => repository.name),
          ...exampleRepositories,
          'Showing 5 of 5',
        ],
      })
      expect(recorder.wrongShown()).toEqual([])
    },
  )

  it('records what is on screen: the empty workspace’s notice is found when it is looked for', async () => {
    const recorder = await openOnceRead('/repositories', 0, {
      identity: await workspaceWithExamples([]),
      wrong: ['Your workspace is empty'],
    })
    await expect.element(main().getByText('Your workspace is empty')).toBeVisible()
    expect(recorder.wrongShown()).toContain('Your workspace is empty')
  })
})
