import { affectedRepositories, filterAdvisories } from '../../src/queries/advisories/advisory-query'
import { defaultVulnerabilityFilters } from '../../src/queries/advisories/vulnerability-filters'
import type { VulnerabilityIndex } from '../../src/data/advisory-groups'
import type { Repository } from '../../src/data/repositories'
import { renderRows, rowsShown, searchPage } from './rows'

/**
 * The yardstick for `/vulnerabilities`: the same grouping and filter as Vigil's, and as many rows
 * as its table draws (`?rows=`), written straight into `#rows` on each input in `#search` (both
 * made here).
 */
export function showAdvisories(index: VulnerabilityIndex, repositories: Repository[]) {
  const shownRows = rowsShown()
  const { input, count, rows } = searchPage()

  function render() {
    const groups = filterAdvisories(index.groups, index.occurrences, repositories, {
      ...defaultVulnerabilityFilters,
      search: input.value,
    })
    const affected = affectedRepositories(groups, index.occurrences, repositories.length)
    count.textContent = `Showing ${groups.length} of ${index.groups.length} advisories, affecting ${affected.toLocaleString('en-US')} repositories`
    renderRows(
      rows,
      groups
        .slice(0, shownRows)
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
}
