import '@mantine/core/styles.css'
import { Card, Table } from '@mantine/core'
import { createRoot } from 'react-dom/client'
import { flushSync } from 'react-dom'
import { generateOrganisation } from '../../src/data/generator'
import { repositoryColumns } from '../../src/queries/repositories/repository-columns'
import { defaultRepositoryFilters } from '../../src/queries/repositories/repository-filters'
import { createRepositoryQuery } from '../../src/queries/repositories/repository-query'
import { fillRepositoryRow, RepositoryRow } from '../../src/screens/repositories/repository-row'
import { VigilMantineProvider } from '../../src/state/vigil-mantine-provider'
import { rowsShown } from './rows'

/**
 * A diagnostic beside the plain-DOM page (not the bench's yardstick): Vigil's own rows (their
 * elements, classes and style sheets, in Mantine's table and card, as wide as Vigil's table)
 * drawn once by React, then filled on each keystroke by plain DOM code with the same query and
 * the same fill as Vigil's table. What Vigil costs beyond it is its page and its framework (React's
 * events and render, the filters' machine, the sidebar); what it costs beyond the plain page, the rows.
 */
const params = new URLSearchParams(location.search)
const size = Number(params.get('n') ?? '5')
const width = Number(params.get('width') ?? '1000')
const rows = rowsShown()
const repositories = generateOrganisation(size)
const query = createRepositoryQuery(repositories)

const root = document.getElementById('root')!
flushSync(() =>
  createRoot(root).render(
    <VigilMantineProvider>
      <div style={{ width }}>
        <label>
          Search <input id="search" type="search" />
        </label>
        <p id="count" />
        <Card withBorder padding={0}>
          <Table.ScrollContainer minWidth={900} type="native">
            <Table verticalSpacing="sm" highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  {repositoryColumns.map((column) => (
                    <Table.Th key={column.id}>{column.header}</Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody id="rows">
                {Array.from({ length: rows }, (_, index) => (
                  <RepositoryRow key={index} index={index} active={index === 0} hidden={false} />
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Card>
      </div>
    </VigilMantineProvider>,
  ),
)

const input = document.getElementById('search') as HTMLInputElement
const count = document.getElementById('count')!
const body = document.getElementById('rows') as HTMLTableSectionElement

function render() {
  const shown = query({ ...defaultRepositoryFilters, search: input.value })
  count.textContent = `Showing ${shown.length.toLocaleString('en-US')} of ${repositories.length.toLocaleString('en-US')} repositories`
  for (const row of body.rows) {
    const index = Number(row.dataset.index)
    row.hidden = index >= shown.length
    if (!row.hidden) fillRepositoryRow(row, shown.at(index))
  }
}

input.addEventListener('input', render)
render()
document.body.dataset.ready = 'true'
