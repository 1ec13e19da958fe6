import { afterEach, describe, expect, it } from 'vitest'
import { render } from 'vitest-browser-react'
import { deleteWorkspace, workspaceName } from '@/workspace/store/schema'
import { useWorkspace, WorkspaceProvider, type WorkspaceIdentity } from './workspace'

const alice = { issuer: 'https://id.test', subject: 'alice' }
const bob = { issuer: 'https://id.test', subject: 'bob' }

afterEach(async () => {
  for (const identity of [alice, bob]) await deleteWorkspace(await workspaceName(identity.issuer, identity.subject))
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
})
