import { afterEach } from 'vitest'
import type { WorkspaceIdentity } from '@/state/workspace'
import { exampleFiles, fetchExampleFiles } from '@/workspace/import/examples'
import { importFile } from '@/workspace/import/import-file'
import { deleteWorkspace, workspaceName } from '@/workspace/store/workspace-names'
import { openWorkspace } from '@/workspace/store/open'
import { recordDecisionEntries } from '@/workspace/store/decisions'
import { recordDecisions } from '@/workspace/triage/decision-log'
import { grypeScannedAgo } from './scanned-ago'
import { repositoryFromPath } from '@/workspace/model/repository-name'

const created: WorkspaceIdentity[] = []

/** A workspace of its own for each test, deleted afterwards. */
export function deleteTestWorkspacesAfterEach() {
  afterEach(async () => {
    for (const identity of created.splice(0)) {
      await deleteWorkspace(await workspaceName(identity.issuer, identity.subject))
    }
  })
}

/** A new identity (or the one given) whose workspace holds the example files (all of them, or those given). */
export async function workspaceWithExamples(
  paths: readonly string[] = exampleFiles,
  identity: WorkspaceIdentity = { issuer: 'https://id.test', subject: crypto.randomUUID() },
): Promise<WorkspaceIdentity> {
  created.push(identity)
  const database = await openWorkspace(await workspaceName(identity.issuer, identity.subject))
  for (const { path, blob } of await fetchExampleFiles()) {
    if (!paths.some((wanted) => path.endsWith(wanted))) continue
    await importFile(
      database,
      { name: path, blob, repository: repositoryFromPath(path), repositoryFromFolder: true },
      () => {},
    )
  }
  database.close()
  return identity
}

/** A new identity whose workspace holds the given files, each imported into its repository. */
export async function workspaceWithFiles(
  files: { name: string; text: string; repository: string }[],
): Promise<WorkspaceIdentity> {
  const identity = { issuer: 'https://id.test', subject: crypto.randomUUID() }
  created.push(identity)
  const database = await openWorkspace(await workspaceName(identity.issuer, identity.subject))
  for (const { name, text, repository } of files) {
    await importFile(database, { name, blob: new Blob([text]), repository }, () => {})
  }
  database.close()
  return identity
}

/**
 * A workspace whose one finding (billing's CVE-2021-44228) was decided fixed in a bulk step, its
 * counts left waiting to be settled; its database open (the caller closes it).
 */
export async function workspaceWithBillingDecided() {
  const identity = await workspaceWithFiles([
    { name: 'billing/grype.json', text: grypeScannedAgo(3, 'CVE-2021-44228'), repository: 'billing' },
  ])
  const name = await workspaceName(identity.issuer, identity.subject)
  const database = await openWorkspace(name)
  const fixed = recordDecisions(
    [],
    [
      {
        decision: {
          state: 'fixed',
          reason: 'Upgraded.',
          scope: { kind: 'advisory', repository: 'billing', advisoryId: 'CVE-2021-44228' },
        },
        severity: 'Critical',
      },
    ],
    { by: { name: 'Test', issuer: identity.issuer, subject: identity.subject }, at: new Date().toISOString() },
  )
  await recordDecisionEntries(database, fixed, undefined, { counts: 'later' })
  return { identity, name, database }
}
