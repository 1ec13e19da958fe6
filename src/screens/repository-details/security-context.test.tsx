import { describe, expect, it } from 'vitest'
import { page } from 'vitest/browser'
import { axeViolations } from '@tests/helpers/axe'
import { renderWithProviders } from '@tests/helpers/render'
import { importCatalogues, kevCatalogueText } from '@tests/helpers/catalogues'
import { deleteTestWorkspacesAfterEach, workspaceWithFiles } from '@tests/helpers/workspace'
import type { RepositoryFindings } from '@/data/data-source'
import type { ApiEndpoint } from '@/data/endpoints'
import type { Vulnerability } from '@/data/findings'
import type { Repository } from '@/data/repositories'
import { RepositoryDetailsScreen } from './repository-details-screen'
import { SecurityContextPanel } from './security-context-panel'

deleteTestWorkspacesAfterEach()

const repository: Repository = {
  id: 'health-records',
  name: 'health-records',
  description: 'Patient records',
  url: '',
  language: 'Java',
  languages: ['Java'],
  stars: 0,
  lastUpdated: 'today',
  isPrivate: true,
  apiCount: 3,
  policyViolations: 1,
  vulnerabilities: 3,
  coverage: { policyIssues: true, vulnerabilities: true, apiSurface: true },
}

const vulnerability = (cve: string, marks: Partial<Vulnerability>): Vulnerability => ({
  id: cve,
  key: `key-${cve}`,
  title: `${cve} in pkg`,
  severity: 'High',
  description: '',
  cve,
  package: 'pkg',
  packageVersion: '1.0.0',
  ...marks,
})

const endpoint = (path: string, marks: Partial<ApiEndpoint>): ApiEndpoint => ({
  id: path,
  method: 'GET',
  path,
  auth: 'None',
  pii: false,
  pci: false,
  phi: false,
  description: '',
  ...marks,
})

const findings: RepositoryFindings = {
  vulnerabilities: [
    vulnerability('CVE-2026-1000', {
      severity: 'Medium',
      exploit: { catalogueEpss: { score: 0.3, percentile: 0.96, date: '2026-11-20' } },
    }),
    vulnerability('CVE-2021-44228', {
      severity: 'Critical',
      cvss: { version: '3.1', vector: 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:C/C:H/I:H/A:H', score: 10 },
      package: 'log4j-core',
      packageVersion: '2.14.1',
      fixedVersion: '2.17.1',
      exploit: {
        knownExploited: true,
        kev: { cve: 'CVE-2021-44228', dateAdded: '2021-12-10', dueDate: '2021-12-24', ransomware: true },
      },
    }),
    vulnerability('CVE-2026-2000', { severity: 'Low' }),
  ],
  endpoints: [
    endpoint('/patients/{id}', { phi: true, pii: true }),
    endpoint('/patients/{id}/labs', { phi: true }),
    endpoint('/records', { phi: true, auth: 'JWT' }),
  ],
  violations: [
    {
      id: 'secret-1',
      title: 'AWS access key',
      enforcementStatus: 'Mandatory',
      description: '',
      relevantFiles: ['deploy/.env'],
      rule: 'aws-access-key-id',
      category: 'secret',
      keys: ['secret-key-1'],
    },
  ],
  sla: new Map(),
}

/** The panel in a workspace that holds no catalogue, for the findings given. */
async function renderPanel(
  given: RepositoryFindings = findings,
  colorScheme: 'light' | 'dark' = 'light',
  shown: Repository = repository,
) {
  const workspace = await workspaceWithFiles([])
  return renderWithProviders(<SecurityContextPanel repository={shown} findings={given} />, {
    path: `/repository/${shown.name}?tab=security-context`,
    source: 'workspace',
    workspace,
    colorScheme,
  })
}

const riskTitles = () =>
  page
    .getByRole('list', { name: 'Risks, most pressing first' })
    .getByRole('heading', { level: 4 })
    .elements()
    .map((heading) => heading.textContent)

describe('the Security Context tab', () => {
  it('puts an advisory in KEV first where the service exposes health data without authentication, and says why', async () => {
    await renderPanel()
    await expect.element(page.getByRole('heading', { level: 2, name: 'Security context' })).toBeVisible()
    await expect
      .element(
        page.getByText(/^1 open finding exploited \(in CISA's KEV\), 1 likely to be exploited \(EPSS 10% or more\)/),
      )
      .toHaveTextContent(
        '2 endpoints handling PII, PCI or PHI with no authentication, 1 leaked secret, 0 findings overdue.',
      )
    expect(riskTitles()).toEqual([
      'CVE-2021-44228 in log4j-core',
      '2 endpoints handle health data with no authentication',
      'Leaked secret: AWS access key',
      'CVE-2026-1000 in pkg',
    ])
    const first = page.getByRole('listitem', { name: 'CVE-2021-44228 in log4j-core' })
    await expect.element(first).toHaveTextContent('Exploited')
    await expect.element(first).toHaveTextContent('Risk 100 of 100')
    await expect.element(first).toHaveTextContent('Critical')
    await expect
      .element(first)
      .toHaveTextContent(
        'Exploited, and this service has 2 endpoints that handle health data with no authentication: it can be reached, and it holds data worth stealing.',
      )
    await expect
      .element(first.getByRole('link', { name: 'See CVE-2021-44228 in the Vulnerabilities tab' }))
      .toHaveAttribute('href', '/repository/health-records?tab=vulnerabilities&advisories=CVE-2021-44228')
    await expect
      .element(
        page
          .getByRole('listitem', { name: '2 endpoints handle health data with no authentication' })
          .getByRole('link', { name: 'See the endpoints in the API Surface tab' }),
      )
      .toHaveAttribute('href', '/repository/health-records?tab=api-surface')
    await expect
      .element(page.getByRole('link', { name: 'See aws-access-key-id in the Policy Issues tab' }))
      .toHaveAttribute('href', '/repository/health-records?tab=policy-issues&rules=aws-access-key-id')
  })

  it('says exploitation and exposure are unknown where no catalogue and no API description were imported', async () => {
    const unscored: RepositoryFindings = {
      vulnerabilities: [vulnerability('CVE-2026-3000', { severity: 'Critical' })],
      endpoints: [],
      violations: [],
      sla: new Map(),
    }
    await renderPanel(unscored, 'light', {
      ...repository,
      coverage: { policyIssues: true, vulnerabilities: true, apiSurface: false },
    })
    const unknown = page.getByRole('region', { name: 'What is not known' })
    await expect
      .element(unknown)
      .toHaveTextContent(
        "Exploitation is unknown until CISA's KEV catalogue and FIRST's EPSS scores are imported (Data > Import scan files..., or the team's feed)",
      )
    await expect.element(unknown).toHaveTextContent('No API description imported: what it exposes is unknown.')
    await expect.element(page.getByText(/^exploited findings unknown, likely exploited findings unknown/)).toBeVisible()
    await expect
      .element(page.getByText(/^Nothing pressing in what was imported/))
      .toHaveTextContent('What was not imported is not known (above).')
  })

  it('fits a phone’s width', async () => {
    await page.viewport(375, 800)
    try {
      await renderPanel()
      await expect.element(page.getByRole('list', { name: 'Risks, most pressing first' })).toBeVisible()
      expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(375)
    } finally {
      await page.viewport(1280, 800)
    }
  })

  it.each(['light', 'dark'] as const)('passes axe in the %s theme', async (colorScheme) => {
    await renderPanel(findings, colorScheme)
    await expect.element(page.getByRole('list', { name: 'Risks, most pressing first' })).toBeVisible()
    expect(await axeViolations()).toEqual([])
  })

  it('shows a workspace repository’s risks from its imported scans, the KEV catalogue and its API description', async () => {
    const workspace = await workspaceWithFiles([
      { name: 'grype.json', text: grype, repository: 'records' },
      { name: 'openapi.json', text: openapi, repository: 'records' },
    ])
    await importCatalogues(workspace, [
      {
        name: 'known_exploited_vulnerabilities.json',
        text: kevCatalogueText([
          {
            cve: 'CVE-2021-44228',
            dateAdded: '2021-12-10',
            dueDate: '2021-12-24',
            ransomware: true,
            requiredAction: 'Apply updates per vendor instructions.',
          },
        ]),
      },
    ])
    await renderWithProviders(<RepositoryDetailsScreen repoName="records" />, {
      path: '/repository/records?tab=security-context',
      source: 'workspace',
      workspace,
    })
    const first = page.getByRole('listitem', { name: 'CVE-2021-44228 in log4j-core' })
    await expect.element(first).toHaveTextContent("In CISA's KEV catalogue since 2021-12-10")
    await expect.element(first).toHaveTextContent('with no authentication: it can be reached')
    await expect.element(first).toHaveTextContent("CISA's required action: Apply updates per vendor instructions.")
    expect(riskTitles()[0]).toBe('CVE-2021-44228 in log4j-core')
    // KEV is held, EPSS is not: only the missing one is named.
    await expect.element(page.getByText(/^FIRST's EPSS scores are not imported/)).toBeVisible()
    expect(page.getByText(/^CISA's KEV catalogue is not imported/).elements()).toHaveLength(0)
    expect(page.getByText(/^Exploitation is unknown/).elements()).toHaveLength(0)
  })

  it('still says analysis is coming soon for the sample data', async () => {
    await renderWithProviders(<RepositoryDetailsScreen repoName="atlas-storefront" />, {
      path: '/repository/atlas-storefront?tab=security-context',
    })
    await expect.element(page.getByText('Security Context analysis coming soon')).toBeVisible()
    expect(page.getByRole('heading', { name: 'Security context' }).elements()).toHaveLength(0)
  })
})

const grype = JSON.stringify({
  matches: [
    {
      vulnerability: {
        id: 'CVE-2021-44228',
        dataSource: 'https://nvd.nist.gov/vuln/detail/CVE-2021-44228',
        severity: 'Critical',
        description: 'Log4Shell',
        fix: { versions: ['2.17.1'], state: 'fixed' },
      },
      artifact: {
        name: 'log4j-core',
        version: '2.14.1',
        type: 'java-archive',
        purl: 'pkg:maven/org.apache.logging.log4j/log4j-core@2.14.1',
        locations: [{ path: '/app/lib/log4j-core-2.14.1.jar' }],
      },
      matchDetails: [],
    },
  ],
  source: { type: 'directory', target: '.' },
  descriptor: { name: 'grype', version: '0.80.0', timestamp: '2026-11-20T10:00:00Z' },
})

const openapi = JSON.stringify({
  openapi: '3.0.3',
  info: { title: 'Records', version: '1.0.0' },
  paths: {
    '/patients/{id}': {
      get: {
        security: [],
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
        responses: {
          '200': {
            description: 'A patient',
            content: { 'application/json': { schema: { $ref: '#/components/schemas/Patient' } } },
          },
        },
      },
    },
  },
  components: {
    schemas: {
      Patient: {
        type: 'object',
        properties: { diagnosis: { type: 'string' }, dateOfBirth: { type: 'string', format: 'date' } },
      },
    },
  },
})
