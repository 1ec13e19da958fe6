import { userProfile } from '../../src/auth/claims'
import { ChunkedStore } from '../../src/auth/session-store'
import { openWorkspace } from '../../src/workspace/store/open'
import { workspaceName } from '../../src/workspace/store/workspace-names'
import type { WorkspaceDatabase } from '../../src/workspace/store/records'

/** The workspace of the user signed in to Vigil in this browser (same origin). */
export async function openSignedInWorkspace(): Promise<WorkspaceDatabase> {
  const user = userProfile(new ChunkedStore(localStorage).get('idToken'))
  if (!user) throw new Error('Sign in to Vigil in this browser first')
  return openWorkspace(await workspaceName(user.issuer ?? '', user.id))
}
