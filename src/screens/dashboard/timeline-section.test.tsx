import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { page } from 'vitest/browser'
import { AuthTestProvider, testAuth } from '@tests/helpers/auth'
import { axeViolations } from '@tests/helpers/axe'
import { startMockWorkerForTests, worker } from '@tests/helpers/msw-browser'
import { renderWithProviders } from '@tests/helpers/render'
import { deleteTestWorkspacesAfterEach, workspaceWithFiles } from '@tests/helpers/workspace'
import { DashboardScreen } from './dashboard-screen'

startMockWorkerForTests()
deleteTestWorkspacesAfterEach()

const DAY = 86_400_000

/** A Grype scan `daysAgo` days before now reporting the advisories given, each Critical or High. */
const grype = (daysAgo: number, matches: [id: string, severity: 'Critical' | 'High'][]) =>
  JSON.stringify({
    descriptor: { name: 'grype', timestamp: new Date(Date.now() - daysAgo * DAY).toISOString() },
    matches: matches.map(([id, severity]) => ({
      vulnerability: { id, severity, description: `${id} in log4j` },
      artifact: { name: `lib-${id}`, version: '1.0.0', type: 'java-archive' },
    })),
  })

/**
 * billing: CVE-1 since 20 days ago (Critical, overdue), CVE-2 fixed 5 days ago; ledger: CVE-3 seen
 * 2 days ago (High, due in 28 days).
 */
async function workspace() {
  return workspaceWithFiles([
    {
      name: 'billing/grype.json',
      text: grype(20, [
        ['CVE-2026-0001', 'Critical'],
        ['CVE-2026-0002', 'High'],
      ]),
      repository: 'billing',
    },
    { name: 'billing/grype.json', text: grype(5, [['CVE-2026-0001', 'Critical']]), repository: 'billing' },
    { name: 'ledger/grype.json', text: grype(2, [['CVE-2026-0003', 'High']]), repository: 'ledger' },
  ])
}

async function renderDashboard(path: string, colorScheme: 'light' | 'dark' = 'light') {
  worker.use(
    http.get('*/api/ping/', () => HttpResponse.json({ current_time: '2026-11-21T10:30:00Z', user_id: 'kp_1' })),
  )
  const identity = await workspace()
  return renderWithProviders(
    <AuthTestProvider auth={testAuth('authenticated')}>
      <DashboardScreen />
    </AuthTestProvider>,
    { path, source: 'workspace', workspace: identity, colorScheme },
  )
}

const summary = () => page.getByTestId('trends-summary')

describe('the dashboard’s history of the workspace', () => {
  it('counts overdue vulnerabilities by severity and names the oldest open one', async () => {
    await renderDashboard('/')
    const overdue = page.getByRole('region', { name: 'Overdue vulnerabilities' })
    await expect.element(overdue).toHaveTextContent(/^Overdue vulnerabilities1Critical1High0Medium0Low0/)
    await expect
      .element(page.getByTestId('oldest-open'))
      .toHaveTextContent(/^Oldest open: CVE-2026-0001 in billing, first seen \d{4}-\d\d-\d\d \(20 days\)\.$/)
  })

  it('says the trends in words and shows them as a table, the period and view kept in the address', async () => {
    const { location } = await renderDashboard('/?period=30&trends=table')
    await expect
      .element(summary())
      .toHaveTextContent(
        /^Open findings: 0 on \d{4}-\d\d-\d\d, 2 today \(1 critical, 1 high\), over the last 30 days\. Over \d weeks: 3 new, 0 reopened, 1 fixed, 0 closed by a decision\.$/,
      )
    const table = page.getByRole('table', { name: 'Trends by week' })
    const lastWeek = table.getByRole('row').last()
    await expect.element(lastWeek).toHaveTextContent(/^\d{4}-W\d\d \(\d{4}-\d\d-\d\d\)110002/)
    expect(await axeViolations()).toEqual([])

    await page.getByText('365 days').click()
    await expect.poll(() => location.history.at(-1)).toBe('/?period=365&trends=table')
    await expect.element(summary()).toHaveTextContent('over the last 365 days')
  })

  it('draws the charts in both themes, readable and axe-clean, and narrows to one repository', async () => {
    for (const colorScheme of ['light', 'dark'] as const) {
      const { screen } = await renderDashboard('/?repository=ledger', colorScheme)
      await expect.element(summary()).toHaveTextContent(/^Open findings: 0 on .*, 1 today \(1 high\)/)
      // billing's overdue Critical is not ledger's: the overdue and the oldest are the repository's own.
      const overdue = page.getByRole('region', { name: 'Overdue vulnerabilities' })
      await expect.element(overdue).toHaveTextContent(/^Overdue vulnerabilities0Critical0High/)
      await expect.element(page.getByTestId('oldest-open')).toHaveTextContent(/^Oldest open: CVE-2026-0003 in ledger/)
      await expect.element(page.getByText('Open findings by severity, last 90 days')).toBeVisible()
      await expect.poll(() => document.querySelectorAll('.recharts-surface').length).toBe(2)
      expect(await axeViolations()).toEqual([])
      screen.unmount()
    }
  })
})
