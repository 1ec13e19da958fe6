import { describe, expect, it } from 'vitest'
import { page } from 'vitest/browser'
import { renderWithProviders } from '@tests/helpers/render'
import { deleteTestWorkspacesAfterEach, workspaceWithExamples } from '@tests/helpers/workspace'
import { personalKey } from './personal-settings'
import { useFeedSettings, type FeedSettings } from './feed'
import { workspaceName } from '@/workspace/store/schema'

deleteTestWorkspacesAfterEach()

const OTHER_FEED = 'https://scans.example.com/vigil/manifest.json'

/** Each settings value the feed's readers were given, in order. */
const given: FeedSettings[] = []

function SettingsProbe() {
  const settings = useFeedSettings()
  if (given.at(-1) !== settings) given.push(settings)
  return (
    <div>
      <p data-testid="feed-url">{settings.url ?? 'none'}</p>
      <button onClick={() => settings.save({ url: settings.url ?? '', sendToken: settings.sendToken })}>
        Save as shown
      </button>
      <button onClick={() => settings.save({ url: OTHER_FEED, sendToken: false })}>Save another feed</button>
    </div>
  )
}

describe('feed settings', () => {
  it('stay one value when saved unchanged, and change when another feed is saved', async () => {
    const identity = await workspaceWithExamples([])
    given.length = 0
    await renderWithProviders(<SettingsProbe />, {
      workspace: identity,
      feedDefaults: { url: 'https://ci.example.com/vigil/manifest.json', sendToken: false },
    })
    const url = page.getByTestId('feed-url')
    await expect.element(url).toHaveTextContent('https://ci.example.com/vigil/manifest.json')
    const before = given.at(-1)
    const key = personalKey('vigil-feed-url', await workspaceName(identity.issuer, identity.subject))

    await page.getByRole('button', { name: 'Save as shown' }).click()
    await page.getByRole('button', { name: 'Save as shown' }).click()
    expect(given.at(-1)).toBe(before)
    // The build's own feed is kept as no choice of the person's, so that a later build's applies.
    expect(localStorage.getItem(key)).toBeNull()

    await page.getByRole('button', { name: 'Save another feed' }).click()
    await expect.element(url).toHaveTextContent(OTHER_FEED)
    expect(given.at(-1)).not.toBe(before)
    expect(localStorage.getItem(key)).toBe(OTHER_FEED)
    localStorage.removeItem(key)
  })
})
