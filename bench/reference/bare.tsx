import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'

/** The smallest React page: the bench's yardstick for size and start-up time. */
createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <main>
      <h1>Bare React page</h1>
      <button type="button">Sign in</button>
    </main>
  </StrictMode>,
)
