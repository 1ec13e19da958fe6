import { describe, expect, it } from 'vitest'
import { renderHook } from 'vitest-browser-react'
import { deleteTestWorkspacesAfterEach, workspaceWithFiles } from '@tests/helpers/workspace'
import { openWorkspace } from '@/workspace/store/open'
import { workspaceName } from '@/workspace/store/workspace-names'
import { readAdvisoryIndex } from '@/workspace/store/reads'
import { useAdvisoryIndexer } from './advisory-indexer'

deleteTestWorkspacesAfterEach()

const osv = (id: string, aliases: string[]) =>
  JSON.stringify({
    results: [
      {
        source: { path: 'package-lock.json', type: 'lockfile' },
        packages: [
          {
            package: { name: 'minimist', version: '1.2.5', ecosystem: 'npm' },
            vulnerabilities: [{ id, aliases, summary: 'Prototype pollution in minimist' }],
          },
        ],
      },
    ],
  })

describe('the advisory indexer', () => {
  it('builds and keeps the advisory index of the workspace in a worker after a change', async () => {
    const identity = await workspaceWithFiles([
      { name: 'osv.json', text: osv('GHSA-xvch-5gv4-984h', ['CVE-2021-44906']), repository: 'shop' },
      { name: 'osv.json', text: osv('CVE-2021-44906', []), repository: 'billing' },
    ])
    const name = await workspaceName(identity.issuer, identity.subject)
    const database = await openWorkspace(name)
    try {
      expect(await readAdvisoryIndex(database)).toBeUndefined()
      const { result } = await renderHook(() => useAdvisoryIndexer(name))
      result.current.keep()
      await expect.poll(() => readAdvisoryIndex(database), { timeout: 10_000 }).toBeDefined()
      const kept = (await readAdvisoryIndex(database))!
      expect(kept.repositories).toEqual(['billing', 'shop'])
      expect(kept.groups.map((group) => [group.id, group.aliases, group.repositories])).toEqual([
        ['CVE-2021-44906', ['GHSA-xvch-5gv4-984h'], 2],
      ])
    } finally {
      database.close()
    }
  })
})
