import { StrictMode } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { page } from 'vitest/browser'
import { render } from 'vitest-browser-react'
import type { DataSource } from '@/data/data-source'
import type { Repository } from '@/data/repositories'
import { useRepositoryFindings } from './use-repository-findings'

const repository = { name: 'atlas-web' } as Repository

function Findings({ source }: { source: DataSource }) {
  const state = useRepositoryFindings(source, repository)
  return <p>{state.status === 'failed' ? state.message : state.status}</p>
}

const unhandled: unknown[] = []
const record = (event: PromiseRejectionEvent) => {
  unhandled.push(event.reason)
  event.preventDefault()
}

afterEach(() => {
  window.removeEventListener('unhandledrejection', record)
  unhandled.length = 0
})

describe('a repository’s findings read from storage', () => {
  it('shows a failed read, and a read from a render React never committed fails quietly', async () => {
    window.addEventListener('unhandledrejection', record)
    let reads = 0
    const source = {
      findings: () => {
        reads += 1
        return Promise.reject(new Error('The database connection is closing.'))
      },
    } as unknown as DataSource
    await render(
      <StrictMode>
        <Findings source={source} />
      </StrictMode>,
    )
    await expect
      .element(page.getByText('The findings could not be read: Error: The database connection is closing.'))
      .toBeInTheDocument()
    // StrictMode computes the memo twice and keeps one: the other read is the one nobody watches.
    expect(reads).toBe(2)
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(unhandled).toEqual([])
  })
})
