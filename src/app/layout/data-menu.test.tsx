import { describe, expect, it } from 'vitest'
import { page, userEvent } from 'vitest/browser'
import { axeViolations } from '@tests/helpers/axe'
import { renderWithProviders } from '@tests/helpers/render'
import { deleteTestWorkspacesAfterEach, workspaceWithExamples } from '@tests/helpers/workspace'
import { DataSourcesScreen } from '@/screens/data-sources/data-sources-screen'
import { DataMenu } from './data-menu'

deleteTestWorkspacesAfterEach()

const dataButton = () => page.getByRole('button', { name: /^Data: / })
const dialog = () => page.getByRole('dialog', { name: 'Import scan files' })

async function openImportFromMenu() {
  await dataButton().click()
  await page.getByRole('menuitem', { name: 'Import scan files...' }).click()
  await expect.element(dialog().getByRole('button', { name: 'Choose files' })).toBeVisible()
}

describe('the Data menu', () => {
  it('lists the data sources and switches to the one chosen', async () => {
    await renderWithProviders(<DataMenu />, { workspace: await workspaceWithExamples([]) })
    await expect.element(dataButton()).toHaveAccessibleName('Data: Sample data')
    // Checked closed: an open Mantine menu starts with a focusable placeholder (withInitialFocusPlaceholder),
    // which axe's aria-required-children reports in every menu of the app.
    expect(await axeViolations()).toEqual([])
    await dataButton().click()
    const menu = page.getByRole('menu')
    await expect.element(menu.getByRole('menuitem', { name: 'Your workspace (0 repositories)' })).toBeVisible()
    await expect.element(menu.getByRole('menuitem', { name: '5 sample repositories' })).toBeVisible()
    await menu.getByRole('menuitem', { name: 'Your workspace (0 repositories)' }).click()
    await expect.element(dataButton()).toHaveAccessibleName('Data: Your workspace (0 repositories)')
  })

  it('leaves the data on screen as it was when the import dialog is opened and closed', async () => {
    await renderWithProviders(<DataMenu />, { workspace: await workspaceWithExamples([]) })
    await expect.element(dataButton()).toHaveAccessibleName('Data: Sample data')
    await openImportFromMenu()
    expect(await axeViolations()).toEqual([])
    await userEvent.keyboard('{Escape}')
    await expect.element(dialog()).not.toBeInTheDocument()
    await expect.element(dataButton()).toHaveAccessibleName('Data: Sample data')
  })

  it('leaves it as it was too when the dialog is opened from the data sources page', async () => {
    await renderWithProviders(
      <>
        <DataMenu />
        <DataSourcesScreen />
      </>,
      { workspace: await workspaceWithExamples([]) },
    )
    await page.getByRole('button', { name: 'Import scan files' }).click()
    await expect.element(dialog().getByRole('button', { name: 'Choose files' })).toBeVisible()
    await userEvent.keyboard('{Escape}')
    await expect.element(dialog()).not.toBeInTheDocument()
    await expect.element(dataButton()).toHaveAccessibleName('Data: Sample data')
  })

  it('keeps the data on screen when nothing lands, and shows the workspace after a report that a file landed in', async () => {
    await renderWithProviders(<DataMenu />, { workspace: await workspaceWithExamples([]) })
    await openImportFromMenu()
    await userEvent.upload(page.getByTestId('import-files'), [
      new File(['{"version":"2.1.0","runs":[{"tool":'], 'broken.sarif'),
      new File([''], 'empty.json'),
    ])
    await expect
      .element(dialog().getByRole('row', { name: 'broken.sarif' }))
      .toHaveTextContent('Not imported: The file is not valid JSON (it may be cut short)')
    await expect
      .element(dialog().getByRole('row', { name: 'empty.json' }))
      .toHaveTextContent('Not imported: The file is empty.')
    await expect.element(dataButton()).toHaveAccessibleName('Data: Sample data')

    await dialog().getByRole('button', { name: 'Import more files' }).click()
    await expect.element(dialog().getByRole('button', { name: 'Try with example files' })).toBeVisible()
    await expect.element(dataButton()).toHaveAccessibleName('Data: Sample data')
    await dialog().getByRole('button', { name: 'Try with example files' }).click()
    await expect.element(dialog().getByRole('status'), { timeout: 60_000 }).toHaveTextContent('11 of 11files imported')
    await dialog().getByRole('button', { name: 'Done' }).click()
    await expect.element(dialog()).not.toBeInTheDocument()
    await expect.element(dataButton()).toHaveAccessibleName('Data: Your workspace (3 repositories)')
  })

  it('shows the workspace when the report of an import that landed a file is closed with Escape', async () => {
    await renderWithProviders(<DataMenu />, { workspace: await workspaceWithExamples([]) })
    await openImportFromMenu()
    await dialog().getByRole('button', { name: 'Try with example files' }).click()
    await expect.element(dialog().getByRole('status'), { timeout: 60_000 }).toHaveTextContent('11 of 11files imported')
    await expect.element(dataButton()).toHaveAccessibleName('Data: Sample data')
    await userEvent.keyboard('{Escape}')
    await expect.element(dialog()).not.toBeInTheDocument()
    await expect.element(dataButton()).toHaveAccessibleName('Data: Your workspace (3 repositories)')
  })
})
