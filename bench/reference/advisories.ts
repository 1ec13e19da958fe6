import { defaultVulnerabilityFilters, filterAdvisories } from '../../src/data/advisories'
import { loadGeneratedOrganisation } from '../../src/data/organisation'
import { renderRows } from './rows'

/**
 * The yardstick for `/vulnerabilities`: the same generated organisation, the same grouping and
 * filter, and the rows Vigil's table shows in view, written straight into the DOM.
 */
const ROWS_SHOWN = 14
const size = Number(new URLSearchParams(location.search).get('n') ?? '5')
const organisation = await loadGeneratedOrganisation(size)
const index = await organisation.vulnerabilityIndex()
const input = document.getElementById('search') as HTMLInputElement
const count = document.getElementById('count') as HTMLElement
const rows = document.getElementById('rows') as HTMLElement

function render() {
  const groups = filterAdvisories(index.groups, index.occurrences, organisation.repositories, {
    ...defaultVulnerabilityFilters,
    search: input.value,
  })
  let affected = 0
  for (const group of groups) affected += group.repositories
  count.textContent = `Showing ${groups.length} of ${index.groups.length} advisories, affecting ${affected.toLocaleString('en-US')} repositories`
  renderRows(
    rows,
    groups
      .slice(0, ROWS_SHOWN)
      .map((group) => [
        `${group.id} ${group.title}`,
        group.severity,
        group.cvss?.toFixed(1) ?? '–',
        group.epss?.toFixed(3) ?? '–',
        `${group.packages.join(', ')} ${group.affected.join(', ')}`,
        group.fixed.join(', '),
        `${group.repositories} repositories`,
      ]),
  )
}

input.addEventListener('input', render)
render()
document.body.dataset.ready = 'true'
