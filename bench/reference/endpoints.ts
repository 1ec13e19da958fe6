import { loadGeneratedDataSource } from '../../src/data/data-source'
import { endpointFiltersFromQuery } from '../../src/queries/endpoints/endpoint-filters'
import { filterEndpoints, shownEndpoints } from '../../src/queries/endpoints/endpoint-query'
import { renderRows, rowsShown, searchPage } from './rows'

/**
 * The yardstick for `/apis`: the endpoints of a generated organisation (`?n=` repositories), the
 * same filter and order as Vigil's, and as many rows as its table draws (`?rows=`), written
 * straight into `#rows` on each input in `#search` (both made here).
 */
const size = Number(new URLSearchParams(location.search).get('n') ?? '5')
const shownRows = rowsShown()
const source = await loadGeneratedDataSource(size)
const occurrences = await source.endpointOccurrences()
const { repositories } = source
const defaults = endpointFiltersFromQuery('', 'all')
const total = filterEndpoints(occurrences, repositories, defaults).length

const { input, count, rows } = searchPage()

function render() {
  const shown = shownEndpoints(occurrences, repositories, { ...defaults, search: input.value })
  count.textContent = `Showing ${shown.length.toLocaleString('en-US')} of ${total.toLocaleString('en-US')} endpoints`
  renderRows(
    rows,
    shown.slice(0, shownRows).map((index) => {
      const endpoint = occurrences.endpoint[index]
      return [
        `${endpoint.method} ${endpoint.path} ${endpoint.description}`,
        repositories[occurrences.repository[index]]?.name ?? '',
        endpoint.auth,
        endpoint.pii ? 'Yes' : 'No',
        endpoint.pci ? 'Yes' : 'No',
        endpoint.phi ? 'Yes' : 'No',
        `${endpoint.reasons?.length ?? 0} reasons`,
      ]
    }),
  )
}

input.addEventListener('input', render)
render()
document.body.dataset.ready = 'true'
