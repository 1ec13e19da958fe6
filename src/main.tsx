import '@mantine/core/styles.css'
import { MantineProvider } from '@mantine/core'
import { StrictMode, type ReactNode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from '@/app/app'
import { ConfigErrorScreen } from '@/app/config-error-screen'
import { theme } from '@/app/theme'
import { readConfig } from '@/auth/config'

const root = createRoot(document.getElementById('root') as HTMLElement)

function renderStandalone(screen: ReactNode) {
  root.render(
    <MantineProvider theme={theme} defaultColorScheme="auto">
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
  if (config.mockApi || config.mode === 'demo') {
    try {
      const [{ startMockWorker }, { mockHandlers }] = await Promise.all([
        import('@/mocks/browser'),
        import('@/mocks/handlers'),
      ])
      await startMockWorker(mockHandlers(config))
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
      <App config={config} />
    </StrictMode>,
  )
}

void boot()
