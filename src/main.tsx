import '@mantine/core/styles.css'
import { MantineProvider } from '@mantine/core'
import { StrictMode, type ReactNode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from '@/app/app'
import { browserAuthEnvironment, browserSessionChannel } from '@/app/browser-auth-environment'
import { ConfigErrorScreen } from '@/app/config-error-screen'
import { cssVariablesResolver, theme } from '@/app/theme'
import { createAuthClient } from '@/auth/client'
import { readConfig } from '@/auth/config'

const root = createRoot(document.getElementById('root') as HTMLElement)

function renderStandalone(screen: ReactNode) {
  root.render(
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="auto">
      {screen}
    </MantineProvider>,
  )
}

async function boot() {
  const result = readConfig(import.meta.env, window.location.origin)
  if (!result.ok) {
    renderStandalone(<ConfigErrorScreen problems={result.problems} />)
    return
  }
  const { config } = result
  // One client for the page's lifetime: React StrictMode remounts must not repeat its work.
  const client = createAuthClient(config, browserAuthEnvironment())
  if (config.mockApi || config.mode === 'demo') {
    try {
      const [{ startMockWorker }, { mockHandlers }] = await Promise.all([
        import('@/mocks/browser'),
        import('@/mocks/handlers'),
      ])
      await startMockWorker(mockHandlers(config, client, window.localStorage))
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error)
      renderStandalone(
        <ConfigErrorScreen
          problems={[
            { variable: 'VITE_MOCK_API', message: `needs the demo service worker, which did not start: ${reason}` },
          ]}
        />,
      )
      return
    }
  }
  root.render(
    <StrictMode>
      <App config={config} client={client} sessionChannel={browserSessionChannel()} />
    </StrictMode>,
  )
}

void boot()
