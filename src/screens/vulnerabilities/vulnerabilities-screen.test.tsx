import { describe, expect, it, vi } from 'vitest'
import { page, userEvent } from 'vitest/browser'
import { axeViolations } from '@tests/helpers/axe'
import { captureDownloads } from '@tests/helpers/downloads'
import { componentsRenderedDuring } from '@tests/helpers/react-renders'
import { renderWithProviders } from '@tests/helpers/render'
import { drawnRowHeights, hiddenPartsWhileWalking } from '@tests/helpers/virtual-rows'
import { deleteTestWorkspacesAfterEach, workspaceWithFiles } from '@tests/helpers/workspace'
import type { FindingSeverity } from '@/data/findings'
import type { DataSourceChoice } from '@/state/data-source'
import type { WorkspaceIdentity } from '@/state/workspace'
import { openWorkspace } from '@/workspace/store/open'
import { workspaceName } from '@/workspace/store/workspace-names'
import { readAdvisoryIndex } from '@/workspace/store/reads'
import { VulnerabilitiesScreen } from './vulnerabilities-screen'
import { VULNERABILITY_ROW_HEIGHT } from './vulnerability-cells'

deleteTestWorkspacesAfterEach()

async function renderScreen(
  path = '/vulnerabilities',
  {
    severity = 'all',
    source = 'sample',
    workspace,
    colorScheme = 'light',
  }: {
    severity?: FindingSeverity | 'all'
    source?: DataSourceChoice
    workspace?: WorkspaceIdentity
    colorScheme?: 'light' | 'dark'
  } = {},
) {
  return renderWithProviders(<VulnerabilitiesScreen severity={severity} />, {
    path,
    source,
    workspace,
    colorScheme,
  })
}

const status = () => page.getByRole('status')
const advisoryRow = (id: string) => page.getByRole('row', { name: new RegExp(`^${id},`) })

describe('vulnerabilities across the sample repositories', () => {
  it('groups the findings by advisory, most repositories first, and expands one to the repositories it hits', async () => {
    const { location } = await renderScreen()
    await expect.element(page.getByRole('heading', { level: 1, name: 'Vulnerabilities' })).toBeVisible()
    await expect.element(status()).toHaveTextContent('Showing 5 of 5 advisories, affecting 4 repositories')
    const lodash = advisoryRow('CVE-2019-10744')
    await expect.element(lodash).toHaveTextContent('Critical')
    await expect.element(lodash).toHaveTextContent('lodash (npm)4.17.11')
    await expect.element(lodash).toHaveTextContent('4.17.12')
    await expect.element(lodash).toHaveTextContent('4 repositories1 private')

    const expand = page.getByRole('button', { name: 'Show the repositories affected by CVE-2019-10744' })
    await expect.element(expand).toHaveAttribute('aria-expanded', 'false')
    await expand.click()
    await expect
      .element(page.getByRole('button', { name: 'Hide the repositories affected by CVE-2019-10744' }))
      .toHaveAttribute('aria-expanded', 'true')
    const link = page.getByRole('link', { name: 'atlas-storefront' })
    await expect.element(link).toHaveAttribute('href', '/repository/atlas-storefront?tab=vulnerabilities')
    await expect.element(page.getByRole('row', { name: /: CVE-2019-10744$/ })).toHaveLength(4)
    // A plain link in the row: a click opens the repository's Vulnerabilities tab in the app.
    await link.click()
    await expect.poll(() => location.history.at(-1)).toBe('/repository/atlas-storefront?tab=vulnerabilities')
  })

  it('shows one severity on its sub-route, and the severity filter moves between the sub-routes keeping the query', async () => {
    const { location } = await renderScreen('/vulnerabilities/high?fix=yes', { severity: 'High' })
    await expect.element(page.getByRole('heading', { level: 1, name: 'High vulnerabilities' })).toBeVisible()
    await expect.element(status()).toHaveTextContent('Showing 2 of 5 advisories')
    await page.getByRole('combobox', { name: 'Severity' }).click()
    await page.getByRole('option', { name: 'Critical', exact: true }).click()
    await expect.poll(() => location.history.at(-1)).toBe('/vulnerabilities/critical?fix=yes')
  })

  it('keeps search, filters, view and sort in the address, and reads them back after a reload', async () => {
    const { location, screen } = await renderScreen()
    await page.getByRole('searchbox', { name: 'Search' }).fill('AXIOS')
    await expect.poll(() => location.history.at(-1)).toBe('/vulnerabilities?q=AXIOS')
    await expect.element(status()).toHaveTextContent('Showing 1 of 5 advisories, affecting 3 repositories')
    await page.getByRole('combobox', { name: 'Repository visibility' }).click()
    await page.getByRole('option', { name: 'Private' }).click()
    await expect.poll(() => location.history.at(-1)).toBe('/vulnerabilities?q=AXIOS&visibility=private')
    await expect.element(status()).toHaveTextContent('Showing 1 of 5 advisories, affecting 1 repository')

    // A reload starts from the address alone.
    await screen.unmount()
    await renderScreen('/vulnerabilities?q=semver&view=flat&sort=repository')
    await expect.element(page.getByRole('searchbox', { name: 'Search' })).toHaveValue('semver')
    await expect.element(page.getByRole('radio', { name: 'By repository' })).toBeChecked()
    await expect.element(page.getByText('Showing 2 of 11 findings')).toBeVisible()
    await expect.element(page.getByRole('combobox', { name: 'Sort' })).toHaveValue('Repository')
  })

  it('renders the results with a keystroke, and not the screen, the header, the search card or the export button', async () => {
    await renderScreen()
    await expect.element(status()).toHaveTextContent(/^Showing 5 of 5 advisories/)
    await userEvent.click(page.getByRole('searchbox', { name: 'Search' }))
    const rendered = await componentsRenderedDuring(async () => {
      await userEvent.keyboard('lodash')
      await expect.element(status()).toHaveTextContent(/^Showing 1 of 5 advisories/)
    })
    const names = [...rendered]
    for (const part of ['VulnerabilityResults', 'AdvisoryTable', 'VirtualTableRows']) expect(names).toContain(part)
    for (const part of [
      'VulnerabilitiesScreen',
      'Header',
      'SearchCard',
      '@mantine/core/TextInput',
      'FilterChoices',
      'ViewChoices',
      'ExportCsvButton',
      'VirtualTableFrame',
      '@mantine/core/Table',
      '@mantine/core/TableTbody',
      '@mantine/core/TableScrollContainer',
    ])
      expect(names).not.toContain(part)
    await expect.element(page.getByRole('searchbox', { name: 'Search' })).toHaveValue('lodash')
  })

  it('draws no row again for a keystroke that leaves it showing the same advisory, and no table when none changes', async () => {
    await renderScreen()
    await expect.element(status()).toHaveTextContent(/^Showing 5 of 5 advisories/)
    await expect.element(advisoryRow('CVE-2019-10744')).toHaveAttribute('aria-rowindex', '2')
    // The first advisory stays first: its row is left alone while the others go.
    const narrowing = await componentsRenderedDuring(async () => {
      await page.getByRole('searchbox', { name: 'Search' }).fill('lodas')
      await expect.element(status()).toHaveTextContent(/^Showing 1 of 5 advisories/)
    })
    expect([...narrowing]).toContain('AdvisoryTable')
    for (const part of ['AdvisoryTableRow', 'AdvisoryCells', 'Headers']) expect([...narrowing]).not.toContain(part)
    await expect.element(advisoryRow('CVE-2019-10744')).toHaveAttribute('aria-rowindex', '2')
    // The same advisory shown again: the results render, the table and the count line do not.
    const same = await componentsRenderedDuring(async () => {
      await userEvent.keyboard('h')
      await expect.element(page.getByRole('searchbox', { name: 'Search' })).toHaveValue('lodash')
    })
    expect([...same]).toContain('VulnerabilityResults')
    for (const part of ['VulnerabilitiesScreen', 'AdvisoryTable', 'AdvisoryTableRow', 'ResultsLine'])
      expect([...same]).not.toContain(part)
    await expect.element(status()).toHaveTextContent(/^Showing 1 of 5 advisories/)
  })

  it('writes new results into the rows already in the page, keeping the focused row', async () => {
    const { location } = await renderScreen('/vulnerabilities?q=semver&view=flat')
    await expect.element(status()).toHaveTextContent('Showing 2 of 11 findings')
    const findingRows = () => page.getByRole('row').elements().slice(1)
    const before = findingRows()
    const labels = before.map((row) => row.getAttribute('aria-label'))
    before[0].focus()

    location.navigate('/vulnerabilities?view=flat')
    await expect.element(status()).toHaveTextContent('Showing 11 of 11 findings')
    const after = findingRows()
    for (const [place, row] of before.entries()) expect(after[place]).toBe(row)
    expect(labels).toEqual(['nexus-api: CVE-2022-25883', 'quantum-backend: CVE-2022-25883'])
    expect(before.map((row) => row.getAttribute('aria-label'))).toEqual([
      'atlas-storefront: CVE-2019-10744',
      'nexus-api: CVE-2019-10744',
    ])
    expect(document.activeElement).toBe(before[0])
  })

  it('writes the address the moment the search field is left, and follows an address changed elsewhere', async () => {
    const { location } = await renderScreen()
    const search = page.getByRole('searchbox', { name: 'Search' })
    await userEvent.type(search, 'semver')
    await expect.element(status()).toHaveTextContent('Showing 1 of 5 advisories')
    await userEvent.tab()
    // No waiting for the pause: leaving the field wrote it.
    expect(location.history.at(-1)).toBe('/vulnerabilities?q=semver')

    // Back, forward or a shared link: the screen takes the address's filters.
    location.navigate('/vulnerabilities?q=lodash&view=flat')
    await expect.element(search).toHaveValue('lodash')
    await expect.element(page.getByRole('radio', { name: 'By repository' })).toBeChecked()
    await expect.element(status()).toHaveTextContent(/^Showing \d+ of 11 findings$/)
  })

  it('exports exactly the filtered view as CSV, grouped or flat', async () => {
    const capture = captureDownloads()
    try {
      await renderScreen('/vulnerabilities?visibility=public')
      await expect.element(status()).toHaveTextContent('Showing 5 of 5 advisories, affecting 3 repositories')
      await page.getByRole('button', { name: 'Export CSV' }).click()
      const grouped = (await capture.downloads[0].blob.text()).trimEnd().split('\r\n')
      expect(capture.downloads[0].filename).toBe('vigil-vulnerabilities.csv')
      expect(grouped).toHaveLength(6)
      // The sample data holds no catalogue: its KEV and EPSS columns are empty.
      expect(grouped[1]).toMatch(/^CVE-2019-10744,,Critical,.*,3,atlas-storefront nexus-api stellar-frontend,{7}$/)

      await page.getByText('By repository', { exact: true }).click()
      await expect.element(status()).toHaveTextContent('Showing 8 of 11 findings')
      await page.getByRole('button', { name: 'Export CSV' }).click()
      const flat = (await capture.downloads[1].blob.text()).trimEnd().split('\r\n')
      expect(flat).toHaveLength(9)
      expect(flat.slice(1).every((line) => line.split(',')[1] === 'Public')).toBe(true)
    } finally {
      capture.restore()
    }
  })

  it('moves between rows with the arrow keys: Enter expands an advisory, and opens a repository', async () => {
    const { location } = await renderScreen()
    await expect.element(advisoryRow('CVE-2019-10744')).toBeVisible()
    ;(advisoryRow('CVE-2019-10744').element() as HTMLElement).focus()
    await userEvent.keyboard('{ArrowDown}')
    await expect.element(advisoryRow('CVE-2024-39338')).toHaveFocus()
    await userEvent.keyboard('{Enter}')
    await expect
      .element(page.getByRole('button', { name: 'Hide the repositories affected by CVE-2024-39338' }))
      .toBeInTheDocument()
    await userEvent.keyboard('{ArrowDown}{Enter}')
    await expect.poll(() => location.history.at(-1)).toMatch(/^\/repository\/[a-z-]+\?tab=vulnerabilities$/)
  })

  it.each(['light', 'dark'] as const)(
    'has no WCAG 2.2 AA violations in the %s theme, expanded',
    async (colorScheme) => {
      await renderScreen('/vulnerabilities', { colorScheme })
      await page.getByRole('button', { name: 'Show the repositories affected by CVE-2019-10744' }).click()
      await expect.element(page.getByRole('link', { name: 'atlas-storefront' })).toBeVisible()
      expect(await axeViolations()).toEqual([])
    },
  )
})

describe('vulnerabilities of a generated organisation', () => {
  it('counts every repository of 2,000 that has a finding, and the flat view counts every finding', async () => {
    await renderScreen('/vulnerabilities?view=flat', { source: 2000 })
    await expect.element(page.getByText(/^Showing [\d,]+ of [\d,]+ findings$/), { timeout: 15_000 }).toBeVisible()
    const text = page.getByText(/^Showing [\d,]+ of [\d,]+ findings$/).element().textContent!
    const [shown, total] = text.match(/[\d,]+/g)!.map((value) => Number(value.replace(/,/g, '')))
    expect(shown).toBe(total)
    expect(total).toBeGreaterThan(1000)
    // Only rows in view are in the page.
    expect(page.getByRole('row').elements().length).toBeLessThan(60)
  })

  // Rows taller than the virtualiser counts drift below their places: the arrow keys then leave the focused row partly hidden.
  it('draws every advisory and repository row as tall as the table counts, and the arrow keys keep the focused row in view', async () => {
    await renderScreen('/vulnerabilities', { source: 2000 })
    await expect.element(page.getByText(/^Showing [\d,]+ of [\d,]+ advisories/), { timeout: 15_000 }).toBeVisible()
    await page
      .getByRole('button', { name: /^Show the repositories affected by / })
      .first()
      .click()
    await expect.element(page.getByRole('row', { name: /: / }).first()).toBeVisible()
    expect(drawnRowHeights()).toEqual(new Set([VULNERABILITY_ROW_HEIGHT]))
    expect(await hiddenPartsWhileWalking(25, 20)).toEqual(Array(45).fill(0))
  })

  it('draws every finding row of the flat view as tall as the table counts, and the arrow keys keep the focused row in view', async () => {
    await renderScreen('/vulnerabilities?view=flat', { source: 2000 })
    await expect.element(page.getByText(/^Showing [\d,]+ of [\d,]+ findings$/), { timeout: 15_000 }).toBeVisible()
    expect(drawnRowHeights()).toEqual(new Set([VULNERABILITY_ROW_HEIGHT]))
    expect(await hiddenPartsWhileWalking(25, 20)).toEqual(Array(45).fill(0))
  })
})

describe('vulnerabilities in a workspace', () => {
  const grype = (matches: unknown[]) => JSON.stringify({ descriptor: { name: 'grype' }, matches })
  const log4jMatch = (related: boolean) => ({
    vulnerability: {
      id: 'GHSA-jfh8-c2jp-5v3q',
      severity: 'Critical',
      description: 'Remote code execution through JNDI lookups',
      fix: { versions: ['2.15.0'], state: 'fixed' },
    },
    relatedVulnerabilities: related ? [{ id: 'CVE-2021-44228' }] : [],
    artifact: { name: 'log4j-core', version: '2.14.1', type: 'java-archive' },
  })

  it('merges an advisory two scanners name by different ids into one, across repositories', async () => {
    const workspace = await workspaceWithFiles([
      { name: 'billing/grype.json', text: grype([log4jMatch(true)]), repository: 'billing' },
      { name: 'ledger/grype.json', text: grype([log4jMatch(false)]), repository: 'ledger' },
    ])
    await renderScreen('/vulnerabilities', { source: 'workspace', workspace })
    await expect.element(status()).toHaveTextContent('Showing 1 of 1 advisory, affecting 2 repositories')
    const row = advisoryRow('CVE-2021-44228')
    await expect.element(row).toHaveTextContent('GHSA-jfh8-c2jp-5v3q')
    await expect.element(row).toHaveTextContent('2.15.0')
    await expect.element(row).toHaveTextContent('2 repositories')
    await page.getByText('By repository', { exact: true }).click()
    await expect.element(page.getByText('Showing 2 of 2 findings')).toBeVisible()
    await expect
      .element(page.getByRole('link', { name: 'ledger' }))
      .toHaveAttribute('href', '/repository/ledger?tab=vulnerabilities')
  })

  it('shows the advisories kept from the last visit without reading every finding, until a group is expanded', async () => {
    const workspace = await workspaceWithFiles([
      { name: 'billing/grype.json', text: grype([log4jMatch(true)]), repository: 'billing' },
      { name: 'ledger/grype.json', text: grype([log4jMatch(false)]), repository: 'ledger' },
    ])
    const first = await renderScreen('/vulnerabilities', { source: 'workspace', workspace })
    await expect.element(status()).toHaveTextContent('Showing 1 of 1 advisory, affecting 2 repositories')
    const database = await openWorkspace(await workspaceName(workspace.issuer, workspace.subject))
    await expect.poll(() => readAdvisoryIndex(database)).toBeDefined()
    database.close()
    await first.screen.unmount()

    const reads = vi.spyOn(IDBObjectStore.prototype, 'getAll')
    const digestReads = () => reads.mock.contexts.filter((store) => (store as IDBObjectStore).name === 'digests').length
    try {
      await renderScreen('/vulnerabilities', { source: 'workspace', workspace })
      await expect.element(status()).toHaveTextContent('Showing 1 of 1 advisory, affecting 2 repositories')
      await expect.element(advisoryRow('CVE-2021-44228')).toHaveTextContent('GHSA-jfh8-c2jp-5v3q')
      // Time enough for a read to start if one were coming: none is, until the findings are needed.
      await new Promise((resolve) => setTimeout(resolve, 500))
      expect(digestReads()).toBe(0)
      await page.getByRole('button', { name: 'Show the repositories affected by CVE-2021-44228' }).click()
      await expect.element(page.getByRole('row', { name: 'ledger: CVE-2021-44228' })).toHaveTextContent('log4j-core')
      expect(digestReads()).toBeGreaterThan(0)
    } finally {
      reads.mockRestore()
    }
  })

  it("orders advisories and findings to fix first: known exploited, then EPSS, then the scanner's risk, then severity", async () => {
    const match = (id: string, severity: string, name: string, signals: Record<string, unknown>) => ({
      vulnerability: {
        id,
        severity,
        description: `${id} in ${name}`,
        fix: { versions: [], state: 'not-fixed' },
        ...signals,
      },
      relatedVulnerabilities: [],
      artifact: { name, version: '1.0.0', type: 'npm' },
    })
    const workspace = await workspaceWithFiles([
      {
        name: 'billing/grype.json',
        repository: 'billing',
        text: grype([
          match('CVE-2024-0001', 'Critical', 'alpha', {}),
          match('CVE-2024-0002', 'Low', 'bravo', {
            knownExploited: [{ cve: 'CVE-2024-0002', dateAdded: '2024-05-01' }],
            risk: 4.25,
          }),
          match('CVE-2024-0003', 'Medium', 'charlie', {
            epss: [{ cve: 'CVE-2024-0003', epss: 0.5, percentile: 0.97 }],
          }),
        ]),
      },
    ])
    const grouped = await renderScreen('/vulnerabilities?sort=fix-first', { source: 'workspace', workspace })
    await expect.element(status()).toHaveTextContent('Showing 3 of 3 advisories')
    const advisoryOrder = () =>
      [...document.querySelectorAll('tbody tr[data-index]')].map((row) => row.textContent?.match(/CVE-2024-000\d/)?.[0])
    await expect.poll(advisoryOrder).toEqual(['CVE-2024-0002', 'CVE-2024-0003', 'CVE-2024-0001'])
    await expect.element(advisoryRow('CVE-2024-0002')).toHaveTextContent('Known exploited · Risk 4.3')
    await expect.element(advisoryRow('CVE-2024-0003')).toHaveTextContent('0.500')

    await grouped.screen.unmount()
    await renderScreen('/vulnerabilities?view=flat&sort=fix-first', { source: 'workspace', workspace })
    await expect.element(page.getByText('Showing 3 of 3 findings')).toBeVisible()
    await expect.poll(advisoryOrder).toEqual(['CVE-2024-0002', 'CVE-2024-0003', 'CVE-2024-0001'])
    await expect
      .element(page.getByRole('row', { name: /CVE-2024-0002/ }))
      .toHaveTextContent('Known exploited · Risk 4.3')
  })

  it('links an advisory only to an http or https address from the scanner, never ms-msdt:, file: or javascript:', async () => {
    const match = (id: string, dataSource: string) => ({
      vulnerability: { id, severity: 'High', dataSource },
      artifact: { name: `package-${id}`, version: '1.0.0', type: 'npm' },
    })
    const workspace = await workspaceWithFiles([
      {
        name: 'billing/grype.json',
        text: grype([
          match('CVE-2024-0001', 'ms-msdt:/id PCWDiagnostic /skip force'),
          match('CVE-2024-0002', 'file:///c:/windows/system32/calc.exe'),
          match('CVE-2024-0003', 'javascript:alert(document.domain)'),
          match('CVE-2024-0004', 'https://nvd.nist.gov/vuln/detail/CVE-2024-0004'),
        ]),
        repository: 'billing',
      },
    ])
    await renderScreen('/vulnerabilities', { source: 'workspace', workspace })
    await expect.element(status()).toHaveTextContent('Showing 4 of 4 advisories')
    for (const id of ['CVE-2024-0001', 'CVE-2024-0002', 'CVE-2024-0003']) {
      await expect.element(advisoryRow(id)).toHaveTextContent(id)
      expect(page.getByRole('link', { name: id }).elements()).toHaveLength(0)
    }
    await expect
      .element(page.getByRole('link', { name: 'CVE-2024-0004' }))
      .toHaveAttribute('href', 'https://nvd.nist.gov/vuln/detail/CVE-2024-0004')
  })

  it('says so when the workspace has no vulnerabilities', async () => {
    const workspace = await workspaceWithFiles([])
    await renderScreen('/vulnerabilities', { source: 'workspace', workspace })
    await expect.element(status()).toHaveTextContent('Showing 0 of 0 advisories')
    await expect.element(page.getByText('No vulnerabilities match these filters.')).toBeVisible()
    await expect.element(page.getByRole('button', { name: 'Export CSV' })).toBeDisabled()
  })
})
