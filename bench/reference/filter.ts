import { generateOrganisation } from '../../src/data/generator'
import { renderRows } from './rows'

/**
 * The bench's yardstick for filtering: the same generated data and the same substring search,
 * with no framework, rendering the first rows straight into the DOM.
 */
const ROWS_SHOWN = 20
const size = Number(new URLSearchParams(location.search).get('n') ?? '5')
const repositories = generateOrganisation(size)
const haystacks = repositories.map((repository) => `${repository.name}\n${repository.description}`.toLowerCase())
const input = document.getElementById('search') as HTMLInputElement
const count = document.getElementById('count') as HTMLElement
const rows = document.getElementById('rows') as HTMLElement

function render() {
  const needle = input.value.trim().toLowerCase()
  const shown: number[] = []
  for (let index = 0; index < repositories.length; index++)
    if (needle === '' || haystacks[index].includes(needle)) shown.push(index)
  count.textContent = `Showing ${shown.length.toLocaleString('en-US')} of ${repositories.length.toLocaleString('en-US')} repositories`
  renderRows(
    rows,
    shown
      .slice(0, ROWS_SHOWN)
      .map((index) => repositories[index])
      .map((repository) => [
        repository.name,
        repository.description,
        repository.languages.slice(0, 2).join(' '),
        String(repository.apiCount),
      ]),
  )
}

input.addEventListener('input', render)
render()
document.body.dataset.ready = 'true'
