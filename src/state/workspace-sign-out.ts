import { useEffect, useRef } from 'react'
import { useAuth } from './auth'
import { deleteWorkspaceIfChosen, type WorkspaceIdentity } from './workspace'

/**
 * Runs the deletion a person chose ("Delete my workspace when I sign out") whenever their session
 * leaves this tab: a sign-out here or in another tab, a session that ended after a failed
 * refresh, or another person signing in elsewhere. Every tab runs it; deleting twice is harmless.
 */
export function useWorkspaceDeletionAtSignOut(): void {
  const { status, user } = useAuth()
  const subject = status === 'authenticated' ? user?.id : undefined
  const issuer = user?.issuer ?? ''
  const last = useRef<WorkspaceIdentity>(undefined)
  useEffect(() => {
    const previous = last.current
    if (status === 'loading') return
    last.current = subject ? { issuer, subject } : undefined
    if (previous && (previous.subject !== subject || previous.issuer !== issuer)) {
      deleteWorkspaceIfChosen(previous).catch((error: unknown) =>
        console.warn(`Vigil could not delete the workspace at sign-out: ${String(error)}`),
      )
    }
  }, [status, issuer, subject])
}
