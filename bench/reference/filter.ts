import { generateOrganisation } from '../../src/data/generator'
import { repositoryColumns } from '../../src/queries/repositories/repository-columns'
import { defaultRepositoryFilters } from '../../src/queries/repositories/repository-filters'
import { createRepositoryQuery } from '../../src/queries/repositories/repository-query'
import { renderRows } from './rows'

/**
 * The bench's yardstick for filtering: the same generated data, the same query and the same
 * columns as Vigil's table (each column's text, from the one column list), as many rows as Vigil
 * keeps in the page (`rows`), written straight into the DOM with no framework.
 */
const params = new URLSearchParams(location.search)
const size = Number(params.get('n') ?? '5')
const rowsShown = Number(params.get('rows') ?? '20')
const repositories = generateOrganisation(size)
const query = createRepositoryQuery(repositories)
const cells = repositoryColumns.flatMap((column) => column.csv.map(([, value]) => value))
const input = document.getElementById('search') as HTMLInputElement
const count = document.getElementById('count') as HTMLElement
const rows = document.getElementById('rows') as HTMLElement

function render() {
  const shown = query({ ...defaultRepositoryFilters, search: input.value })
  count.textContent = `Showing ${shown.length.toLocaleString('en-US')} of ${repositories.length.toLocaleString('en-US')} repositories`
  renderRows(
    rows,
    Array.from({ length: Math.min(rowsShown, shown.length) }, (_, position) =>
      cells.map((value) => String(value(shown.at(position)))),
    ),
  )
}

input.addEventListener('input', render)
render()
document.body.dataset.ready = 'true'
