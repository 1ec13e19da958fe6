import { describe, expect, it, vi } from 'vitest'
import { page } from 'vitest/browser'
import { renderWithProviders } from '@tests/helpers/render'
import { deleteTestWorkspacesAfterEach, workspaceWithExamples } from '@tests/helpers/workspace'
import { workspaceName } from '@/workspace/store/workspace-names'
import { FeedSyncActor, useFeedSettings, type FeedSettings } from './feed'
import { personalKey } from './personal-settings'
import { useWorkspace, useWorkspaceFresh } from './workspace'

deleteTestWorkspacesAfterEach()

const BUILD_FEED = 'https://ci.example.com/vigil/manifest.json'
const OTHER_FEED = 'https://scans.example.com/vigil/manifest.json'

/** Each settings value the feed's readers were given, in order, and the workspace's freshness at each draw. */
const given: FeedSettings[] = []
const freshness: boolean[] = []

function SettingsProbe() {
  const settings = useFeedSettings()
  const { databaseName, changed } = useWorkspace()
  freshness.push(useWorkspaceFresh())
  if (given.at(-1) !== settings) given.push(settings)
  return (
    <div>
      <p data-testid="workspace">{databaseName ?? 'none yet'}</p>
      <p data-testid="feed-url">{settings.url ?? 'none'}</p>
      <button onClick={() => settings.save({ url: settings.url ?? '', sendToken: settings.sendToken })}>
        Save as shown
      </button>
      <button onClick={() => settings.save({ url: OTHER_FEED, sendToken: false })}>Save another feed</button>
      <button onClick={changed}>Read the workspace again</button>
    </div>
  )
}

describe('feed settings', () => {
  it('stay one value while unchanged (saved as shown, the workspace read again), and change when another feed is saved', async () => {
    const identity = await workspaceWithExamples([])
    const name = await workspaceName(identity.issuer, identity.subject)
    const key = (setting: string) => personalKey(setting, name)
    given.length = 0
    freshness.length = 0
    await renderWithProviders(<SettingsProbe />, {
      workspace: identity,
      feedDefaults: { url: BUILD_FEED, sendToken: false },
    })
    await expect.element(page.getByTestId('workspace')).toHaveTextContent(name)
    await expect.element(page.getByTestId('feed-url')).toHaveTextContent(BUILD_FEED)
    const before = given.at(-1)

    await page.getByRole('button', { name: 'Save as shown' }).click()
    await page.getByRole('button', { name: 'Save as shown' }).click()
    // The provider draws again while the workspace is read again: its value stays the same.
    const drawn = freshness.length
    await page.getByRole('button', { name: 'Read the workspace again' }).click()
    await vi.waitFor(() => {
      const after = freshness.slice(drawn)
      expect(after).toContain(false)
      expect(after.at(-1)).toBe(true)
    })
    expect(given.at(-1)).toBe(before)
    // The build's own feed and token choice are kept as no choice of the person's, so that a later build's apply.
    expect(localStorage.getItem(key('vigil-feed-url'))).toBeNull()
    expect(localStorage.getItem(key('vigil-feed-send-token'))).toBeNull()

    await page.getByRole('button', { name: 'Save another feed' }).click()
    await expect.element(page.getByTestId('feed-url')).toHaveTextContent(OTHER_FEED)
    expect(given.at(-1)).not.toBe(before)
    expect(localStorage.getItem(key('vigil-feed-url'))).toBe(OTHER_FEED)
    localStorage.removeItem(key('vigil-feed-url'))
  })
})

function SyncProbe() {
  const state = FeedSyncActor.useSelector((snapshot) => String(snapshot.value))
  const feed = FeedSyncActor.useSelector((snapshot) => snapshot.context.request?.manifestUrl ?? 'no feed')
  return <p data-testid="sync">{`${state}: ${feed}`}</p>
}

describe('the feed at sign-in', () => {
  // Nothing listens on port 9 of this machine: the worker's request fails as a refused connection does.
  const unreachable = 'http://127.0.0.1:9/team/manifest.json'

  it('is synced once the identity’s workspace is ready', async () => {
    await renderWithProviders(<SyncProbe />, {
      workspace: await workspaceWithExamples([]),
      feedDefaults: { url: unreachable, sendToken: false },
    })
    await expect.element(page.getByTestId('sync'), { timeout: 60_000 }).toHaveTextContent(`failed: ${unreachable}`)
  })

  it('is not synced before anyone has a workspace', async () => {
    await renderWithProviders(<SyncProbe />, { feedDefaults: { url: unreachable, sendToken: false } })
    await expect.element(page.getByTestId('sync')).toHaveTextContent('idle: no feed')
  })
})
