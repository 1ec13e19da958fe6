import { useAuth } from '@/state/auth'
import { LoggedOutScreen } from '@/screens/logged-out/logged-out-screen'
import { Suspense } from 'react'
import { LoadingScreen } from './loading-screen'
import { ThemeProvider } from '@/state/theme'
import { appLayout } from './signed-in-chunks'

/**
 * The application root of SPEC.md §2: loading, logged out (theme default: system), or the
 * signed-in layout (theme default: light).
 */
export function AuthGate() {
  const auth = useAuth()
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
