// The configuration error screen's own chunk: Mantine and the styles of the components it draws,
// which the first screens (logged out, loading) do without.
import '@mantine/core/styles/Alert.css'
import '@mantine/core/styles/Code.css'
import '@mantine/core/styles/Container.css'
import '@mantine/core/styles/List.css'
import '@mantine/core/styles/Stack.css'
import '@mantine/core/styles/Text.css'
import '@mantine/core/styles/Title.css'
import type { ConfigProblem } from '@/config/config'
import { VigilMantineProvider } from '@/state/vigil-mantine-provider'
import { ConfigErrorScreen } from './config-error-screen'

/** The configuration error screen as a whole page, in the system's colour scheme. */
export function ConfigErrorPage({ problems }: { problems: ConfigProblem[] }) {
  return (
    <VigilMantineProvider defaultColorScheme="auto">
      <ConfigErrorScreen problems={problems} />
    </VigilMantineProvider>
  )
}
