import { describe, expect, it, vi } from 'vitest'
import { page } from 'vitest/browser'
import { render } from 'vitest-browser-react'
import type * as OrganisationModule from '@/data/organisation'
import { OrganisationProvider, useOrganisation } from './organisation'

const generation = vi.hoisted(() => ({ fail: false }))
vi.mock('@/data/organisation', async (importOriginal) => {
  const original = await importOriginal<typeof OrganisationModule>()
  return {
    ...original,
    loadGeneratedOrganisation: async (size: number) => {
      if (generation.fail) throw new Error('out of memory')
      return original.loadGeneratedOrganisation(size)
    },
  }
})

function Status() {
  const { organisation, pending, error, choose } = useOrganisation()
  return (
    <div>
      <p data-testid="status">
        {organisation.kind} {organisation.repositories.length} pending:{pending ?? 'none'} error:{error ?? 'none'}
      </p>
      <button onClick={() => choose(250)}>Generate 250</button>
      <button onClick={() => choose('sample')}>Samples</button>
    </div>
  )
}

describe('OrganisationProvider', () => {
  it('shows the samples, then a generated organisation once it is built, and back', async () => {
    generation.fail = false
    const onChoose = vi.fn()
    await render(
      <OrganisationProvider onChoose={onChoose}>
        <Status />
      </OrganisationProvider>,
    )
    const status = page.getByTestId('status')
    await expect.element(status).toHaveTextContent('sample 5 pending:none error:none')
    await page.getByRole('button', { name: 'Generate 250' }).click()
    await expect.element(status).toHaveTextContent('generated 250 pending:none error:none')
    await page.getByRole('button', { name: 'Samples' }).click()
    await expect.element(status).toHaveTextContent('sample 5 pending:none error:none')
    expect(onChoose.mock.calls).toEqual([[250], ['sample']])
  })

  it('reports a failed generation and stops showing it as pending', async () => {
    generation.fail = true
    await render(
      <OrganisationProvider initialChoice={777}>
        <Status />
      </OrganisationProvider>,
    )
    await expect
      .element(page.getByTestId('status'))
      .toHaveTextContent('sample 5 pending:none error:The organisation could not be generated: Error: out of memory')
  })
})
