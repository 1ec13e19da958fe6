import { useEffect, useRef } from 'react'
import { userProfile } from '@/auth/claims'
import { useAuth, useStoredSession } from './auth'
import { deleteWorkspaceIfChosen, type WorkspaceIdentity } from './workspace-deletion'

const same = (a: WorkspaceIdentity | undefined, b: WorkspaceIdentity) =>
  !!a && a.subject === b.subject && a.issuer === b.issuer

function identityOf(idToken: string | undefined): WorkspaceIdentity | undefined {
  const user = userProfile(idToken)
  return user && { issuer: user.issuer ?? '', subject: user.id }
}

/**
 * Runs the deletion a person chose ("Delete my workspace when I sign out") whenever their session
 * ends in this tab: a sign-out here or in another tab, a refresh the provider refused (while the
 * tab is open, or as it opens and finds the stored session ended), or another person signing in
 * elsewhere. A refresh that failed for a passing reason signs this tab out but leaves the session
 * stored, for the other tabs and the next load: the workspace stays. Every tab runs it; deleting
 * twice is harmless.
 */
export function useWorkspaceDeletionAtSignOut(): void {
  const { status, user } = useAuth()
  const storedSession = useStoredSession()
  const subject = user?.id
  const issuer = user?.issuer ?? ''
  const last = useRef<WorkspaceIdentity>(undefined)
  useEffect(() => {
    const previous = last.current
    last.current = subject ? { issuer, subject } : undefined
    if (!previous || same(last.current, previous)) return
    const signingOutHere = status === 'redirecting'
    if (!subject && !signingOutHere && same(identityOf(storedSession()?.idToken), previous)) return
    deleteWorkspaceIfChosen(previous).catch((error: unknown) =>
      console.warn(`Vigil could not delete the workspace at sign-out: ${String(error)}`),
    )
  }, [status, issuer, subject, storedSession])
}
