import { describe, expect, it } from 'vitest'
import { page, userEvent } from 'vitest/browser'
import { axeViolations } from '@tests/helpers/axe'
import { captureDownloads } from '@tests/helpers/downloads'
import { componentsRenderedDuring } from '@tests/helpers/react-renders'
import { renderWithProviders } from '@tests/helpers/render'
import { drawnRowHeights, hiddenPartsWhileWalking, inFirstFrameOfRows } from '@tests/helpers/virtual-rows'
import { grypeScannedAgo } from '@tests/helpers/scanned-ago'
import { deleteTestWorkspacesAfterEach, workspaceWithExamples, workspaceWithFiles } from '@tests/helpers/workspace'
import type { DataSourceChoice } from '@/state/data-source'
import type { WorkspaceIdentity } from '@/state/workspace'
import { ApisScreen, type ApisView } from './apis-screen'
import { ENDPOINT_ROW_HEIGHT } from './endpoint-table'

deleteTestWorkspacesAfterEach()

function renderScreen(
  path = '/apis',
  {
    view = 'all',
    source = 'sample',
    workspace,
    colorScheme = 'light',
  }: {
    view?: ApisView
    source?: DataSourceChoice
    workspace?: WorkspaceIdentity
    colorScheme?: 'light' | 'dark'
  } = {},
) {
  return renderWithProviders(<ApisScreen view={view} />, { path, source, workspace, colorScheme })
}

const shown = () => page.getByText(/^Showing [\d,]+ of [\d,]+ endpoints?$/)

describe('APIs across the sample repositories', () => {
  it('lists every endpoint, the sensitive ones with no authentication first, under a headline linking to them', async () => {
    await renderScreen()
    await expect.element(page.getByRole('heading', { level: 1, name: 'APIs' })).toBeVisible()
    await expect.element(shown()).toHaveTextContent('Showing 49 of 49 endpoints')
    await expect.element(page.getByText('4 endpoints handle sensitive data with no authentication')).toBeVisible()
    await expect
      .element(page.getByRole('link', { name: 'Show the 4 endpoints that anyone can call' }))
      .toHaveAttribute('href', '/apis?category=sensitive&auth=None')
    const rows = page.getByRole('row', { name: / in [a-z-]+$/ })
    await expect.element(rows.first()).toHaveTextContent(/POST\/api\/(contact|newsletter|signup).*None.*Yes/)
  })

  it('writes the table’s row count in the first frame that draws its rows', async () => {
    const rowCount = inFirstFrameOfRows((first) => first.closest('table')?.getAttribute('aria-rowcount'))
    await renderScreen()
    expect(await rowCount).toBe('50')
  })

  it('reads the filters from the address and writes them back as they change', async () => {
    const { location } = await renderScreen('/apis?category=sensitive&auth=None')
    await expect.element(shown()).toHaveTextContent('Showing 4 of 49 endpoints')
    await expect.element(page.getByRole('combobox', { name: 'Authentication' })).toHaveValue('None')
    await page.getByRole('searchbox', { name: 'Search' }).fill('newsletter')
    await expect.poll(() => location.history.at(-1)).toBe('/apis?q=newsletter&category=sensitive&auth=None')
    await expect.element(shown()).toHaveTextContent('Showing 2 of 49 endpoints')
    await expect.element(page.getByRole('table', { name: 'Endpoints' })).toHaveAttribute('aria-rowcount', '3')
    await page.getByRole('combobox', { name: 'Repository' }).click()
    await page.getByRole('option', { name: 'stellar-frontend' }).click()
    await expect
      .poll(() => location.history.at(-1))
      .toBe('/apis?q=newsletter&category=sensitive&auth=None&repository=stellar-frontend')
    await expect.element(shown()).toHaveTextContent('Showing 1 of 49 endpoints')
    const link = page.getByRole('link', { name: 'stellar-frontend' })
    await expect.element(link).toHaveAttribute('href', '/repository/stellar-frontend?tab=api-surface')
    // A plain link in the row: a click opens the repository's API Surface tab in the app.
    await link.click()
    await expect.poll(() => location.history.at(-1)).toBe('/repository/stellar-frontend?tab=api-surface')
  })

  it('renders the results with a keystroke, not the screen, the headline, the search card or the export button', async () => {
    const { location } = await renderScreen()
    await expect.element(shown()).toHaveTextContent('Showing 49 of 49 endpoints')
    const search = page.getByRole('searchbox', { name: 'Search' })
    await userEvent.click(search)
    const rendered = await componentsRenderedDuring(async () => {
      await userEvent.keyboard('newsletter')
      await expect.element(shown()).toHaveTextContent('Showing 2 of 49 endpoints')
    })
    const names = [...rendered]
    for (const part of ['EndpointTable', 'VirtualTableRows']) expect(names).toContain(part)
    // The table's frame (its card, Mantine's table and its body) is drawn once: the rows render alone.
    for (const part of [
      'Endpoints',
      'ExposedAlert',
      'SearchCard',
      '@mantine/core/TextInput',
      'ExportCsvButton',
      'VirtualTableFrame',
      '@mantine/core/Card',
      '@mantine/core/Table',
      '@mantine/core/TableTbody',
    ])
      expect(names).not.toContain(part)
    // A key that leaves the same endpoints (a space the search trims): the results render, the table does not.
    const unchanged = await componentsRenderedDuring(async () => {
      await userEvent.keyboard(' ')
      await expect.element(search).toHaveValue('newsletter ')
    })
    expect([...unchanged]).toContain('EndpointResults')
    for (const part of ['Endpoints', 'EndpointTable', 'EndpointRow']) expect([...unchanged]).not.toContain(part)
    await expect.element(shown()).toHaveTextContent('Showing 2 of 49 endpoints')

    // A search set elsewhere (back, forward, a link) is written into the field.
    location.navigate('/apis?q=signup')
    await expect.element(search).toHaveValue('signup')
    location.navigate('/apis')
    await expect.element(search).toHaveValue('')
    await expect.element(shown()).toHaveTextContent('Showing 49 of 49 endpoints')
  })

  it('exports exactly the filtered endpoints as CSV', async () => {
    const capture = captureDownloads()
    try {
      await renderScreen('/apis?category=phi')
      await expect.element(shown()).toHaveTextContent('Showing 6 of 49 endpoints')
      await page.getByRole('button', { name: 'Export CSV' }).click()
      const lines = (await capture.downloads[0].blob.text()).trimEnd().split('\r\n')
      expect(capture.downloads[0].filename).toBe('vigil-endpoints.csv')
      expect(lines).toHaveLength(7)
      expect(lines.slice(1).every((line) => line.includes('PHI'))).toBe(true)
    } finally {
      capture.restore()
    }
  })

  it('says the samples have no API descriptions on /apis/documentation', async () => {
    await renderScreen('/apis/documentation', { view: 'documentation' })
    await expect.element(page.getByRole('heading', { name: 'No API descriptions yet' })).toBeVisible()
    await expect
      .element(page.getByRole('link', { name: 'Go to data sources' }))
      .toHaveAttribute('href', '/organizations/settings')
  })

  it.each(['light', 'dark'] as const)('has no WCAG 2.2 AA violations in the %s theme', async (colorScheme) => {
    await renderScreen('/apis', { colorScheme })
    await expect.element(shown()).toBeVisible()
    expect(await axeViolations()).toEqual([])
  })
})

describe('APIs of a generated organisation', () => {
  it('lists the endpoints of 500 repositories, only those in view in the page', async () => {
    await renderScreen('/apis/rest', { view: 'rest', source: 500 })
    await expect.element(shown(), { timeout: 15_000 }).toBeVisible()
    const [count, total] = shown()
      .element()
      .textContent!.match(/[\d,]+/g)!
      .map((value) => Number(value.replace(/,/g, '')))
    expect(count).toBe(total)
    expect(total).toBeGreaterThan(2000)
    expect(page.getByRole('row').elements().length).toBeLessThan(60)
  })

  it('draws every row as tall as the table counts, and the arrow keys keep the focused row in view below a fixed header', async () => {
    // What the signed-in layout declares for its header.
    document.documentElement.style.scrollPaddingTop = '56px'
    try {
      await renderScreen('/apis/rest', { view: 'rest', source: 500 })
      await expect.element(shown(), { timeout: 15_000 }).toBeVisible()
      expect(drawnRowHeights()).toEqual(new Set([ENDPOINT_ROW_HEIGHT]))
      expect(await hiddenPartsWhileWalking(25, 20)).toEqual(Array(45).fill(0))
    } finally {
      document.documentElement.style.removeProperty('scroll-padding-top')
    }
  })
})

/** A people directory in Swagger 2.0 that declares no security: three of its operations handle personal data. */
const directorySwagger = JSON.stringify({
  swagger: '2.0',
  info: { title: 'Directory', version: '1.0' },
  paths: {
    '/people/{id}': {
      get: {
        parameters: [{ in: 'path', name: 'id', required: true, type: 'string' }],
        responses: { 200: { description: 'A person', schema: { $ref: '#/definitions/Person' } } },
      },
    },
    '/people': {
      post: {
        parameters: [{ in: 'body', name: 'person', schema: { $ref: '#/definitions/Person' } }],
        responses: { 201: { description: 'Created' } },
      },
    },
    '/subscriptions': {
      post: {
        consumes: ['application/x-www-form-urlencoded'],
        parameters: [{ in: 'formData', name: 'email', type: 'string', format: 'email' }],
        responses: { 204: { description: 'Subscribed' } },
      },
    },
    '/ping': { get: { responses: { 200: { description: 'pong' } } } },
  },
  definitions: {
    Person: {
      type: 'object',
      properties: { given_name: { type: 'string' }, email: { type: 'string', format: 'email' } },
    },
  },
})

/** A clinic's API in OpenAPI 3.1 YAML with no security object: one operation reads health data, one card data. */
const clinicOpenApi = `openapi: 3.1.0
info: { title: Clinic, version: '0.9' }
paths:
  /patients/{id}:
    get:
      parameters:
        - { name: id, in: path, required: true, schema: { type: string } }
      responses:
        '200':
          description: A patient
          content:
            application/json:
              schema:
                type: object
                properties:
                  birthDate: { type: string, format: date }
                  diagnosis: { type: string }
  /cards:
    post:
      requestBody:
        content:
          application/json:
            schema:
              type: object
              properties:
                card_number: { type: string }
                cvc: { type: string }
      responses: { '201': { description: Saved } }
`

describe('APIs in a workspace', () => {
  it('tells webhooks, GraphQL and REST apart and lists the imported descriptions', async () => {
    const graph = JSON.stringify({
      openapi: '3.1.0',
      info: { title: 'Storefront Graph', version: '2' },
      paths: { '/graphql': { post: { summary: 'The storefront graph', security: [] } } },
    })
    const examples = await workspaceWithExamples()
    const { screen } = await renderScreen('/apis/webhooks', {
      view: 'webhooks',
      source: 'workspace',
      workspace: examples,
    })
    await expect.element(page.getByRole('heading', { level: 1, name: 'Webhooks and callbacks' })).toBeVisible()
    await expect.element(shown()).toHaveTextContent(/^Showing [1-9]\d* of [1-9]\d* endpoints?$/)
    await expect.element(page.getByRole('row', { name: / in health-records$/ }).first()).toHaveTextContent('webhook')
    // A channel badge beside the path, or a note under the authentication, leaves the row as tall as the others.
    expect(drawnRowHeights()).toEqual(new Set([ENDPOINT_ROW_HEIGHT]))
    await screen.unmount()

    const withGraph = await workspaceWithFiles([{ name: 'shop/graph.json', text: graph, repository: 'shop' }])
    const graphScreen = await renderScreen('/apis/graphql', {
      view: 'graphql',
      source: 'workspace',
      workspace: withGraph,
    })
    await expect.element(shown()).toHaveTextContent('Showing 1 of 1 endpoint')
    await expect.element(page.getByRole('row', { name: 'POST /graphql in shop' })).toBeVisible()
    await graphScreen.screen.unmount()

    await renderScreen('/apis/documentation', { view: 'documentation', source: 'workspace', workspace: examples })
    await expect.element(page.getByText('3 API descriptions')).toBeVisible()
    const table = page.getByRole('table', { name: 'API descriptions' })
    await expect
      .element(table.getByRole('link', { name: 'health-records' }))
      .toHaveAttribute('href', '/repository/health-records?tab=api-surface')
    await expect.element(table).toHaveTextContent('Health Records API')
  })

  it('counts the sensitive operations of Swagger 2.0 and OpenAPI 3.1 descriptions that declare no security as open to anyone', async () => {
    const workspace = await workspaceWithFiles([
      { name: 'directory/swagger.json', text: directorySwagger, repository: 'directory' },
      { name: 'clinic/openapi.yaml', text: clinicOpenApi, repository: 'clinic' },
      { name: 'billing/grype.json', text: grypeScannedAgo(1, 'CVE-2021-44228'), repository: 'billing' },
    ])
    await renderScreen('/apis', { source: 'workspace', workspace })
    await expect.element(shown()).toHaveTextContent('Showing 6 of 6 endpoints')
    const headline = page.getByRole('alert')
    await expect.element(headline).toHaveTextContent('5 endpoints handle sensitive data with no authentication')
    await expect
      .element(headline.getByRole('link', { name: 'Show the 5 endpoints that anyone can call' }))
      .toHaveAttribute('href', '/apis?category=sensitive&auth=None')
    // The repository no API description was imported for is not counted, and not said to be safe.
    await expect.element(headline).toHaveTextContent('1 repository with no API description imported is not counted.')
    expect(page.getByText(/asks for authentication/).elements()).toHaveLength(0)
    await expect
      .element(page.getByRole('row', { name: 'GET /people/{id} in directory' }))
      .toHaveTextContent('Nonenot declared')
  })

  it('says that nothing is known of a workspace whose repositories have no API description', async () => {
    const workspace = await workspaceWithFiles([
      { name: 'billing/grype.json', text: grypeScannedAgo(1, 'CVE-2021-44228'), repository: 'billing' },
    ])
    await renderScreen('/apis', { source: 'workspace', workspace })
    const status = page.getByRole('status').filter({ hasText: 'No API description imported' })
    await expect.element(status).toBeVisible()
    await expect
      .element(status.getByRole('link', { name: 'Go to data sources' }))
      .toHaveAttribute('href', '/organizations/settings')
    expect(page.getByText(/sensitive data with no authentication|asks for authentication/).elements()).toHaveLength(0)
  })

  it('shows why an imported endpoint is flagged in a popover', async () => {
    const workspace = await workspaceWithExamples()
    await renderScreen('/apis?repository=health-records&category=phi', { source: 'workspace', workspace })
    const why = page.getByRole('button', { name: /reasons why GET \/fhir\/Patient\/\{id\} is flagged/ })
    await why.click()
    await expect.element(page.getByText('PHI: Protected Health Information')).toBeVisible()
  })
})
