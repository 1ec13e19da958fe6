import { describe, expect, it } from 'vitest'
import { defaultTimelineFilters, timelineFiltersFromQuery, timelineFiltersToQuery } from './timeline-filters'

describe('the dashboard’s trends in the address', () => {
  it('keeps the period (30, 90 or 365 days), the repository and the table view, defaults left out', () => {
    expect(timelineFiltersFromQuery('period=365&repository=payments-api&trends=table')).toEqual({
      period: 365,
      repository: 'payments-api',
      view: 'table',
    })
    expect(timelineFiltersFromQuery('period=7')).toEqual(defaultTimelineFilters)
    expect(timelineFiltersToQuery({ period: 30, repository: '', view: 'chart' })).toBe('period=30')
    expect(timelineFiltersToQuery(defaultTimelineFilters)).toBe('')
  })
})
