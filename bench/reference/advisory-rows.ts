import { defaultVulnerabilityFilters, filterAdvisories } from '../../src/data/advisories'
import type { VulnerabilityIndex } from '../../src/data/organisation'
import type { Repository } from '../../src/data/repositories'
import { renderRows } from './rows'

/** As many advisory rows as Vigil's table shows in view. */
const ROWS_SHOWN = 14

/**
 * The yardstick for `/vulnerabilities`: the same grouping and filter as Vigil's, and the rows its
 * table shows in view, written straight into the page's `#rows` on each input in `#search`.
 */
export function showAdvisories(index: VulnerabilityIndex, repositories: Repository[]) {
  const input = document.getElementById('search') as HTMLInputElement
  const count = document.getElementById('count') as HTMLElement
  const rows = document.getElementById('rows') as HTMLElement

  function render() {
    const groups = filterAdvisories(index.groups, index.occurrences, repositories, {
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
}
