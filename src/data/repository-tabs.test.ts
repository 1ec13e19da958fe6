import { describe, expect, it } from 'vitest'
import { listRepositories } from './repositories'
import { tabSummaryText } from './repository-tabs'

const repositories = listRepositories()

describe('tab summary', () => {
  const atlas = repositories[0]
  it('shows the text of the active tab, and the fallbacks for an unknown tab or a missing summary', () => {
    expect(tabSummaryText(atlas, 'vulnerabilities')).toBe(atlas.tabSummary?.vulnerabilities)
    expect(tabSummaryText(atlas, 'source-graph')).toBe(atlas.tabSummary?.sourceGraph)
    expect(tabSummaryText(atlas, 'nonsense')).toBe('View details for the atlas-storefront repository.')
    expect(tabSummaryText({ name: 'fresh', tabSummary: undefined }, 'api-surface')).toBe(
      'Analysis for the fresh repository is currently being processed.',
    )
  })
})
