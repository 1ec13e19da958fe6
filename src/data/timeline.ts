import type { FindingSeverity } from './findings'

/** The dashboard's periods, in days. */
export const timelinePeriods = [30, 90, 365] as const
export type TimelinePeriod = (typeof timelinePeriods)[number]

/** What the dashboard draws of the workspace's history: trends, overdue counts and the oldest open finding. */
export interface TimelineSummary {
  /** YYYY-MM-DD, oldest first. */
  days: string[]
  /** Open findings at the end of each day, per severity. */
  open: Record<FindingSeverity, number[]>
  /** Per ISO week that overlaps the period, oldest first. */
  weeks: { week: string; start: string; new: number; reopened: number; fixed: number; closed: number }[]
  /** Open vulnerabilities past their days to fix, per severity. */
  overdue: Record<FindingSeverity, number>
  /** The open vulnerability first seen longest ago. */
  oldest?: {
    repository: string
    advisory: string
    title: string
    severity: FindingSeverity
    firstSeen: string
    ageDays: number
  }
}

export interface TimelineOptions {
  days: TimelinePeriod
  /** One repository; every repository when left out. */
  repository?: string
}
