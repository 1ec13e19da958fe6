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
