import { unzipSync } from 'fflate'
import { afterEach, describe, expect, it } from 'vitest'
import { page, userEvent } from 'vitest/browser'
import { axeViolations } from '@tests/helpers/axe'
import { captureDownloads } from '@tests/helpers/downloads'
import { renderWithProviders } from '@tests/helpers/render'
import { logOf } from '@tests/helpers/triage'
import { deleteTestWorkspacesAfterEach, workspaceWithExamples } from '@tests/helpers/workspace'
import { recordDecisionEntries } from '@/workspace/store/decisions'
import { writeFeedState } from '@/workspace/store/feed-records'
import { openWorkspace } from '@/workspace/store/open'
import { workspaceName } from '@/workspace/store/workspace-names'
import { RepositoryDetailsScreen } from './repository-details-screen'

deleteTestWorkspacesAfterEach()

let restoreDownloads: (() => void) | undefined
afterEach(() => {
  restoreDownloads?.()
  restoreDownloads = undefined
})

async function renderImported(name: string, tab: string, colorScheme: 'light' | 'dark' = 'light') {
  const workspace = await workspaceWithExamples()
  return renderWithProviders(<RepositoryDetailsScreen repoName={name} />, {
    path: `/repository/${name}?tab=${tab}`,
    source: 'workspace',
    workspace,
    colorScheme,
  })
}

const dialog = () => page.getByRole('dialog', { name: /^Decide on/ })
const crypto = () => page.getByRole('article', { name: /golang.org\/x\/crypto|CVE-2024-45337/ }).first()
const nextYear = `${new Date().getUTCFullYear() + 1}-06-30`

async function openDecision() {
  await page.getByRole('button', { name: 'Decide on CVE-2024-45337 in golang.org/x/crypto' }).click()
  await expect.element(dialog()).toBeVisible()
}

describe('deciding on a repository page', () => {
  it('shows each finding as needing triage, and asks for the reason and expiry of an accepted risk next to the fields', async () => {
    await renderImported('payments-api', 'vulnerabilities')
    await expect.element(crypto()).toHaveTextContent('Needs triage')
    await expect
      .element(page.getByRole('status').filter({ hasText: 'need triage' }))
      .toHaveTextContent(/\d+ need triage, 0 decided/)
    await openDecision()
    await dialog()
      .getByRole('radio', { name: /Accepted risk/ })
      .click()
    await dialog().getByRole('button', { name: 'Review' }).click()
    await expect
      .element(dialog().getByRole('textbox', { name: 'Reason' }))
      .toHaveAccessibleDescription(/Write why the team accepts the risk\./)
    await expect
      .element(dialog().getByLabelText('Expires on'))
      .toHaveAccessibleDescription(/Choose the day the accepted risk expires/)
    await dialog().getByRole('textbox', { name: 'Reason' }).fill('Only reachable from the admin network')
    await dialog().getByLabelText('Expires on').fill(nextYear)
    await dialog().getByRole('button', { name: 'Review' }).click()
    await expect.element(dialog()).toHaveTextContent('Mark 1 finding as Accepted risk')
    await dialog().getByRole('button', { name: 'Confirm' }).click()
    await expect.element(dialog().getByRole('status')).toHaveTextContent('Saved 1 decision for 1 finding.')
    await dialog().getByRole('button', { name: 'Done' }).click()
    await expect.element(crypto()).toHaveTextContent('Accepted risk')
    await expect.element(page.getByRole('status').filter({ hasText: 'need triage' })).toHaveTextContent(/1 decided/)
  })

  it('marks a decision the team’s feed has not published, on the finding and in its history', async () => {
    const workspace = await workspaceWithExamples()
    const database = await openWorkspace(await workspaceName(workspace.issuer, workspace.subject))
    await writeFeedState(database, {
      manifestUrl: 'https://feed.example.com/vigil/manifest.json',
      repositories: [],
      teamFiles: [{ url: 'https://feed.example.com/vigil/vigil-decisions.json', decisionIds: [] }],
    })
    database.close()
    await renderWithProviders(<RepositoryDetailsScreen repoName="payments-api" />, {
      path: '/repository/payments-api?tab=vulnerabilities',
      source: 'workspace',
      workspace,
    })
    await expect.element(crypto()).toHaveTextContent('Needs triage')
    await expect.element(crypto()).not.toHaveTextContent('not published')
    await openDecision()
    await dialog()
      .getByRole('radio', { name: /In triage/ })
      .click()
    await dialog().getByRole('button', { name: 'Review' }).click()
    await dialog().getByRole('button', { name: 'Confirm' }).click()
    await dialog().getByRole('button', { name: 'Done' }).click()
    await expect.element(crypto()).toHaveTextContent('In triage')
    await expect.element(crypto()).toHaveTextContent('not published')
    expect(await axeViolations()).toEqual([])
    await page.getByRole('button', { name: 'History of CVE-2024-45337 in golang.org/x/crypto' }).click()
    const history = page.getByRole('dialog', { name: /^History of/ })
    await expect.element(history).toHaveTextContent('not published')
    await expect.element(history.getByRole('button', { name: 'Close the history' })).toBeVisible()
  })

  it('refuses "not affected" without one of the five justifications', async () => {
    await renderImported('payments-api', 'vulnerabilities')
    await openDecision()
    await dialog()
      .getByRole('radio', { name: /Not affected/ })
      .click()
    await dialog().getByRole('button', { name: 'Review' }).click()
    await expect
      .element(dialog().getByRole('combobox', { name: 'Justification' }))
      .toHaveAccessibleDescription(/choose one of the five justifications/)
    await dialog().getByRole('combobox', { name: 'Justification' }).click()
    await page.getByRole('option', { name: 'The vulnerable code is never run' }).click()
    await dialog().getByRole('button', { name: 'Review' }).click()
    await expect.element(dialog().getByRole('button', { name: 'Confirm' })).toBeVisible()
  })

  it('decides an advisory in every repository, shows it in the history with who and why, and undoes it', async () => {
    await renderImported('payments-api', 'vulnerabilities')
    await openDecision()
    await dialog()
      .getByRole('radio', { name: /In triage/ })
      .click()
    await dialog().getByRole('textbox', { name: 'Reason' }).fill('Checking the SSH server')
    await dialog().getByRole('radio', { name: 'This advisory in every repository, present and future' }).click()
    await dialog().getByRole('button', { name: 'Review' }).click()
    await dialog().getByRole('button', { name: 'Confirm' }).click()
    await expect.element(dialog().getByRole('status')).toHaveTextContent('Saved 1 decision')
    await dialog().getByRole('button', { name: 'Done' }).click()
    await expect.element(crypto()).toHaveTextContent('In triage')

    await page.getByRole('button', { name: 'History of CVE-2024-45337 in golang.org/x/crypto' }).click()
    const history = page.getByRole('dialog', { name: /^History of/ })
    await expect.element(history).toHaveTextContent('Needs triage → In triage, for CVE-2024-45337 in every repository')
    await expect.element(history).toHaveTextContent('by Test Person')
    await expect.element(history).toHaveTextContent('“Checking the SSH server”')
    await userEvent.keyboard('{Escape}')

    await openDecision()
    await dialog().getByRole('radio', { name: /Fixed/ }).click()
    await dialog().getByRole('button', { name: 'Review' }).click()
    await dialog().getByRole('button', { name: 'Confirm' }).click()
    await expect.element(crypto()).toHaveTextContent('Fixed')
    await dialog().getByRole('button', { name: 'Undo' }).click()
    await expect
      .element(dialog().getByRole('status'))
      .toHaveTextContent('Undone: 1 decision back to what it was before.')
    await dialog().getByRole('button', { name: 'Done' }).click()
    await expect.element(crypto()).toHaveTextContent('In triage')
  })

  it('decides on a rule’s findings under a path pattern, refusing an empty pattern', async () => {
    await renderImported('atlas-web', 'policy-issues')
    const rule = page.getByRole('article', { name: 'HTML set from user input without sanitising' })
    await rule.getByRole('button', { name: /^Decide on/ }).click()
    await expect.element(dialog()).toHaveTextContent('2 findings chosen.')
    await dialog()
      .getByRole('radio', { name: /False positive/ })
      .click()
    await dialog().getByRole('checkbox', { name: 'Used in tests only' }).click()
    await dialog().getByRole('radio', { name: 'Files matching a path pattern in this repository' }).click()
    await dialog().getByRole('button', { name: 'Review' }).click()
    await expect
      .element(dialog().getByRole('textbox', { name: 'Path pattern' }))
      .toHaveAccessibleDescription(/Write a path pattern, such as test\/\*\*/)
    await dialog().getByRole('textbox', { name: 'Path pattern' }).fill('src/components/**')
    await dialog().getByRole('button', { name: 'Review' }).click()
    await dialog().getByRole('button', { name: 'Confirm' }).click()
    await expect.element(dialog().getByRole('status')).toHaveTextContent('Saved 1 decision for 2 findings.')
    await dialog().getByRole('button', { name: 'Done' }).click()
    await expect.element(rule).toHaveTextContent('False positive')
    await page.getByRole('combobox', { name: 'Decision' }).click()
    await page.getByRole('option', { name: 'Needs triage' }).click()
    await expect.element(rule).not.toBeInTheDocument()
  })

  it('downloads the repository’s decisions for the scanners as a zip', async () => {
    const captured = captureDownloads()
    restoreDownloads = captured.restore
    await renderImported('payments-api', 'vulnerabilities')
    await page.getByRole('button', { name: 'Download decisions for scanners' }).click()
    await expect.poll(() => captured.downloads.length).toBe(1)
    const [download] = captured.downloads
    expect(download.filename).toBe('vigil-decisions-payments-api.zip')
    const files = Object.keys(unzipSync(new Uint8Array(await download.blob.arrayBuffer())))
    expect(files).toContain('vigil-decisions.json')
  })

  it('marks an accepted risk past its expiry "expired decision" and a decision on a finding now more severe "review"', async () => {
    const workspace = await workspaceWithExamples()
    const database = await openWorkspace(await workspaceName(workspace.issuer, workspace.subject))
    await recordDecisionEntries(
      database,
      logOf([
        {
          state: 'accepted-risk',
          expiresOn: '2026-01-02',
          reason: 'Until the upgrade',
          scope: { kind: 'advisory', repository: 'payments-api', advisoryId: 'CVE-2024-45337' },
          severity: 'Critical',
        },
        {
          state: 'in-triage',
          reason: 'Looking',
          scope: { kind: 'advisory', repository: 'payments-api', advisoryId: 'CVE-2023-45288' },
          severity: 'Low',
        },
      ]),
      new Date('2026-01-01T00:00:00Z'),
    )
    database.close()
    await renderWithProviders(<RepositoryDetailsScreen repoName="payments-api" />, {
      path: '/repository/payments-api?tab=vulnerabilities',
      source: 'workspace',
      workspace,
    })
    await expect.element(crypto()).toHaveTextContent('Needs triage')
    await expect.element(crypto()).toHaveTextContent('expired decision')
    const net = page.getByRole('article').filter({ hasText: 'CVE-2023-45288' })
    await expect.element(net).toHaveTextContent('In triage')
    await expect.element(net).toHaveTextContent('review')
  })

  it.each(['light', 'dark'] as const)('has no accessibility violations with the dialog open (%s)', async (scheme) => {
    await renderImported('payments-api', 'vulnerabilities', scheme)
    await expect.element(crypto()).toHaveTextContent('Needs triage')
    expect(await axeViolations()).toEqual([])
    await openDecision()
    await dialog()
      .getByRole('radio', { name: /Not affected/ })
      .click()
    await dialog().getByRole('button', { name: 'Review' }).click()
    expect(await axeViolations()).toEqual([])
  })
})
