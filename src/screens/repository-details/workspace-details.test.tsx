import { describe, expect, it } from 'vitest'
import { page } from 'vitest/browser'
import { axeViolations } from '@tests/helpers/axe'
import { renderWithProviders } from '@tests/helpers/render'
import { deleteTestWorkspacesAfterEach, workspaceWithExamples, workspaceWithFiles } from '@tests/helpers/workspace'
import { RepositoryDetailsScreen } from './repository-details-screen'

deleteTestWorkspacesAfterEach()

async function renderImported(name: string, query = '', colorScheme: 'light' | 'dark' = 'light') {
  const workspace = await workspaceWithExamples()
  return renderWithProviders(<RepositoryDetailsScreen repoName={name} />, {
    path: `/repository/${name}${query}`,
    source: 'workspace',
    workspace,
    colorScheme,
  })
}

const tab = (name: string | RegExp) => page.getByRole('tab', { name })

/** A people directory in Swagger 2.0 that declares no security, and says nothing of its visibility. */
const directorySwagger = JSON.stringify({
  swagger: '2.0',
  info: { title: 'Directory', version: '1.0' },
  paths: {
    '/people/{id}': {
      get: {
        parameters: [{ in: 'path', name: 'id', required: true, type: 'string' }],
        responses: {
          200: {
            description: 'A person',
            schema: { type: 'object', properties: { email: { type: 'string', format: 'email' } } },
          },
        },
      },
    },
  },
})

describe('repository details on workspace data', () => {
  // SPEC.md: the Source Graph tab says it is coming soon; a workspace repository has no graph yet either.
  it('says the Source Graph is coming soon for a workspace repository too', async () => {
    await renderImported('payments-api', '?tab=source-graph')
    await expect.element(page.getByText('Source Graph visualization coming soon')).toBeVisible()
  })

  it('groups policy issues by rule with every file:line, the help link and CWE', async () => {
    await renderImported('atlas-web')
    await expect.element(page.getByRole('heading', { level: 1, name: 'atlas-web' })).toBeVisible()
    await expect.element(tab('Policy Issues (4)')).toBeVisible()
    await expect
      .element(page.getByTestId('tab-summary'))
      .toHaveTextContent('4 policy issues, 2 of them mandatory, from Semgrep, npm audit.')
    const xss = page.getByRole('article', { name: 'HTML set from user input without sanitising' })
    await expect.element(xss).toHaveTextContent('Mandatory')
    await expect.element(xss).toHaveTextContent('src/components/ProductReview.tsx:42')
    await expect.element(xss).toHaveTextContent('src/components/PromoBanner.tsx:18')
    await expect.element(xss).toHaveTextContent('review.body is rendered as HTML in ProductReview')
    await expect.element(xss).toHaveTextContent('CWE-79')
    await expect.element(xss).toHaveTextContent('Found by Semgrep')
    await expect
      .element(xss.getByRole('link', { name: 'How to fix react-dangerouslysetinnerhtml' }))
      .toHaveAttribute('href', 'https://owasp.org/www-community/attacks/xss/')
    await expect
      .element(page.getByRole('article', { name: 'Personal data written to the console' }))
      .toHaveTextContent('Optional')
  })

  it('shows each rule’s security severity beside its enforcement, counts them by band, and filters by band', async () => {
    const rule = (id: string, score: string) => ({
      id,
      shortDescription: { text: `Rule ${id}` },
      properties: { 'security-severity': score },
    })
    const sarif = JSON.stringify({
      version: '2.1.0',
      runs: [
        {
          tool: { driver: { name: 'CodeQL', rules: [rule('js/xss', '9.6'), rule('js/log-injection', '4.3')] } },
          results: ['js/xss', 'js/log-injection'].map((ruleId, index) => ({
            ruleId,
            level: 'warning',
            message: { text: `finding ${index}` },
            locations: [
              { physicalLocation: { artifactLocation: { uri: `src/f${index}.js` }, region: { startLine: 3 } } },
            ],
          })),
        },
      ],
    })
    const workspace = await workspaceWithFiles([{ name: 'codeql.sarif', text: sarif, repository: 'rated' }])
    await renderWithProviders(<RepositoryDetailsScreen repoName="rated" />, {
      path: '/repository/rated',
      source: 'workspace',
      workspace,
    })
    const xss = page.getByRole('article', { name: 'Rule js/xss' })
    await expect.element(xss).toHaveTextContent('Critical')
    await expect.element(xss).toHaveTextContent('Recommended')
    await expect
      .element(page.getByTestId('tab-summary'))
      .toHaveTextContent('By security severity: 1 critical, 1 medium.')
    await page.getByRole('combobox', { name: 'Security severity' }).click()
    await page.getByRole('option', { name: 'Medium' }).click()
    await expect.element(page.getByRole('status').filter({ hasText: 'rules' })).toHaveTextContent('1 of 2 rules')
    await expect.element(page.getByRole('article', { name: 'Rule js/log-injection' })).toBeVisible()
    expect(page.getByRole('article', { name: 'Rule js/xss' }).elements()).toHaveLength(0)
  })

  it('orders vulnerabilities to fix first: known exploited, then EPSS', async () => {
    const match = (id: string, name: string, epss: number, kev: boolean) => ({
      vulnerability: {
        id,
        dataSource: `https://nvd.nist.gov/vuln/detail/${id}`,
        severity: 'Medium',
        description: `${id} in ${name}`,
        fix: { versions: [], state: 'not-fixed' },
        epss: [{ cve: id, epss, percentile: 0.9, date: '2026-11-20' }],
        knownExploited: kev ? [{ cve: id, dateAdded: '2026-01-02', dueDate: '2026-01-23' }] : undefined,
      },
      artifact: {
        name,
        version: '1.0.0',
        type: 'npm',
        purl: `pkg:npm/${name}@1.0.0`,
        locations: [{ path: '/package-lock.json' }],
      },
      matchDetails: [],
    })
    const grype = JSON.stringify({
      matches: [
        match('CVE-2026-0001', 'alpha', 0.02, false),
        match('CVE-2026-0002', 'beta', 0.5, false),
        match('CVE-2026-0003', 'gamma', 0.01, true),
      ],
      source: { type: 'directory', target: '.' },
      descriptor: { name: 'grype', version: '0.80.0', timestamp: '2026-11-20T10:00:00Z' },
    })
    const workspace = await workspaceWithFiles([{ name: 'grype.json', text: grype, repository: 'exposed' }])
    await renderWithProviders(<RepositoryDetailsScreen repoName="exposed" />, {
      path: '/repository/exposed?tab=vulnerabilities',
      source: 'workspace',
      workspace,
    })
    await expect.element(page.getByRole('article').first()).toBeVisible()
    await page.getByRole('combobox', { name: 'Order' }).click()
    await page.getByRole('option', { name: /Fix first/ }).click()
    const titles = () =>
      page
        .getByRole('article')
        .elements()
        .map((article) => article.querySelector('h3')?.textContent)
    await expect.poll(titles).toEqual(['CVE-2026-0003 in gamma', 'CVE-2026-0002 in beta', 'CVE-2026-0001 in alpha'])
    await expect
      .element(page.getByRole('article').first())
      .toHaveTextContent('Known exploited (as the scanner reports)')
    await expect
      .element(page.getByRole('article').nth(1))
      .toHaveTextContent('EPSS 50%, more likely than 90% of advisories (2026-11-20)')
  })

  it('keeps a finding a VEX statement closed, shows the statement, and leaves it out of the open count', async () => {
    await renderImported('health-records', '?tab=vulnerabilities')
    await expect.element(page.getByTestId('tab-summary')).toHaveTextContent('1 more closed by VEX.')
    const closed = page.getByRole('article').filter({ hasText: 'VEX:' })
    await expect.element(closed).toHaveTextContent('VEX: Not affected')
  })

  it('lists vulnerabilities most severe first, with package@version, fix, aliases, CVSS, EPSS and Unknown severity', async () => {
    await renderImported('payments-api', '?tab=vulnerabilities')
    await expect
      .element(page.getByTestId('tab-summary'))
      .toHaveTextContent('3 vulnerabilities: 1 critical, 1 high, 0 medium, 0 low, 1 of unknown severity.')
    const articles = page.getByRole('article')
    await expect.element(articles.first()).toHaveTextContent('Critical')
    const crypto = page.getByRole('article').filter({ hasText: 'Grype' }).first()
    await expect.element(crypto).toHaveTextContent('CVE-2024-45337')
    await expect.element(crypto).toHaveTextContent('golang.org/x/crypto@v0.21.0')
    await expect.element(crypto).toHaveTextContent('Fixed in: 0.31.0')
    await expect.element(crypto).toHaveTextContent('Also known as GHSA-v778-237x-gjrc')
    await expect.element(crypto).toHaveTextContent('CVSS 3.1 score 9.1')
    await expect.element(crypto).toHaveTextContent('EPSS 41%')
    await expect.element(page.getByRole('article').filter({ hasText: 'CVE-2025-22871' })).toHaveTextContent('Unknown')
  })

  it('shows the API surface from an imported description: auth told apart, flags with their reasons, filters', async () => {
    await renderImported('health-records', '?tab=api-surface')
    await expect
      .element(page.getByTestId('tab-summary'))
      .toHaveTextContent(
        '5 endpoints from 1 API description: 4 handle personal, card or health data, 1 of them with no authentication.',
      )
    await expect.element(page.getByText('Showing 5 of 5 endpoints')).toBeVisible()
    const reminder = page.getByRole('row').filter({ hasText: '/appointments/{id}/reminder' })
    await expect.element(reminder).toHaveTextContent('Noneoptional')
    await expect.element(reminder).toHaveTextContent('Health Records API 3.2.1')
    const status = page.getByRole('row').filter({ hasText: '/status' })
    await expect.element(status).toHaveTextContent('GET/statusService statusNoneNoNoNo')

    const why = page.getByRole('button', { name: '5 reasons why GET /fhir/Patient/{id} is flagged' })
    await expect.element(why).toHaveAttribute('aria-expanded', 'false')
    await why.click()
    await expect.element(why).toHaveAttribute('aria-expanded', 'true')
    await expect.element(page.getByText('PHI: Protected Health Information')).toBeVisible()
    await expect.element(page.getByText('FHIR resource `Patient` in the 200 response')).toBeVisible()
    await expect.element(page.getByText('`birthDate` (date of birth) in the 200 response').first()).toBeVisible()

    await page.getByRole('checkbox', { name: 'No authentication only' }).click()
    await expect.element(page.getByText('Showing 2 of 5 endpoints')).toBeVisible()
    await page.getByRole('combobox', { name: 'Sensitive data' }).click()
    await page.getByRole('option', { name: 'PHI' }).click()
    await expect.element(page.getByText('Showing 1 of 5 endpoints')).toBeVisible()
    await expect.element(page.getByRole('row').filter({ hasText: '/appointments/{id}/reminder' })).toBeVisible()
  })

  it('shows descriptions as text, never as markup', async () => {
    const { importFile } = await import('@/workspace/import/import-file')
    const { openWorkspace } = await import('@/workspace/store/open')
    const { workspaceName } = await import('@/workspace/store/workspace-names')
    const workspace = await workspaceWithExamples([])
    const database = await openWorkspace(await workspaceName(workspace.issuer, workspace.subject))
    const document = {
      openapi: '3.1.0',
      info: { title: '<b>Bold</b> API', version: '1' },
      security: [],
      paths: { '/x': { get: { summary: '<img src=x onerror="window.hacked=1">', responses: {} } } },
    }
    await importFile(
      database,
      { name: 'api.json', blob: new Blob([JSON.stringify(document)]), repository: 'markup' },
      () => {},
    )
    database.close()
    await renderWithProviders(<RepositoryDetailsScreen repoName="markup" />, {
      path: '/repository/markup?tab=api-surface',
      source: 'workspace',
      workspace,
    })
    await expect.element(page.getByText('<img src=x onerror="window.hacked=1">')).toBeVisible()
    await expect.element(page.getByRole('cell', { name: '<b>Bold</b> API 1' })).toBeVisible()
    expect((window as { hacked?: number }).hacked).toBeUndefined()
  })

  it('says a repository that holds only an API description was not scanned for policy issues or vulnerabilities', async () => {
    const workspace = await workspaceWithFiles([
      { name: 'directory/swagger.json', text: directorySwagger, repository: 'directory' },
    ])
    const { location } = await renderWithProviders(<RepositoryDetailsScreen repoName="directory" />, {
      path: '/repository/directory',
      source: 'workspace',
      workspace,
    })
    await expect.element(page.getByRole('heading', { level: 1, name: 'directory' })).toBeVisible()
    // No file said whether it is private or public.
    await expect.element(page.getByText('Visibility unknown', { exact: true })).toBeVisible()
    expect(page.getByText(/^(Private|Public)$/).elements()).toHaveLength(0)
    await expect
      .element(
        page.getByText(
          "Not scanned for policy issues yet: no code scanner's results were imported for this repository.",
        ),
      )
      .toBeVisible()
    await expect
      .element(page.getByTestId('tab-summary'))
      .toHaveTextContent('No code scanner has reported on this repository yet, so its policy issues are not known.')
    expect(page.getByText('No policy violations found').elements()).toHaveLength(0)

    await tab('Vulnerabilities').click()
    await expect.poll(() => location.history.at(-1)).toBe('/repository/directory?tab=vulnerabilities')
    await expect
      .element(
        page.getByText(
          "Not scanned for vulnerabilities yet: no dependency scanner's results were imported for this repository.",
        ),
      )
      .toBeVisible()
    expect(page.getByText('No vulnerabilities found').elements()).toHaveLength(0)
    await page.getByRole('button', { name: 'Import scan files' }).click()
    await expect.element(page.getByRole('dialog', { name: 'Import scan files' })).toBeVisible()
  })

  it('says "none found" where a scanner of the kind looked and found nothing, and that no API description was imported', async () => {
    const sarif = JSON.stringify({ version: '2.1.0', runs: [{ tool: { driver: { name: 'CodeQL' } }, results: [] }] })
    const grype = JSON.stringify({
      matches: [],
      source: { type: 'directory', target: '.' },
      descriptor: { name: 'grype', version: '0.80.0', timestamp: '2026-11-20T10:00:00Z' },
    })
    const workspace = await workspaceWithFiles([
      { name: 'quiet/codeql.sarif', text: sarif, repository: 'quiet' },
      { name: 'quiet/grype.json', text: grype, repository: 'quiet' },
    ])
    await renderWithProviders(<RepositoryDetailsScreen repoName="quiet" />, {
      path: '/repository/quiet',
      source: 'workspace',
      workspace,
    })
    await expect.element(page.getByText('No policy violations found')).toBeVisible()
    await tab('Vulnerabilities').click()
    await expect.element(page.getByText('No vulnerabilities found')).toBeVisible()
    await tab('API Surface').click()
    await expect
      .element(
        page.getByText(
          'No API description imported for this repository: import its OpenAPI or Swagger file to see its endpoints.',
        ),
      )
      .toBeVisible()
    expect(page.getByText('No API endpoints found').elements()).toHaveLength(0)
  })

  it.each(['light', 'dark'] as const)('has no axe-core violations where nothing was scanned (%s)', async (scheme) => {
    const workspace = await workspaceWithFiles([
      { name: 'directory/swagger.json', text: directorySwagger, repository: 'directory' },
    ])
    await renderWithProviders(<RepositoryDetailsScreen repoName="directory" />, {
      path: '/repository/directory?tab=vulnerabilities',
      source: 'workspace',
      workspace,
      colorScheme: scheme,
    })
    await expect.element(page.getByRole('button', { name: 'Import scan files' })).toBeVisible()
    expect(await axeViolations()).toEqual([])
  })

  it.each(['light', 'dark'] as const)('has no axe-core violations on the API surface (%s)', async (scheme) => {
    await renderImported('payments-api', '?tab=api-surface', scheme)
    await page.getByRole('button', { name: /why POST \/v1\/charges is flagged/ }).click()
    await expect.element(page.getByText('PCI: Payment Card Industry Data')).toBeVisible()
    expect(await axeViolations()).toEqual([])
  })

  it.each(['light', 'dark'] as const)('has no axe-core violations (%s)', async (scheme) => {
    await renderImported('payments-api', '?tab=vulnerabilities', scheme)
    await expect.element(page.getByRole('article').first()).toBeVisible()
    expect(await axeViolations()).toEqual([])
  })
})
