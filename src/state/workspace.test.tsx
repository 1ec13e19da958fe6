import { afterEach, describe, expect, it } from 'vitest'
import { render } from 'vitest-browser-react'
import { importFile } from '@/workspace/import-file'
import { recordDecisionEntries } from '@/workspace/store/decisions'
import { deleteWorkspace, openWorkspace, workspaceName } from '@/workspace/store/schema'
import { recordDecisions } from '@/workspace/triage/decision-log'
import { useWorkspace, WorkspaceProvider, type WorkspaceIdentity } from './workspace'

const alice = { issuer: 'https://id.test', subject: 'alice' }
const bob = { issuer: 'https://id.test', subject: 'bob' }
// Each test its own identity: a workspace deleted between tests leaves its closed connection cached.
const carol = { issuer: 'https://id.test', subject: 'carol' }

afterEach(async () => {
  for (const identity of [alice, bob, carol])
    await deleteWorkspace(await workspaceName(identity.issuer, identity.subject))
})

describe('the workspace provider', () => {
  it('never names the previous identity’s workspace once another identity signs in (from another tab)', async () => {
    const seen: { identity: string; databaseName?: string }[] = []
    function Probe({ identity }: { identity: WorkspaceIdentity }) {
      seen.push({ identity: identity.subject, databaseName: useWorkspace().databaseName })
      return null
    }
    const screen = await render(
      <WorkspaceProvider identity={alice}>
        <Probe identity={alice} />
      </WorkspaceProvider>,
    )
    const aliceName = await workspaceName(alice.issuer, alice.subject)
    await expect.poll(() => seen.at(-1)?.databaseName).toBe(aliceName)
    await screen.rerender(
      <WorkspaceProvider identity={bob}>
        <Probe identity={bob} />
      </WorkspaceProvider>,
    )
    const bobName = await workspaceName(bob.issuer, bob.subject)
    await expect.poll(() => seen.at(-1)?.databaseName).toBe(bobName)
    expect(seen.filter((render) => render.identity === 'bob').map((render) => render.databaseName)).not.toContain(
      aliceName,
    )
  })

  it('brings up to date, when it reads the workspace, the counts a bulk decision cut short left waiting', async () => {
    const name = await workspaceName(carol.issuer, carol.subject)
    const database = await openWorkspace(name)
    const grype = JSON.stringify({
      matches: [
        {
          vulnerability: { id: 'CVE-2026-1001', severity: 'High', fix: { versions: [], state: 'unknown' } },
          artifact: { name: 'lodash', version: '1.0.0', type: 'npm', locations: [{ path: '/package-lock.json' }] },
        },
      ],
      source: { type: 'directory', target: '.' },
      descriptor: { name: 'grype', version: '0.80.0', timestamp: '2026-11-20T10:00:00Z' },
    })
    await importFile(
      database,
      { name: 'payments/grype.json', blob: new Blob([grype]), repository: 'payments', repositoryFromFolder: true },
      () => {},
    )
    const [fixed] = recordDecisions(
      [],
      [
        {
          decision: {
            state: 'fixed',
            reason: 'Upgraded.',
            scope: { kind: 'advisory', repository: 'payments', advisoryId: 'CVE-2026-1001' },
          },
          severity: 'High',
        },
      ],
      { by: { name: 'Carol', issuer: carol.issuer, subject: carol.subject }, at: '2026-11-21T09:00:00Z' },
    )
    // The step's first part, and no last one: the tab closed mid-step.
    await recordDecisionEntries(database, [fixed], undefined, { counts: 'later' })
    expect((await database.get('repositories', 'payments'))?.triage).toBeUndefined()

    let summaries: ReturnType<typeof useWorkspace>['summaries']
    function Probe() {
      summaries = useWorkspace().summaries
      return null
    }
    await render(
      <WorkspaceProvider identity={carol}>
        <Probe />
      </WorkspaceProvider>,
    )
    await expect
      .poll(() => summaries?.find((summary) => summary.name === 'payments')?.triage)
      .toMatchObject({
        decided: 1,
        needsTriage: 0,
        counts: { vulnerabilities: 0 },
      })
  })
})
