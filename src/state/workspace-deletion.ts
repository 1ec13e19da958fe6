import { deleteWorkspace, workspaceName } from '@/workspace/store/workspace-names'
import { readPersonal } from './personal-settings'

// Apart from the workspace's provider: every tab runs the deletion at sign-out from its first
// screen, which should not bring the store, the triage and the history along.

export interface WorkspaceIdentity {
  issuer: string
  subject: string
}

export const CLEAR_ON_SIGN_OUT_KEY = 'vigil-clear-workspace-on-sign-out'

/** The open databases by name, one connection each, which a deletion closes first. */
export const workspaceConnections = new Map<string, Promise<{ close: () => void }>>()

export async function closeConnection(name: string): Promise<void> {
  const database = workspaceConnections.get(name)
  workspaceConnections.delete(name)
  ;(await database?.catch(() => undefined))?.close()
}

/** The person's choice to delete their workspace when they sign out, and when their session ends. */
export function readClearOnSignOut(name: string): boolean {
  return readPersonal(CLEAR_ON_SIGN_OUT_KEY, name, 'move') === 'true'
}

/**
 * Deletes an identity's workspace if that person asked for it at sign-out: run in every tab when
 * the session leaves it (a sign-out here or in another tab, a session that ended after a failed
 * refresh, another person signing in). Open connections close as the deletion asks them to.
 */
export async function deleteWorkspaceIfChosen(identity: WorkspaceIdentity): Promise<boolean> {
  if (typeof indexedDB === 'undefined') return false
  const name = await workspaceName(identity.issuer, identity.subject)
  if (!readClearOnSignOut(name)) return false
  await closeConnection(name)
  await deleteWorkspace(name)
  return true
}
