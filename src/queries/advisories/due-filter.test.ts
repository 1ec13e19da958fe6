import { describe, expect, it } from 'vitest'
import {
  defaultVulnerabilityFilters,
  vulnerabilityFiltersFromQuery,
  vulnerabilityFiltersToQuery,
} from './vulnerability-filters'

describe('the due-date filter in the address', () => {
  it('reads and writes due=overdue and due=due-soon, leaving the default out', () => {
    expect(vulnerabilityFiltersFromQuery('due=overdue', 'all').due).toBe('overdue')
    expect(vulnerabilityFiltersFromQuery('due=due-soon&view=flat&sort=due', 'all')).toMatchObject({
      due: 'due-soon',
      flatSort: 'due',
    })
    expect(vulnerabilityFiltersFromQuery('due=tomorrow', 'all').due).toBe('all')
    expect(vulnerabilityFiltersToQuery({ ...defaultVulnerabilityFilters, due: 'overdue' })).toBe('due=overdue')
    expect(vulnerabilityFiltersToQuery(defaultVulnerabilityFilters)).toBe('')
  })
})
