import { timelinePeriods, type TimelinePeriod } from '@/data/timeline'
import {
  choiceField,
  filterDefaults,
  numberChoiceField,
  readFilters,
  textField,
  writeFilters,
  type FilterFields,
} from '@/queries/filter-fields'

/** The dashboard's trends as the address keeps them: `?period=30&repository=payments-api&trends=table`. */
export interface TimelineFilters {
  period: TimelinePeriod
  /** One repository's trends; '' for every repository. */
  repository: string
  view: 'chart' | 'table'
}

export const timelineFilterFields: FilterFields<TimelineFilters> = {
  period: numberChoiceField('period', timelinePeriods, 90),
  repository: textField('repository'),
  view: choiceField('trends', ['chart', 'table'], 'chart'),
}

export const defaultTimelineFilters: TimelineFilters = filterDefaults(timelineFilterFields)

export function timelineFiltersFromQuery(query: string): TimelineFilters {
  return readFilters(timelineFilterFields, query)
}

export function timelineFiltersToQuery(filters: TimelineFilters): string {
  return writeFilters(timelineFilterFields, filters)
}
