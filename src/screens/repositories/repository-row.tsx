import { IconChevronRight, IconLock, IconQuestionMark, IconWorld } from '@tabler/icons-react'
import { memo, type ReactNode } from 'react'
import {
  countBadgeClass,
  countBadgeState,
  neutralBadgeClass,
  visibilityClass,
  visibilityText,
  type CountBadgeState,
} from '@/components/badges'
import { virtualCellClass, virtualRowClass } from '@/components/virtual-table-body'
import { repositoryColumns, type RepositoryColumn } from '@/queries/repositories/repository-columns'
import { needsTriageOf, scannedFor, visibilityOf, type Repository } from '@/data/repositories'
import { formatCount } from '@/lib/format'
import classes from './repository-table.module.css'

/*
 * A row of the repositories table is drawn in two parts. React draws its shape once per place in
 * the table: the cells, their elements and icons, none of which depend on the repository shown.
 * `fillRepositoryRow` then writes the repository's text and attributes into that shape, before
 * the browser paints. A keystroke that changes every row in view so costs a few writes per cell,
 * not a React render of each cell's elements (most of such a keystroke's work: docs/benchmarks.md).
 */

/** Two languages per row, then '+N'. */
const LANGUAGES_SHOWN = 2
// At least the rows' content (two lines of text and the cell padding: 65.3 px), so that every row is exactly this tall.
export const ROW_HEIGHT = 66

export const detailsUrl = (repository: Repository) => `/repository/${encodeURIComponent(repository.name)}`

/** Each column's shape: made once, shared by every row (React leaves an unchanged element alone). */
const shapes: Record<RepositoryColumn['id'], ReactNode> = {
  repository: (
    <>
      <p className={classes.name} />
      <p className={classes.updated} />
    </>
  ),
  description: <p className={classes.description} />,
  languages: (
    <span className={classes.group}>
      {Array.from({ length: LANGUAGES_SHOWN + 1 }, (_, slot) => (
        <span key={slot} className={neutralBadgeClass} />
      ))}
    </span>
  ),
  // The three icons are drawn; the CSS module shows the one that matches data-visibility.
  visibility: (
    <span className={`${visibilityClass} ${classes.visibility}`}>
      <IconLock size={14} aria-hidden />
      <IconWorld size={14} aria-hidden />
      <IconQuestionMark size={14} aria-hidden />
      <span />
    </span>
  ),
  apis: null,
  policyIssues: <span className={countBadgeClass} />,
  vulnerabilities: <span className={countBadgeClass} />,
  needsTriage: null,
  open: (
    <a className={classes.open} tabIndex={-1}>
      <IconChevronRight size={16} aria-hidden />
    </a>
  ),
}

/** Rewrites an element's text in its text node, as React does, rather than replacing the node. */
function setText(node: Element, text: string) {
  const only = node.firstChild
  if (only instanceof Text && only.nextSibling === null) {
    if (only.data !== text) only.data = text
  } else if (node.textContent !== text) node.textContent = text
}

function setAttribute(node: Element, name: string, value: string | null) {
  if (value === null) node.removeAttribute(name)
  else if (node.getAttribute(name) !== value) node.setAttribute(name, value)
}

function fillCountBadge(badge: Element, state: CountBadgeState) {
  setText(badge, state.text)
  setAttribute(badge, 'data-level', state.level)
  setAttribute(badge, 'aria-label', state.label)
}

/** How each column writes a repository into its shape. */
const fills: Record<RepositoryColumn['id'], (cell: HTMLTableCellElement, repository: Repository) => void> = {
  repository: (cell, repository) => {
    const [name, updated] = cell.children
    setText(name, repository.name)
    setText(updated, `Updated ${repository.lastUpdated}`)
  },
  description: (cell, repository) => {
    const description = cell.children[0]
    setText(description, repository.description)
    setAttribute(description, 'title', repository.description)
  },
  languages: (cell, repository) => {
    const slots = cell.children[0].children
    const { languages } = repository
    const rest = languages.length - LANGUAGES_SHOWN
    for (let slot = 0; slot < LANGUAGES_SHOWN; slot++) {
      const language = languages[slot] ?? ''
      setText(slots[slot], language)
      ;(slots[slot] as HTMLElement).hidden = language === ''
    }
    const more = slots[LANGUAGES_SHOWN] as HTMLElement
    setText(more, rest > 0 ? `+${rest}` : '')
    setAttribute(more, 'title', rest > 0 ? languages.slice(LANGUAGES_SHOWN).join(', ') : null)
    more.hidden = rest <= 0
  },
  visibility: (cell, repository) => {
    const label = cell.children[0]
    const visibility = visibilityOf(repository)
    setAttribute(label, 'data-visibility', visibility)
    setText(label.children[3], visibilityText[visibility])
  },
  apis: (cell, repository) => setText(cell, String(repository.apiCount)),
  policyIssues: (cell, repository) =>
    fillCountBadge(
      cell.children[0],
      countBadgeState.policyIssues(repository.policyViolations, scannedFor(repository, 'policyIssues')),
    ),
  vulnerabilities: (cell, repository) =>
    fillCountBadge(
      cell.children[0],
      countBadgeState.vulnerabilities(repository.vulnerabilities, scannedFor(repository, 'vulnerabilities')),
    ),
  needsTriage: (cell, repository) => setText(cell, formatCount(needsTriageOf(repository))),
  open: (cell, repository) => {
    const link = cell.children[0]
    setAttribute(link, 'href', detailsUrl(repository))
    setAttribute(link, 'aria-label', `Open ${repository.name}`)
  },
}

/** The repository each row element shows: a row is written again only when it shows another. */
const shown = new WeakMap<HTMLTableRowElement, Repository>()

/** Writes `repository` into a row drawn by RepositoryRow. */
export function fillRepositoryRow(row: HTMLTableRowElement, repository: Repository) {
  if (shown.get(row) === repository) return
  shown.set(row, repository)
  setAttribute(row, 'aria-label', repository.name)
  for (const [place, column] of repositoryColumns.entries()) fills[column.id](row.cells[place], repository)
}

/** A row's shape at a place in the table; what it shows is written by fillRepositoryRow. */
export const RepositoryRow = memo(function RepositoryRow({
  index,
  active,
  hidden,
}: {
  index: number
  active: boolean
  /** A row kept in the page with no repository to show (see RepositoryTable). */
  hidden: boolean
}) {
  return (
    <tr
      hidden={hidden}
      className={virtualRowClass}
      data-index={index}
      aria-rowindex={index + 2}
      tabIndex={active ? 0 : -1}
      style={{ height: ROW_HEIGHT }}
    >
      {repositoryColumns.map((column) => (
        <td key={column.id} className={virtualCellClass}>
          {shapes[column.id]}
        </td>
      ))}
    </tr>
  )
})
