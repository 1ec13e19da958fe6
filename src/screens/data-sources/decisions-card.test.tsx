import { strFromU8, unzipSync } from 'fflate'
import { afterEach, describe, expect, it } from 'vitest'
import { page } from 'vitest/browser'
import { axeViolations } from '@tests/helpers/axe'
import { captureDownloads } from '@tests/helpers/downloads'
import { renderWithProviders } from '@tests/helpers/render'
import { alice, logOf } from '@tests/helpers/triage'
import { deleteTestWorkspacesAfterEach, workspaceWithExamples } from '@tests/helpers/workspace'
import type { WorkspaceIdentity } from '@/state/workspace'
import { recordDecisionEntries } from '@/workspace/store/decisions'
import { writeFeedState } from '@/workspace/store/feed-records'
import { openWorkspace } from '@/workspace/store/open'
import { workspaceName } from '@/workspace/store/workspace-names'
import { readDecisionsFile } from '@/workspace/triage/decisions-file'
import { DataSourcesScreen } from './data-sources-screen'

deleteTestWorkspacesAfterEach()

let restore: (() => void) | undefined
afterEach(() => {
  restore?.()
  restore = undefined
})

const log = logOf([
  {
    state: 'not-affected',
    justification: 'vulnerable_code_not_in_execute_path',
    reason: 'The SSH server is not used',
    scope: { kind: 'advisory', repository: 'payments-api', advisoryId: 'CVE-2024-45337' },
  },
  { state: 'fixed', reason: 'Upgraded long ago', scope: { kind: 'advisory', advisoryId: 'CVE-1999-0001' } },
])

/** The example workspace with the log; `published`: the ids a synced feed's decisions file held. */
async function workspaceWithDecisions(published?: string[]): Promise<WorkspaceIdentity> {
  const identity = await workspaceWithExamples()
  const database = await openWorkspace(await workspaceName(identity.issuer, identity.subject))
  await recordDecisionEntries(database, log)
  if (published) {
    await writeFeedState(database, {
      manifestUrl: 'https://feed.example.com/vigil/manifest.json',
      repositories: [],
      teamFiles: [{ url: 'https://feed.example.com/vigil/vigil-decisions.json', decisionIds: published }],
    })
  }
  database.close()
  return identity
}

const card = () => page.getByRole('region', { name: 'Decisions' })

describe('the decisions card', () => {
  it('counts the decisions and lists those that match no finding as stale', async () => {
    await renderWithProviders(<DataSourcesScreen />, { workspace: await workspaceWithDecisions() })
    await expect.element(page.getByTestId('decisions-status')).toHaveTextContent('2 decisions logged by 1 person.')
    const stale = card().getByRole('list', { name: 'Stale decisions' })
    await expect.element(stale).toHaveTextContent('Fixed for CVE-1999-0001 in every repository, by Alice')
    await expect.element(stale).not.toHaveTextContent('CVE-2024-45337')
  })

  it('counts the decisions the team’s feed has not published, with the way to publish them', async () => {
    await renderWithProviders(<DataSourcesScreen />, { workspace: await workspaceWithDecisions([log[0].id]) })
    await expect
      .element(page.getByTestId('decisions-unpublished'))
      .toHaveTextContent(/^1 decision not published: the team's feed does not have it yet\./)
    await expect
      .element(page.getByTestId('decisions-unpublished'))
      .toHaveTextContent('--decisions vigil-decisions.json')
    await expect.element(card().getByRole('button', { name: 'Download decisions file' })).toBeEnabled()
  })

  it('says nothing of publishing when the feed holds every decision, or when no feed names a decisions file', async () => {
    await renderWithProviders(<DataSourcesScreen />, {
      workspace: await workspaceWithDecisions(log.map((entry) => entry.id)),
    })
    await expect.element(page.getByTestId('decisions-status')).toHaveTextContent('2 decisions logged by 1 person.')
    await expect.element(page.getByTestId('decisions-unpublished')).not.toBeInTheDocument()
  })

  it('downloads the decisions file, the audit log and the scanners’ files', async () => {
    const captured = captureDownloads()
    restore = captured.restore
    await renderWithProviders(<DataSourcesScreen />, { workspace: await workspaceWithDecisions() })
    await expect.element(page.getByTestId('decisions-status')).toHaveTextContent('2 decisions')
    await card().getByRole('button', { name: 'Download decisions file' }).click()
    await card().getByRole('button', { name: 'Download audit log' }).click()
    await card().getByRole('button', { name: 'Download for scanners (zip)' }).click()
    await expect.poll(() => captured.downloads.length).toBe(3)
    const [file, audit, zip] = captured.downloads
    expect(file.filename).toBe('vigil-decisions.json')
    expect(readDecisionsFile(await file.blob.text()).decisions.map((entry) => entry.id)).toEqual(
      log.map((entry) => entry.id),
    )
    expect(audit.filename).toBe('vigil-decision-log.csv')
    const lines = (await audit.blob.text()).trim().split('\r\n')
    expect(lines).toHaveLength(3)
    expect(lines[1]).toContain(`${alice.name},${alice.issuer},${alice.subject}`)
    expect(lines[1]).toContain('The SSH server is not used')
    expect(zip.filename).toBe('vigil-decisions.zip')
    const unzipped = unzipSync(new Uint8Array(await zip.blob.arrayBuffer()))
    expect(Object.keys(unzipped)).toContain('payments-api/vigil.openvex.json')
    expect(strFromU8(unzipped['payments-api/vigil.openvex.json'])).toContain('vulnerable_code_not_in_execute_path')
  })

  it.each(['light', 'dark'] as const)('has no accessibility violations (%s)', async (colorScheme) => {
    await renderWithProviders(<DataSourcesScreen />, { workspace: await workspaceWithDecisions([]), colorScheme })
    await expect.element(page.getByTestId('decisions-unpublished')).toBeVisible()
    await expect.element(card().getByRole('list', { name: 'Stale decisions' })).toBeVisible()
    expect(await axeViolations()).toEqual([])
  })
})
