import { userProfile } from '../../src/auth/claims'
import { ChunkedStore } from '../../src/auth/session-store'
import { openWorkspace, workspaceName, type WorkspaceDatabase } from '../../src/workspace/store/schema'

/** The workspace of the user signed in to Vigil in this browser (same origin). */
export async function openSignedInWorkspace(): Promise<WorkspaceDatabase> {
  const user = userProfile(new ChunkedStore(localStorage).get('idToken'))
  if (!user) throw new Error('Sign in to Vigil in this browser first')
  return openWorkspace(await workspaceName(user.issuer ?? '', user.id))
}
