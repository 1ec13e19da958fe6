import { MantineProvider } from '@mantine/core'
import type { VigilConfig } from '@/auth/config'
import { LoggedOutScreen } from '@/screens/logged-out/logged-out-screen'
import { theme } from './theme'

export function App({ config }: { config: VigilConfig }) {
  void config
  return (
    <MantineProvider theme={theme} defaultColorScheme="auto">
      <LoggedOutScreen onSignIn={() => {}} onSignUp={() => {}} />
    </MantineProvider>
  )
}
