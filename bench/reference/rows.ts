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
