import { useAuth } from '@/api/auth'
import { LoggedOutScreen } from '@/screens/logged-out/logged-out-screen'
import { AppLayout } from './layout/app-layout'
import { LoadingScreen } from './loading-screen'
import { ThemeProvider } from './theme-provider'

/**
 * The application root of SPEC.md §2: loading, logged out (theme default: system), or the
 * signed-in layout (theme default: light).
 */
export function AuthGate() {
  const auth = useAuth()
  if (auth.status === 'authenticated') {
    return (
      <ThemeProvider key="signed-in" defaultTheme="light">
        <AppLayout />
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
          busy={auth.status === 'redirecting'}
          problem={auth.problem}
        />
      )}
    </ThemeProvider>
  )
}
