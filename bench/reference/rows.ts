/** Writes rows of cell texts into a table body, replacing what was there: the references' whole rendering. */
export function renderRows(body: HTMLElement, rows: string[][]) {
  const fragment = document.createDocumentFragment()
  for (const cells of rows) {
    const row = document.createElement('tr')
    for (const text of cells) row.appendChild(document.createElement('td')).textContent = text
    fragment.appendChild(row)
  }
  body.replaceChildren(fragment)
}

/** How many rows a reference page draws (`?rows=`): as many as Vigil keeps in the page, which the scenario counts. */
export function rowsShown(): number {
  const rows = Number(new URLSearchParams(location.search).get('rows'))
  if (!Number.isInteger(rows) || rows <= 0) throw new Error('The reference page needs ?rows=: the rows Vigil draws')
  return rows
}

/** A search page's parts, made in its body: the `#search` field, the `#count` line and the `#rows` of a table. */
export function searchPage() {
  const label = document.body.appendChild(document.createElement('label'))
  label.append('Search ')
  const input = label.appendChild(Object.assign(document.createElement('input'), { id: 'search', type: 'search' }))
  const count = document.body.appendChild(Object.assign(document.createElement('p'), { id: 'count' }))
  const rows = document.body
    .appendChild(document.createElement('table'))
    .appendChild(Object.assign(document.createElement('tbody'), { id: 'rows' }))
  return { input, count, rows }
}
