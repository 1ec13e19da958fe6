import { useAuth } from '@/api/auth'
import { LoggedOutScreen } from '@/screens/logged-out/logged-out-screen'
import { AppLayout } from './layout/app-layout'
import { LoadingScreen } from './loading-screen'

/** The application root of SPEC.md §2: loading, logged out, or the signed-in layout. */
export function AuthGate() {
  const auth = useAuth()
  if (auth.status === 'loading') return <LoadingScreen />
  if (auth.status === 'authenticated') return <AppLayout />
  return (
    <LoggedOutScreen
      onSignIn={() => auth.login()}
      onSignUp={auth.register}
      busy={auth.status === 'redirecting'}
      problem={auth.problem}
    />
  )
}
