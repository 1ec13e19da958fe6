import { afterEach, describe, expect, it, vi } from 'vitest'
import { page, userEvent } from 'vitest/browser'
import { generateOrganisation } from '@/data/generator'
import { defaultRepositoryFilters, type RepositoryFilters } from '@/queries/repositories/repository-filters'
import { createRepositoryQuery } from '@/queries/repositories/repository-query'
import { captureDownloads } from '@tests/helpers/downloads'
import { renderWithProviders } from '@tests/helpers/render'
import { drawnRowHeights, drawnRows, hiddenPartsWhileWalking } from '@tests/helpers/virtual-rows'
import { RepositoriesScreen } from './repositories-screen'
import { ROW_HEIGHT } from './repository-row'

const SIZE = 100_000
const repositories = generateOrganisation(SIZE)
const repositoryQuery = createRepositoryQuery(repositories)
const query = (filters: RepositoryFilters) => repositoryQuery(filters).toArray()

async function renderLarge(path = '/repositories') {
  const rendered = await renderWithProviders(<RepositoriesScreen />, { path, source: SIZE })
  await expect.element(page.getByText(/^Showing [\d,]+ of 100,000 repositories$/), { timeout: 20_000 }).toBeVisible()
  return rendered
}

/** The count line for `count` rows of the 100,000. */
const expectShowing = (count: number) =>
  expect.element(page.getByText(`Showing ${count.toLocaleString('en-US')} of 100,000 repositories`)).toBeVisible()

const rowName = (row: HTMLTableRowElement) => row.querySelector('td p')?.textContent

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('All Repositories at 100,000 repositories', () => {
  it('shows only the rows in view, and the right ones while scrolling', async () => {
    await renderLarge()
    await expect.element(page.getByText('Showing 100,000 of 100,000 repositories')).toBeVisible()
    expect(page.getByRole('table', { name: 'Repositories' }).element().getAttribute('aria-rowcount')).toBe('100001')
    const firstRows = drawnRows()
    expect(firstRows.length).toBeGreaterThan(5)
    expect(firstRows.length).toBeLessThan(40)
    expect(rowName(firstRows[0])).toBe(repositories[0].name)
    // Every row is as tall as the virtualiser counts on, or rows would drift from their places.
    expect(drawnRowHeights()).toEqual(new Set([ROW_HEIGHT]))

    const top = (document.querySelector('tbody') as HTMLElement).getBoundingClientRect().top + window.scrollY
    window.scrollTo(0, top + 50_000 * ROW_HEIGHT)
    await expect.poll(() => drawnRows().some((row) => row.dataset.index === '50000')).toBe(true)
    const row = drawnRows().find((candidate) => candidate.dataset.index === '50000') as HTMLTableRowElement
    expect(rowName(row)).toBe(repositories[50_000].name)
    expect(row.getAttribute('aria-rowindex')).toBe('50002')
    expect(drawnRows().length).toBeLessThan(40)
    window.scrollTo(0, 0)
  })

  it('draws one row below the window at rest, and more while the page scrolls', async () => {
    await renderLarge()
    const below = () => drawnRows().filter((row) => row.getBoundingClientRect().top >= window.innerHeight).length
    await expect.poll(below).toBe(1)
    const scrolling = setInterval(() => window.scrollBy(0, 5), 20)
    try {
      await expect.poll(below).toBe(4)
    } finally {
      clearInterval(scrolling)
    }
    await expect.poll(below).toBe(1)
    window.scrollTo(0, 0)
  })

  it('filters with exact counts and shows the matching rows', async () => {
    await renderLarge()
    await userEvent.type(page.getByRole('searchbox', { name: 'Search' }), 'team')
    const expected = query({ ...defaultRepositoryFilters, search: 'team' })
    await expectShowing(expected.length)
    await expect.poll(() => rowName(drawnRows()[0])).toBe(expected[0].name)

    await userEvent.clear(page.getByRole('searchbox', { name: 'Search' }))
    await userEvent.type(page.getByRole('searchbox', { name: 'Search' }), 'no repository has this')
    await expect.element(page.getByText('Showing 0 of 100,000 repositories')).toBeVisible()
    await expect.element(page.getByText('No repositories found matching your search criteria.')).toBeVisible()
  })

  it('sorts by a column, keeps the sort in the address, and toggles its direction', async () => {
    const { location } = await renderLarge()
    await page.getByRole('button', { name: 'Vulnerabilities' }).click()
    await expect
      .element(page.getByRole('columnheader', { name: 'Vulnerabilities' }))
      .toHaveAttribute('aria-sort', 'descending')
    expect(location.history.at(-1)).toBe('/repositories?sort=vulnerabilities&dir=desc')
    const expected = query({ ...defaultRepositoryFilters, sort: { column: 'vulnerabilities', direction: 'desc' } })
    await expect.poll(() => rowName(drawnRows()[0])).toBe(expected[0].name)
    expect(expected[0].vulnerabilities).toBe(5)
    await page.getByRole('button', { name: 'Vulnerabilities' }).click()
    await expect
      .element(page.getByRole('columnheader', { name: 'Vulnerabilities' }))
      .toHaveAttribute('aria-sort', 'ascending')
  })

  it('sorts by name with the order a worker sorted while the list showed', async () => {
    const answered = new Promise<void>((resolve) => {
      const PageWorker = window.Worker
      vi.stubGlobal(
        'Worker',
        class extends PageWorker {
          constructor(url: string | URL, options?: WorkerOptions) {
            super(url, options)
            if (String(url).includes('name-order')) this.addEventListener('message', () => resolve())
          }
        },
      )
    })
    await renderLarge()
    await answered
    for (const direction of ['asc', 'desc'] as const) {
      await page.getByRole('button', { name: 'Repository' }).click()
      const expected = query({ ...defaultRepositoryFilters, sort: { column: 'name', direction } })
      await expect.poll(() => rowName(drawnRows()[0])).toBe(expected[0].name)
      expect(drawnRows().map(rowName)).toEqual(
        expected.slice(0, drawnRows().length).map((repository) => repository.name),
      )
    }
  })

  it('opens a shared address with its filters and sort', async () => {
    await renderLarge('/repositories?visibility=private&language=Go&sort=name&dir=asc')
    const expected = query({
      ...defaultRepositoryFilters,
      visibility: 'private',
      language: 'Go',
      sort: { column: 'name', direction: 'asc' },
    })
    await expectShowing(expected.length)
    await expect.poll(() => rowName(drawnRows()[0])).toBe(expected[0].name)
  })

  it('moves between rows with the keyboard, all the way to the last, and opens one with Enter', async () => {
    const { location } = await renderLarge()
    drawnRows()[0].focus()
    await userEvent.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}')
    await expect.poll(() => (document.activeElement as HTMLElement).dataset.index).toBe('3')
    await userEvent.keyboard('{End}')
    await expect.poll(() => (document.activeElement as HTMLElement).dataset.index).toBe('99999')
    expect(rowName(document.activeElement as HTMLTableRowElement)).toBe(repositories[99_999].name)
    await userEvent.keyboard('{Home}')
    await expect.poll(() => (document.activeElement as HTMLElement).dataset.index).toBe('0')
    await userEvent.keyboard('{Enter}')
    expect(location.history.at(-1)).toBe(`/repository/${repositories[0].name}`)
  })

  it('leaves the focus in the search field when rows moved through with the keys change with the search', async () => {
    await renderLarge()
    drawnRows()[0].focus()
    await userEvent.keyboard('{ArrowDown}{ArrowDown}')
    await expect.poll(() => (document.activeElement as HTMLElement).dataset.index).toBe('2')
    const search = page.getByRole('searchbox', { name: 'Search' })
    await userEvent.click(search)
    await userEvent.keyboard('serv')
    const shown = query({ ...defaultRepositoryFilters, search: 'serv' })
    await expectShowing(shown.length)
    await expect.poll(() => rowName(drawnRows()[0])).toBe(shown[0].name)
    await expect.element(search).toHaveFocus()
    await expect.element(search).toHaveValue('serv')
  })

  // The table is in the page while the repositories are generated, below the notice that says so;
  // when the notice goes, the table moves up, and the keys must know where it now starts.
  it('keeps the focused row wholly in view while the arrow keys move, after the notice above the table has gone', async () => {
    await renderLarge()
    await expect.element(page.getByText(/^Generating /)).not.toBeInTheDocument()
    expect(await hiddenPartsWhileWalking(25, 20)).toEqual(Array(45).fill(0))
  })

  // A scroll draws more rows than the page shows at rest; those it no longer shows are kept, hidden,
  // and the keys must wait for the row they move to to be shown, not take a kept one for it.
  it('moves to a row kept hidden below the window after a scroll, once it is shown', async () => {
    await renderLarge()
    await expect.element(page.getByText(/^Generating /)).not.toBeInTheDocument()
    const below = () => drawnRows().filter((row) => row.getBoundingClientRect().top >= window.innerHeight).length
    const scrolling = setInterval(() => window.scrollBy(0, 5), 20)
    try {
      await expect.poll(below).toBe(4)
    } finally {
      clearInterval(scrolling)
    }
    window.scrollTo(0, 0)
    await expect.poll(below).toBe(1)
    const lastShown = drawnRows().at(-1) as HTMLTableRowElement
    const next = String(Number(lastShown.dataset.index) + 1)
    const kept = document.querySelector<HTMLTableRowElement>(`tbody tr[data-index="${next}"]`)
    expect(kept?.hidden).toBe(true)
    lastShown.focus({ preventScroll: true })
    await userEvent.keyboard('{ArrowDown}')
    await expect.poll(() => (document.activeElement as HTMLElement).dataset.index).toBe(next)
    expect(rowName(document.activeElement as HTMLTableRowElement)).toBe(repositories[Number(next)].name)
    // The walk counts from the first row: back at the top, with the rows kept from the scroll.
    window.scrollTo(0, 0)
    await expect.poll(() => drawnRows()[0].dataset.index).toBe('0')
    expect(await hiddenPartsWhileWalking(25, 20)).toEqual(Array(45).fill(0))
  })

  it('exports exactly the filtered and sorted view as CSV', async () => {
    const capture = captureDownloads()
    await renderLarge('/repositories?visibility=public&language=Rust&sort=apis&dir=desc')
    const expected = query({
      ...defaultRepositoryFilters,
      visibility: 'public',
      language: 'Rust',
      sort: { column: 'apis', direction: 'desc' },
    })
    await expectShowing(expected.length)
    await page.getByRole('button', { name: 'Export CSV' }).click()
    const [download] = capture.downloads
    expect(download.filename).toBe('vigil-repositories.csv')
    const lines = (await download.blob.text()).trimEnd().split('\r\n')
    expect(lines).toHaveLength(expected.length + 1)
    expect(lines[1].startsWith(`${expected[0].name},`)).toBe(true)
    expect(lines.at(-1)?.startsWith(`${expected.at(-1)?.name},`)).toBe(true)
    capture.restore()
  })
})
