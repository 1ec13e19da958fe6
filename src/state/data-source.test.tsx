import { describe, expect, it, vi } from 'vitest'
import { page } from 'vitest/browser'
import { render } from 'vitest-browser-react'
import { SWRConfig } from 'swr'
import { loadGeneratedDataSource } from '@/data/data-source'
import { DataSourceProvider, useDataSource, type DataSourceProviderProps } from './data-source'

function renderProvider(props: Omit<DataSourceProviderProps, 'children'>) {
  return render(
    <SWRConfig value={{ provider: () => new Map() }}>
      <DataSourceProvider {...props}>
        <Status />
      </DataSourceProvider>
    </SWRConfig>,
  )
}

function Status() {
  const { source, pending, error, choose } = useDataSource()
  return (
    <div>
      <p data-testid="status">
        {source.kind} {source.repositories.length} pending:{pending ?? 'none'} error:{error ?? 'none'}
      </p>
      <button onClick={() => choose(250)}>Generate 250</button>
      <button onClick={() => choose('sample')}>Samples</button>
    </div>
  )
}

describe('DataSourceProvider', () => {
  it('shows the samples, then a generated organisation once it is built, and back', async () => {
    const onChoose = vi.fn()
    const loadGenerated = vi.fn(loadGeneratedDataSource)
    await renderProvider({ onChoose, loadGenerated })
    const status = page.getByTestId('status')
    await expect.element(status).toHaveTextContent('sample 5 pending:none error:none')
    await page.getByRole('button', { name: 'Generate 250' }).click()
    await expect.element(status).toHaveTextContent('generated 250 pending:none error:none')
    await page.getByRole('button', { name: 'Samples' }).click()
    await expect.element(status).toHaveTextContent('sample 5 pending:none error:none')
    expect(onChoose.mock.calls).toEqual([[250], ['sample']])
    await page.getByRole('button', { name: 'Generate 250' }).click()
    await expect.element(status).toHaveTextContent('generated 250 pending:none error:none')
    expect(loadGenerated).toHaveBeenCalledTimes(1)
  })

  it('reports a failed generation and stops showing it as pending', async () => {
    await renderProvider({
      initialChoice: 777,
      loadGenerated: async () => {
        throw new Error('out of memory')
      },
    })
    await expect
      .element(page.getByTestId('status'))
      .toHaveTextContent('sample 5 pending:none error:The organisation could not be generated: Error: out of memory')
  })
})
