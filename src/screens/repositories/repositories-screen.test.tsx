import { describe, expect, it } from 'vitest'
import { page, userEvent } from 'vitest/browser'
import { languageOptions } from '@/queries/repositories/repository-filters'
import { listRepositories } from '@/data/repositories'
import { axeViolations } from '@tests/helpers/axe'
import { captureDownloads } from '@tests/helpers/downloads'
import { componentsRenderedDuring } from '@tests/helpers/react-renders'
import { inFirstFrameOfRows } from '@tests/helpers/virtual-rows'
import { repositoryColumns } from '@/queries/repositories/repository-columns'
import { renderWithProviders } from '@tests/helpers/render'
import { RepositoriesScreen } from './repositories-screen'

const renderScreen = (path = '/repositories', colorScheme: 'light' | 'dark' = 'light') =>
  renderWithProviders(<RepositoriesScreen />, { path, colorScheme })

const count = () => page.getByRole('status')
const rowNames = () =>
  page
    .getByRole('row')
    .elements()
    .slice(1)
    .map((row) => row.querySelector('td')?.querySelector('p')?.textContent)

async function choose(label: string, option: string) {
  await page.getByRole('combobox', { name: label }).click()
  await page.getByRole('option', { name: option, exact: true }).click()
}

describe('All Repositories', () => {
  it('shows the title, subtitle, sample buttons and every repository', async () => {
    await renderScreen()
    await expect.element(page.getByRole('heading', { level: 1, name: 'All Repositories' })).toBeVisible()
    await expect.element(page.getByText('Manage and explore your repositories')).toBeVisible()
    for (const name of ['Primary', 'Secondary', 'Destructive']) {
      await expect.element(page.getByRole('button', { name })).toBeVisible()
    }
    await expect.element(count()).toHaveTextContent('Showing 5 of 5 repositories')
  })

  it('has the columns and fills a row from the sample data', async () => {
    await renderScreen()
    await expect.element(page.getByRole('columnheader').first()).toBeVisible()
    const headers = page
      .getByRole('columnheader')
      .elements()
      .map((header) => header.textContent)
    expect(headers).toEqual(
      repositoryColumns.map((column) =>
        column.sorts.length ? column.sorts.map((option) => option.label).join('') : column.header,
      ),
    )
    expect(headers[0]).toBe('RepositoryUpdated')
    for (const [index, column] of repositoryColumns.entries()) {
      const header = page.getByRole('columnheader').nth(index)
      for (const option of column.sorts) {
        await expect.element(header.getByRole('button', { name: option.label })).toBeVisible()
      }
    }
    const atlas = page.getByRole('row').nth(1)
    await expect.element(atlas).toHaveTextContent('atlas-storefrontUpdated 2 hours ago')
    await expect.element(atlas).toHaveTextContent('TypeScriptJavaScript+2Public1242')
    await expect.element(atlas.getByLabelText('4 policy issues')).toHaveAttribute('data-level', 'danger')
    await expect.element(atlas.getByLabelText('2 vulnerabilities')).toHaveAttribute('data-level', 'warning')
    await expect
      .element(atlas.getByRole('link', { name: 'Open atlas-storefront' }))
      .toHaveAttribute('href', '/repository/atlas-storefront')
    const aurora = page.getByRole('row').nth(2)
    await expect.element(aurora).toHaveTextContent('Private')
    await expect.element(aurora.getByLabelText('0 vulnerabilities')).toHaveAttribute('data-level', 'good')
    await expect
      .element(page.getByRole('row').nth(5).getByLabelText('3 vulnerabilities'))
      .toHaveAttribute('data-level', 'danger')
  })

  // SPEC.md: "Private with a lock, or Public with a globe": each row draws the three icons, and shows one.
  it.each([
    ['aurora-dashboard', 'Private', [true, false, false]],
    ['atlas-storefront', 'Public', [false, true, false]],
  ])('shows %s as %s with its icon alone', async (name, label, shown) => {
    await renderScreen()
    const row = page.getByRole('row', { name })
    await expect.element(row).toHaveTextContent(label)
    const icons = [...row.element().querySelectorAll('[data-visibility] svg')]
    expect(icons.map((icon) => getComputedStyle(icon).display !== 'none')).toEqual(shown)
  })

  it('draws its rows filled, with the table’s row count, in the first frame that shows them', async () => {
    const firstFrame = inFirstFrameOfRows((first) => ({
      name: first.querySelector('td p')?.textContent,
      rowCount: first.closest('table')?.getAttribute('aria-rowcount'),
    }))
    await renderScreen()
    expect(await firstFrame).toEqual({ name: 'atlas-storefront', rowCount: '6' })
  })

  it('searches name and description, case-insensitively, and writes the search to the address', async () => {
    const { location } = await renderScreen()
    await userEvent.type(page.getByRole('searchbox', { name: 'Search' }), 'PATIENT')
    await expect.element(count()).toHaveTextContent('Showing 1 of 5 repositories')
    expect(rowNames()).toEqual(['quantum-backend'])
    // The table's row count follows the rows (its header row included).
    await expect.element(page.getByRole('table', { name: 'Repositories' })).toHaveAttribute('aria-rowcount', '2')
    await expect.poll(() => location.history.at(-1)).toBe('/repositories?q=PATIENT')
  })

  it('renders the count and the table with a keystroke, and nothing else', async () => {
    await renderScreen()
    await expect.element(count()).toHaveTextContent('Showing 5 of 5 repositories')
    const search = page.getByRole('searchbox', { name: 'Search' })
    await userEvent.click(search)
    const rendered = await componentsRenderedDuring(async () => {
      await userEvent.keyboard('PATIENT')
      await expect.element(count()).toHaveTextContent('Showing 1 of 5 repositories')
    })
    const names = [...rendered]
    for (const part of ['ResultCount', 'RepositoryRows']) expect(names).toContain(part)
    for (const part of [
      'RepositoriesScreen',
      'RepositoryTable',
      '@mantine/core/Table',
      '@mantine/core/TableScrollContainer',
      '@mantine/core/TableTbody',
      'Header',
      'SearchField',
      '@mantine/core/TextInput',
      'ChoiceFields',
      'Results',
      'CountStatus',
      '@mantine/core/Text',
      'ExportButton',
      'ExportCsvButton',
      'TableHeader',
      '@mantine/core/Card',
      '@mantine/core/Group',
      '@mantine/core/Button',
    ])
      expect(names).not.toContain(part)

    // Letters that leave the same repository shown render neither the count nor the table.
    const unchanged = await componentsRenderedDuring(async () => {
      await userEvent.keyboard(' r')
      await expect.element(search).toHaveValue('PATIENT r')
    })
    await expect.element(count()).toHaveTextContent('Showing 1 of 5 repositories')
    expect(rowNames()).toEqual(['quantum-backend'])
    for (const part of ['ResultCount', 'ResultsTable', 'RepositoryTable', 'RepositoryRows'])
      expect([...unchanged]).not.toContain(part)

    // The export is disabled when the view turns empty, and enabled again when it has rows,
    // without the button itself rendering again.
    const emptied = await componentsRenderedDuring(async () => {
      await userEvent.keyboard('!')
      await expect.element(count()).toHaveTextContent('Showing 0 of 5 repositories')
      await expect.element(page.getByRole('button', { name: 'Export CSV' })).toBeDisabled()
    })
    expect([...emptied]).toContain('ExportCsvButton')
    expect([...emptied]).not.toContain('@mantine/core/Button')
    await userEvent.keyboard('{Backspace}')
    await expect.element(page.getByRole('button', { name: 'Export CSV' })).toBeEnabled()
  })

  it('writes the search to the address once typing pauses without rendering the screen’s parts again', async () => {
    const { location } = await renderScreen()
    const rendered = await componentsRenderedDuring(async () => {
      await userEvent.type(page.getByRole('searchbox', { name: 'Search' }), 'PATIENT')
      await expect.poll(() => location.history.at(-1)).toBe('/repositories?q=PATIENT')
    })
    const names = [...rendered]
    // Keystrokes render neither: the screen renders with the address write, which reads the address.
    expect(names).toContain('RepositoriesScreen')
    for (const part of [
      'RepositoriesView',
      'Header',
      '@mantine/core/Card',
      '@mantine/core/Group',
      'SearchField',
      'ChoiceFields',
      'Results',
    ])
      expect(names).not.toContain(part)
    await expect.element(count()).toHaveTextContent('Showing 1 of 5 repositories')
  })

  it('writes a search’s results into the rows already in the page, keeping the focused row', async () => {
    const { location } = await renderScreen('/repositories?visibility=private')
    await expect.element(count()).toHaveTextContent('Showing 2 of 5 repositories')
    const before = page.getByRole('row').elements().slice(1)
    expect(rowNames()).toEqual(['aurora-dashboard', 'quantum-backend'])
    before[0].focus()

    // Back to the whole list, as the browser's Back button does, while a row has focus.
    location.navigate('/repositories')
    await expect.element(count()).toHaveTextContent('Showing 5 of 5 repositories')
    const after = page.getByRole('row').elements().slice(1)
    for (const [place, row] of before.entries()) expect(after[place]).toBe(row)
    expect(rowNames()[0]).toBe('atlas-storefront')
    expect(after[0].getAttribute('aria-label')).toBe('atlas-storefront')
    expect(document.activeElement).toBe(after[0])
  })

  it('keeps the rows a search leaves empty in the page, hidden from everyone, and shows them again', async () => {
    await renderScreen()
    await expect.element(count()).toHaveTextContent('Showing 5 of 5 repositories')
    const rows = page.getByRole('row').elements().slice(1)
    expect(rows).toHaveLength(5)
    const field = page.getByRole('searchbox', { name: 'Search' })

    await userEvent.type(field, 'PATIENT')
    await expect.element(count()).toHaveTextContent('Showing 1 of 5 repositories')
    expect(rowNames()).toEqual(['quantum-backend'])
    expect(page.getByRole('row').elements().slice(1)).toEqual([rows[0]])
    for (const row of rows.slice(1)) {
      expect(row.isConnected).toBe(true)
      expect(row.checkVisibility()).toBe(false)
    }

    await userEvent.type(field, 'zzz')
    await expect.element(page.getByText('No repositories found matching your search criteria.')).toBeVisible()
    expect(page.getByRole('row').elements().slice(1)).toHaveLength(1)
    expect(rows.every((row) => row.isConnected && !row.checkVisibility())).toBe(true)
    expect(await axeViolations()).toEqual([])

    await userEvent.clear(field)
    await expect.element(count()).toHaveTextContent('Showing 5 of 5 repositories')
    await expect.element(page.getByText('No repositories found matching your search criteria.')).not.toBeVisible()
    expect(page.getByRole('row').elements().slice(1)).toEqual(rows)
    expect(rowNames()[0]).toBe('atlas-storefront')
    expect(rows.map((row) => row.getAttribute('aria-label'))).toEqual(rowNames())
  })

  it('opens a repository from its row’s link in the app, and leaves a click for a new tab to the browser', async () => {
    const { location } = await renderScreen()
    const link = page.getByRole('link', { name: 'Open nexus-api' })
    await expect.element(link).toHaveAttribute('href', '/repository/nexus-api')
    // After the app's own handler: whether it took the click, then no navigation of the test page.
    const taken: boolean[] = []
    const record = (event: MouseEvent) => {
      taken.push(event.defaultPrevented)
      event.preventDefault()
    }
    window.addEventListener('click', record)
    const click = (init: MouseEventInit) =>
      link.element().dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, ...init }))
    click({ ctrlKey: true })
    click({ metaKey: true })
    click({ button: 1 })
    expect(location.history.at(-1)).toBe('/repositories')
    click({})
    window.removeEventListener('click', record)
    expect(taken).toEqual([false, false, false, true])
    expect(location.history.at(-1)).toBe('/repository/nexus-api')
  })

  it('exports as CSV exactly what the typed search shows', async () => {
    const capture = captureDownloads()
    await renderScreen()
    await userEvent.type(page.getByRole('searchbox', { name: 'Search' }), 'PATIENT')
    await expect.element(count()).toHaveTextContent('Showing 1 of 5 repositories')
    await page.getByRole('button', { name: 'Export CSV' }).click()
    const [download] = capture.downloads
    const lines = (await download.blob.text()).trimEnd().split('\r\n')
    expect(lines).toHaveLength(2)
    expect(lines[1].startsWith('quantum-backend,')).toBe(true)
    capture.restore()
  })

  it('filters by visibility and by language, combining them with AND', async () => {
    await renderScreen()
    await choose('Visibility', 'Private')
    await expect.element(count()).toHaveTextContent('Showing 2 of 5 repositories')
    await choose('Language', 'Python')
    await expect.element(count()).toHaveTextContent('Showing 1 of 5 repositories')
    expect(rowNames()).toEqual(['quantum-backend'])
    await choose('Visibility', 'Public')
    await expect.element(count()).toHaveTextContent('Showing 0 of 5 repositories')
  })

  it("offers 'All Languages' and the sorted union of languages", async () => {
    await renderScreen()
    await page.getByRole('combobox', { name: 'Language' }).click()
    await expect.element(page.getByRole('option').first()).toBeVisible()
    const options = page
      .getByRole('option')
      .elements()
      .map((option) => option.textContent)
    expect(options).toEqual(['All Languages', ...languageOptions(listRepositories())])
  })

  it('shows the empty result text and clears the filters from it', async () => {
    await renderScreen('/repositories?q=no-such-thing&visibility=private')
    await expect.element(page.getByText('No repositories found matching your search criteria.')).toBeVisible()
    await expect.element(count()).toHaveTextContent('Showing 0 of 5 repositories')
    expect(await axeViolations()).toEqual([])
    await page.getByRole('button', { name: 'Clear filters' }).click()
    await expect.element(count()).toHaveTextContent('Showing 5 of 5 repositories')
    await expect.element(page.getByRole('searchbox', { name: 'Search' })).toHaveValue('')
  })

  it('opens with the filters of a shared address and follows the address back', async () => {
    const { location } = await renderScreen('/repositories?visibility=public&language=Go')
    await expect.element(count()).toHaveTextContent('Showing 1 of 5 repositories')
    await expect.element(page.getByRole('combobox', { name: 'Visibility' })).toHaveValue('Public')
    await expect.element(page.getByRole('combobox', { name: 'Language' })).toHaveValue('Go')
    location.navigate('/repositories?language=TypeScript')
    await expect.element(count()).toHaveTextContent('Showing 3 of 5 repositories')
    await expect.element(page.getByRole('combobox', { name: 'Visibility' })).toHaveValue('All')
  })

  it('shows a search that comes from the address in the field: on opening, and on back or forward', async () => {
    const { location } = await renderScreen('/repositories?q=patient')
    const search = page.getByRole('searchbox', { name: 'Search' })
    await expect.element(search).toHaveValue('patient')
    await expect.element(count()).toHaveTextContent('Showing 1 of 5 repositories')
    location.navigate('/repositories?q=atlas')
    await expect.element(search).toHaveValue('atlas')
    location.navigate('/repositories')
    await expect.element(search).toHaveValue('')
    await expect.element(count()).toHaveTextContent('Showing 5 of 5 repositories')
  })

  it.each(['light', 'dark'] as const)('has no axe-core violations (%s)', async (scheme) => {
    await renderScreen('/repositories', scheme)
    await expect.element(count()).toHaveTextContent('Showing 5 of 5 repositories')
    expect(await axeViolations()).toEqual([])
  })
})
