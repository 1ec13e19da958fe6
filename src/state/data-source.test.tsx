import { afterEach, describe, expect, it, vi } from 'vitest'
import { page } from 'vitest/browser'
import { render } from 'vitest-browser-react'
import { SWRConfig } from 'swr'
import { act, startTransition, type ReactNode } from 'react'
import { loadGeneratedDataSource, sampleDataSource, type DataSource } from '@/data/data-source'
import { samplePolicyDocument } from '@/data/sample-policy'
import { NewerWorkspaceError } from '@/workspace/store/open'
import { workspaceName } from '@/workspace/store/workspace-names'
import { delayedStore } from '@tests/helpers/delayed-store'
import { deleteTestWorkspacesAfterEach, workspaceWithExamples } from '@tests/helpers/workspace'
import { DataSourceProvider, useDataSource, type DataSourceProviderProps } from './data-source'
import { followOtherTabsChoice } from './data-source-choice'
import { storePolicyDocument } from './stored-policy'
import { WorkspaceProvider, useWorkspace, useWorkspaceFresh, type WorkspaceIdentity } from './workspace'
import { WorkspaceStoreContext, type OpenWorkspaceStore } from './workspace-connections'

deleteTestWorkspacesAfterEach()

const stores: { close: () => void }[] = []
afterEach(() => {
  stores.splice(0).forEach((store) => store.close())
  localStorage.clear()
})

function tracked(store: ReturnType<typeof delayedStore>) {
  stores.push(store)
  return store
}

function Providers({
  identity,
  open,
  children,
  ...props
}: Omit<DataSourceProviderProps, 'children'> & {
  identity?: WorkspaceIdentity
  open?: OpenWorkspaceStore
  children: ReactNode
}) {
  const provider = (
    <WorkspaceProvider identity={identity}>
      <DataSourceProvider {...props}>{children}</DataSourceProvider>
    </WorkspaceProvider>
  )
  return open ? <WorkspaceStoreContext.Provider value={open}>{provider}</WorkspaceStoreContext.Provider> : provider
}

/** Every text the status line has shown, from its first render on. */
const seen: string[] = []
afterEach(() => {
  seen.length = 0
})

function Status() {
  const { source, status, problem, choose } = useDataSource()
  const { changed } = useWorkspace()
  const fresh = useWorkspaceFresh()
  const text = `${status} ${source.kind} ${source.repositories.map((repository) => repository.name).join(',') || 'none'}${problem ? ` problem:${problem}` : ''}`
  seen.push(text)
  return (
    <div>
      <p data-testid="status" data-fresh={fresh}>
        {text}
      </p>
      <button onClick={() => choose(250)}>Generate 250</button>
      <button onClick={() => choose(300)}>Generate 300</button>
      <button onClick={() => choose('sample')}>Samples</button>
      <button onClick={() => choose('workspace')}>Workspace</button>
      {/* What a feed sync asked to show its workspace does: the workspace changes, and is chosen, in one transition. */}
      <button
        onClick={() => {
          changed()
          startTransition(() => choose('workspace'))
        }}
      >
        Sync and show
      </button>
    </div>
  )
}

async function renderProvider(props: Omit<Parameters<typeof Providers>[0], 'children'>) {
  const screen = await render(
    <SWRConfig value={{ provider: () => new Map() }}>
      <Providers {...props}>
        <Status />
      </Providers>
    </SWRConfig>,
  )
  return {
    status: page.getByTestId('status'),
    rerender: (next: Omit<Parameters<typeof Providers>[0], 'children'>) =>
      screen.rerender(
        <SWRConfig value={{ provider: () => new Map() }}>
          <Providers {...next}>
            <Status />
          </Providers>
        </SWRConfig>,
      ),
  }
}

const sampleNames = sampleDataSource.repositories.map((repository) => repository.name)
const showedSample = () => seen.filter((text) => sampleNames.some((name) => text.includes(name)))

describe('DataSourceProvider', () => {
  it('shows the samples at once, a generated organisation only once built, and back', async () => {
    const onChoose = vi.fn()
    const loadGenerated = vi.fn(loadGeneratedDataSource)
    const { status } = await renderProvider({ onChoose, loadGenerated })
    await expect.element(status).toHaveTextContent(/^ready sample atlas-storefront,/)
    await page.getByRole('button', { name: 'Generate 250' }).click()
    await expect.element(status).toHaveTextContent(/^ready generated /)
    expect(seen).toContain('loading workspace none')
    await page.getByRole('button', { name: 'Samples' }).click()
    await expect.element(status).toHaveTextContent(/^ready sample /)
    expect(onChoose.mock.calls).toEqual([[250], ['sample']])
    await page.getByRole('button', { name: 'Generate 250' }).click()
    await expect.element(status).toHaveTextContent(/^ready generated /)
    expect(loadGenerated).toHaveBeenCalledTimes(1)
  })

  it('never shows the organisation last built while the next one is built', async () => {
    let finish = (_source: DataSource) => {}
    const loadGenerated = vi.fn(async (size: number) =>
      size === 250 ? loadGeneratedDataSource(size) : new Promise<DataSource>((resolve) => (finish = resolve)),
    )
    const { status } = await renderProvider({ initialChoice: 250, loadGenerated })
    await expect.element(status).toHaveTextContent(/^ready generated /)
    const built = status.element().textContent
    await page.getByRole('button', { name: 'Generate 300' }).click()
    await expect.element(status).toHaveTextContent('loading workspace none')
    // The organisation is built after the loading state's paint: only then is there one to finish.
    await vi.waitFor(() => expect(loadGenerated).toHaveBeenCalledWith(300))
    finish(await loadGeneratedDataSource(300))
    await expect.element(status).toHaveTextContent(/^ready generated /)
    expect(status.element().textContent).not.toBe(built)
  })

  it('reports a failed generation, holding no data', async () => {
    const { status } = await renderProvider({
      initialChoice: 777,
      loadGenerated: async () => {
        throw new Error('out of memory')
      },
    })
    await expect
      .element(status)
      .toHaveTextContent('failed workspace none problem:The organisation could not be generated: Error: out of memory')
    expect(showedSample()).toEqual([])
  })

  it('shows the chosen workspace only once it is read, and no sample data before', async () => {
    const identity = await workspaceWithExamples()
    const store = tracked(delayedStore())
    const { status } = await renderProvider({ initialChoice: 'workspace', identity, open: store.open })
    await expect.element(status).toHaveTextContent('loading workspace none')
    store.release()
    await expect.element(status).toHaveTextContent('ready workspace atlas-web,health-records,payments-api')
    expect(showedSample()).toEqual([])
  })

  it('builds the workspace’s views again when the person’s days to fix change, not for another edit of the policy', async () => {
    const identity = await workspaceWithExamples()
    const person = await workspaceName(identity.issuer, identity.subject)
    const sources = new Set<DataSource>()
    function Source() {
      const { source, status } = useDataSource()
      if (status === 'ready') sources.add(source)
      return <p data-testid="sources">{status}</p>
    }
    await render(
      <SWRConfig value={{ provider: () => new Map() }}>
        <Providers initialChoice="workspace" identity={identity}>
          <Source />
        </Providers>
      </SWRConfig>,
    )
    await expect.element(page.getByTestId('sources')).toHaveTextContent('ready')
    expect(sources.size).toBe(1)
    const edited = samplePolicyDocument.replace('Every React application', 'Each React application')
    expect(edited).not.toBe(samplePolicyDocument)
    act(() => void storePolicyDocument(person, edited))
    expect(sources.size).toBe(1)
    const withSla = edited.replace(
      'enforcementDefault: Recommended',
      'enforcementDefault: Recommended\nsla:\n  critical: 60',
    )
    act(() => void storePolicyDocument(person, withSla))
    await expect.poll(() => sources.size).toBe(2)
  })

  it('says why a workspace saved by a newer Vigil cannot be read', async () => {
    const identity = await workspaceWithExamples([])
    const store = tracked(delayedStore())
    const { status } = await renderProvider({ initialChoice: 'workspace', identity, open: store.open })
    store.fail(new NewerWorkspaceError())
    await expect
      .element(status)
      .toHaveTextContent(
        'failed workspace none problem:Your workspace was saved by a newer version of Vigil than this page. Reload the page to get the newer version; your data is kept.',
      )
  })

  it('never shows the previous person’s workspace once another person signs in', async () => {
    const ada = await workspaceWithExamples()
    const grace = await workspaceWithExamples(['payments-api/trivy.json'])
    const store = tracked(delayedStore())
    store.release()
    const { status, rerender } = await renderProvider({ initialChoice: 'workspace', identity: ada, open: store.open })
    await expect.element(status).toHaveTextContent('ready workspace atlas-web,health-records,payments-api')
    store.hold()
    seen.length = 0
    await rerender({ initialChoice: 'workspace', identity: grace, open: store.open })
    await expect.element(status).toHaveTextContent('loading workspace none')
    store.release()
    await expect.element(status).toHaveTextContent('ready workspace payments-api')
    expect(seen.filter((text) => text.includes('atlas-web'))).toEqual([])
  })

  it('waits for the workspace a sync changed before showing it in place of the samples', async () => {
    const identity = await workspaceWithExamples()
    const store = tracked(delayedStore())
    store.release()
    const { status } = await renderProvider({ identity, open: store.open })
    await page.getByRole('button', { name: 'Workspace' }).click()
    await expect.element(status).toHaveTextContent('ready workspace atlas-web,health-records,payments-api')
    await page.getByRole('button', { name: 'Samples' }).click()
    await expect.element(status).toHaveTextContent(/^ready sample /)
    store.hold()
    await page.getByRole('button', { name: 'Sync and show' }).click()
    await expect.element(status).toHaveTextContent('loading workspace none')
    store.release()
    await expect.element(status).toHaveTextContent('ready workspace atlas-web,health-records,payments-api')
  })

  it('keeps the workspace on screen while a change to it is read again', async () => {
    const identity = await workspaceWithExamples()
    const store = tracked(delayedStore())
    store.release()
    const { status } = await renderProvider({ initialChoice: 'workspace', identity, open: store.open })
    await expect.element(status).toHaveTextContent('ready workspace atlas-web,health-records,payments-api')
    store.hold()
    seen.length = 0
    await page.getByRole('button', { name: 'Sync and show' }).click()
    await expect.element(status).toHaveAttribute('data-fresh', 'false')
    store.release()
    await expect.element(status).toHaveAttribute('data-fresh', 'true')
    expect(seen.filter((text) => text !== 'ready workspace atlas-web,health-records,payments-api')).toEqual([])
  })

  it('draws the samples no more when the workspace, not shown, changes and is read again', async () => {
    const identity = await workspaceWithExamples()
    const store = tracked(delayedStore())
    store.release()
    const drawn: string[] = []
    function SourceOnly() {
      const { status, source } = useDataSource()
      const text = `${status} ${source.kind}`
      drawn.push(text)
      return <p data-testid="source-only">{text}</p>
    }
    const workspaceDraws: string[] = []
    function WorkspaceReader() {
      workspaceDraws.push(`${useWorkspace().summaries?.length}`)
      return null
    }
    function Change() {
      const { changed, summaries } = useWorkspace()
      const fresh = useWorkspaceFresh()
      return (
        <button data-fresh={fresh} data-read={summaries !== undefined} onClick={changed}>
          Change
        </button>
      )
    }
    await render(
      <SWRConfig value={{ provider: () => new Map() }}>
        <Providers identity={identity} open={store.open}>
          <SourceOnly />
          <WorkspaceReader />
          <Change />
        </Providers>
      </SWRConfig>,
    )
    const change = page.getByRole('button', { name: 'Change' })
    await expect.element(change).toHaveAttribute('data-read', 'true')
    await expect.element(page.getByTestId('source-only')).toHaveTextContent('ready sample')
    const before = drawn.length
    const workspaceDrawsBefore = workspaceDraws.length
    store.hold()
    await change.click()
    await expect.element(change).toHaveAttribute('data-fresh', 'false')
    // What reads the workspace is drawn again for the read, not for the change announced.
    expect(workspaceDraws).toHaveLength(workspaceDrawsBefore)
    store.release()
    await expect.element(change).toHaveAttribute('data-fresh', 'true')
    await expect.poll(() => workspaceDraws.length).toBeGreaterThan(workspaceDrawsBefore)
    expect(drawn.length).toBe(before)
  })

  it('follows the choice another tab makes, with the same wait for its data', async () => {
    const identity = await workspaceWithExamples()
    const store = tracked(delayedStore())
    const { status } = await renderProvider({ identity, open: store.open, followOtherTabs: followOtherTabsChoice })
    await expect.element(status).toHaveTextContent(/^ready sample /)
    localStorage.setItem('vigil-demo-org', 'workspace')
    window.dispatchEvent(new StorageEvent('storage', { key: 'vigil-demo-org', storageArea: localStorage }))
    await expect.element(status).toHaveTextContent('loading workspace none')
    store.release()
    await expect.element(status).toHaveTextContent('ready workspace atlas-web,health-records,payments-api')
  })
})
