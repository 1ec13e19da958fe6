import { useAuth } from '@/state/auth'
import { LoggedOutScreen } from '@/screens/logged-out'
import { Suspense, useEffect } from 'react'
import { LoadingScreen } from './loading-screen'
import { ThemeProvider } from '@/state/theme'
import { appLayout } from './signed-in-chunks'
import { useWorkspaceDeletionAtSignOut } from '@/state/workspace-sign-out'

export interface AuthGateProps {
  /** Runs while the logged-out screen shows (the demo loads its provider's page); may return a cleanup. */
  whileLoggedOut?: () => (() => void) | void
}

/**
 * The application root: loading, logged out (theme default: system), or the
 * signed-in layout (theme default: light).
 */
export function AuthGate({ whileLoggedOut }: AuthGateProps = {}) {
  const auth = useAuth()
  useWorkspaceDeletionAtSignOut()
  const loggedOut = auth.status === 'unauthenticated'
  useEffect(() => (loggedOut ? whileLoggedOut?.() : undefined), [loggedOut, whileLoggedOut])
  if (auth.status === 'authenticated') {
    return (
      <ThemeProvider key="signed-in" defaultTheme="light">
        <Suspense fallback={<LoadingScreen />}>
          <appLayout.Component />
        </Suspense>
      </ThemeProvider>
    )
  }
  return (
    <ThemeProvider key="signed-out" defaultTheme="system">
      {auth.status === 'loading' ? (
        <LoadingScreen />
      ) : (
        <LoggedOutScreen
          onSignIn={() => auth.login()}
          onSignUp={auth.register}
          onDismissProblem={auth.dismissProblem}
          busy={auth.status === 'redirecting'}
          problem={auth.problem}
        />
      )}
    </ThemeProvider>
  )
}
