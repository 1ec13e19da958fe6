import { describe, expect, it } from 'vitest'
import { page, userEvent } from 'vitest/browser'
import { render } from 'vitest-browser-react'
import { followInAppLink } from './in-app-links'

/** Rows of links, each click recorded: where the app went, and whether the browser was left to follow it. */
async function renderLinks() {
  const followed: string[] = []
  const leftToBrowser: string[] = []
  await render(
    <div
      onClick={(event) => {
        followInAppLink(event, (to) => followed.push(to))
        const href = (event.target as Element).closest('a')?.getAttribute('href')
        // The test page must stay: what the app did not take, the test stops and records.
        if (!event.defaultPrevented && href) {
          leftToBrowser.push(href)
          event.preventDefault()
        }
      }}
    >
      <a href="/repository/ledger?tab=vulnerabilities">ledger</a>
      <a href="https://nvd.nist.gov/vuln/detail/CVE-2024-1">advisory</a>
      <a href="//elsewhere.example/path">protocol-relative</a>
      <a href="/repository/atlas" target="_blank">
        new tab
      </a>
    </div>,
  )
  return { followed, leftToBrowser }
}

describe('followInAppLink', () => {
  it('opens a plain click on a link to an address of the app in the app', async () => {
    const { followed, leftToBrowser } = await renderLinks()
    await page.getByRole('link', { name: 'ledger' }).click()
    expect(followed).toEqual(['/repository/ledger?tab=vulnerabilities'])
    expect(leftToBrowser).toEqual([])
  })

  it('leaves other sites, protocol-relative addresses and links to another window to the browser', async () => {
    const { followed, leftToBrowser } = await renderLinks()
    for (const name of ['advisory', 'protocol-relative', 'new tab']) await page.getByRole('link', { name }).click()
    expect(followed).toEqual([])
    expect(leftToBrowser).toEqual([
      'https://nvd.nist.gov/vuln/detail/CVE-2024-1',
      '//elsewhere.example/path',
      '/repository/atlas',
    ])
  })

  it('leaves a click with a modifier (a new tab or window) to the browser', async () => {
    const { followed, leftToBrowser } = await renderLinks()
    const link = page.getByRole('link', { name: 'ledger' })
    for (const modifier of ['Control', 'Shift', 'Meta']) {
      await userEvent.keyboard(`{${modifier}>}`)
      await link.click()
      await userEvent.keyboard(`{/${modifier}}`)
    }
    expect(followed).toEqual([])
    expect(leftToBrowser).toHaveLength(3)
  })
})
