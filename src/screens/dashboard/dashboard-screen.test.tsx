import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { page } from 'vitest/browser'
import { AuthTestProvider, testAuth } from '@tests/helpers/auth'
import { axeViolations } from '@tests/helpers/axe'
import { startMockWorkerForTests, takeUnhandledRequests, worker } from '@tests/helpers/msw-browser'
import { renderWithProviders } from '@tests/helpers/render'
import { DashboardScreen } from './dashboard-screen'

startMockWorkerForTests()

async function renderDashboard(colorScheme: 'light' | 'dark' = 'light') {
  const auth = testAuth('authenticated', { given_name: 'Ada' })
  return renderWithProviders(
    <AuthTestProvider auth={auth}>
      <DashboardScreen />
    </AuthTestProvider>,
    { colorScheme },
  )
}

const pingTile = () => page.getByRole('region', { name: 'Database ping via the identity provider' })

describe('the mock worker of the browser tests', () => {
  it('records an API request that no handler answers, so that the test fails', async () => {
    await fetch('/api/not-mocked/').catch(() => undefined)
    expect(takeUnhandledRequests()).toEqual([`GET ${location.origin}/api/not-mocked/`])
  })
})

describe('dashboard ping tile', () => {
  it("shows 'Loading ping response...' while the ping is under way", async () => {
    const answers: (() => void)[] = []
    worker.use(
      http.get(
        '*/api/ping/',
        () => new Promise<Response>((answer) => answers.push(() => answer(HttpResponse.json({})))),
      ),
    )
    await renderDashboard()
    await expect.element(pingTile().getByText('Loading ping response...')).toBeVisible()
    await expect.poll(() => answers.length).toBeGreaterThan(0)
    answers.forEach((answer) => answer())
    await expect.element(pingTile()).toHaveTextContent('User ID: N/A')
  })

  it('shows the time as a local date-time and the user ID, sending the bearer token', async () => {
    let authorization: string | null = null
    worker.use(
      http.get('*/api/ping/', ({ request }) => {
        authorization = request.headers.get('Authorization')
        return HttpResponse.json({ current_time: '2026-11-21T10:30:00Z', user_id: 'kp_0123' })
      }),
    )
    await renderDashboard()
    await expect.element(pingTile()).toHaveTextContent(`Time: ${new Date('2026-11-21T10:30:00Z').toLocaleString()}`)
    await expect.element(pingTile()).toHaveTextContent('User ID: kp_0123')
    expect(authorization).toMatch(/^Bearer ey/)
  })

  it('shows N/A for a missing time and user ID', async () => {
    worker.use(http.get('*/api/ping/', () => HttpResponse.json({})))
    await renderDashboard()
    await expect.element(pingTile()).toHaveTextContent('Time: N/A')
    await expect.element(pingTile()).toHaveTextContent('User ID: N/A')
  })

  it("shows 'Error fetching ping response' in red when the API fails, without retrying", async () => {
    let calls = 0
    worker.use(
      http.get('*/api/ping/', () => {
        calls += 1
        return HttpResponse.json({ error: 'down' }, { status: 500 })
      }),
    )
    await renderDashboard()
    const message = pingTile().getByText('Error fetching ping response')
    await expect.element(message).toBeVisible()
    await expect.element(message).toHaveAttribute('data-error', 'API request failed')
    const [red, green, blue] = getComputedStyle(message.element()).color.match(/\d+/g)!.map(Number)
    expect(red).toBeGreaterThan(150)
    expect(Math.max(green, blue)).toBeLessThan(red / 2)
    expect(calls).toBe(1)
  })
})

describe('dashboard summary', () => {
  it('summarises vulnerabilities by severity, violations by enforcement and ranks repositories by risk', async () => {
    worker.use(
      http.get('*/api/ping/', () => HttpResponse.json({ current_time: '2026-11-21T10:30:00Z', user_id: 'kp_1' })),
    )
    await renderDashboard()
    const vulnerabilities = page.getByRole('region', { name: 'Open vulnerabilities' })
    await expect.element(vulnerabilities).toHaveTextContent(/^Open vulnerabilities11Critical4High5Medium1Low1$/)
    const violations = page.getByRole('region', { name: 'Policy violations' })
    await expect.element(violations).toHaveTextContent(/^Policy violations4Mandatory2Recommended1Optional1$/)
    const risk = page.getByRole('region', { name: 'Repositories by risk' })
    const rows = risk.getByRole('row')
    await expect.element(rows.nth(1)).toHaveTextContent(/^1atlas-storefront28/)
    await expect.element(rows.nth(5)).toHaveTextContent(/^5aurora-dashboard0/)
    await expect.element(risk.getByRole('link', { name: 'nexus-api' })).toHaveAttribute('href', '/repository/nexus-api')
    await expect.element(pingTile()).toHaveTextContent('User ID: kp_1')
  })

  it.each(['light', 'dark'] as const)('has no axe-core violations (%s)', async (scheme) => {
    worker.use(
      http.get('*/api/ping/', () => HttpResponse.json({ current_time: '2026-11-21T10:30:00Z', user_id: 'kp_1' })),
    )
    await renderDashboard(scheme)
    await expect.element(pingTile()).toHaveTextContent('User ID: kp_1')
    expect(await axeViolations()).toEqual([])
  })
})
