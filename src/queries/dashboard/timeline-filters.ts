import { timelinePeriods, type TimelinePeriod } from '@/data/timeline'

/** The dashboard's trends as the address keeps them: `?period=30&repository=payments-api`. */
export interface TimelineFilters {
  period: TimelinePeriod
  /** One repository's trends; '' for every repository. */
  repository: string
  view: 'chart' | 'table'
}

export const defaultTimelineFilters: TimelineFilters = { period: 90, repository: '', view: 'chart' }

export function timelineFiltersFromQuery(query: string): TimelineFilters {
  const params = new URLSearchParams(query)
  const period = Number(params.get('period'))
  return {
    period: timelinePeriods.includes(period as TimelinePeriod)
      ? (period as TimelinePeriod)
      : defaultTimelineFilters.period,
    repository: params.get('repository') ?? '',
    view: params.get('trends') === 'table' ? 'table' : 'chart',
  }
}

export function timelineFiltersToQuery(filters: TimelineFilters): string {
  const params = new URLSearchParams()
  if (filters.period !== defaultTimelineFilters.period) params.set('period', String(filters.period))
  if (filters.repository) params.set('repository', filters.repository)
  if (filters.view !== 'chart') params.set('trends', filters.view)
  return params.toString()
}
