import { useAuth } from '@/state/auth'
import { LoggedOutScreen } from '@/screens/logged-out/logged-out-screen'
import { lazy, Suspense } from 'react'
import { LoadingScreen } from './loading-screen'
import { ThemeProvider } from '@/state/theme'

// The signed-in layout and its screens are not part of the first screen.
const AppLayout = lazy(() => import('./layout/app-layout').then((module) => ({ default: module.AppLayout })))

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
          <AppLayout />
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
