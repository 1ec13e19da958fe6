import { describe, expect, it } from 'vitest'
import { page } from 'vitest/browser'
import { listRepositories } from '@/data/repositories'
import type { Vulnerability } from '@/data/findings'
import { axeViolations } from '@tests/helpers/axe'
import { renderWithProviders } from '@tests/helpers/render'
import { OccurrenceTable } from './occurrence-table'

const [repository] = listRepositories()
const finding: Vulnerability = {
  id: 'CVE-2021-44228',
  cve: 'CVE-2021-44228',
  title: 'Log4Shell',
  description: '',
  severity: 'Critical',
  package: 'log4j-core',
}
const occurrences = { repository: [0], finding: [finding] }

const dueCell = () =>
  page
    .getByRole('row', { name: `${repository.name}: CVE-2021-44228` })
    .getByRole('cell')
    .nth(7)

const table = (slaPending: boolean) => (
  <OccurrenceTable shown={[0]} occurrences={occurrences} repositories={[repository]} slaPending={slaPending} />
)

describe('the Due column of the flat vulnerability view', () => {
  it('says the days to fix are being worked out while they are', async () => {
    await renderWithProviders(table(true))
    await expect.element(page.getByRole('columnheader', { name: 'Due' })).toBeVisible()
    await expect.element(dueCell()).toHaveTextContent('Working out…')
    expect(await axeViolations()).toEqual([])
  })

  it('shows a dash for a finding with no days to fix once they are known', async () => {
    await renderWithProviders(table(false))
    await expect.element(page.getByRole('columnheader', { name: 'Due' })).toBeVisible()
    await expect.element(dueCell()).toHaveTextContent('–')
    await expect.element(dueCell()).not.toHaveTextContent('Working out…')
  })
})
