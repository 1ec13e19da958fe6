import { findingSeverities, type FindingSeverity } from '@/data/findings'
import { closingStates, decisionSpans, subtractSpans, type DecisionEvent } from './decision-timeline'
import { unionStretches, type FindingRecord, type HistoryState, type RunHistory } from './finding-history'

/**
 * Open findings by severity per day, and new against fixed per ISO week, from the history. A
 * finding is open from a scan that reports it until the first scan that no longer does, except
 * while a decision closes it (not affected, false positive, fixed, an accepted risk in force).
 * Days are UTC days; a day counts what was open at its end (today: now).
 */

export interface TrendOptions {
  now: Date
  /** How many days, today included: 30, 90 or 365 (at most 400, what the history keeps). */
  days: number
  /** One repository; every repository when left out. */
  repository?: string
  /** Each finding's decisions, oldest first; undefined or empty when it has none. */
  decisionsOf?: (repository: string, key: string) => readonly DecisionEvent[] | undefined
}

export interface OpenTrend {
  /** YYYY-MM-DD, oldest first. */
  days: string[]
  bySeverity: Record<FindingSeverity, number[]>
  total: number[]
}

export interface WeekFlow {
  /** The ISO week: 2026-W09. */
  week: string
  /** Its Monday, YYYY-MM-DD. */
  start: string
  /** Findings open for the first time. */
  new: number
  /** Open again: reintroduced by a scan, or an accepted risk expired or a decision undone. */
  reopened: number
  /** No longer reported by a scan. */
  fixed: number
  /** Closed by a decision while still reported. */
  closed: number
}

export interface Trends {
  open: OpenTrend
  /** Every ISO week that overlaps the period, whole, oldest first. */
  weeks: WeekFlow[]
}

const DAY = 86_400
const WEEK = 7 * DAY
const severityIndex = Object.fromEntries(findingSeverities.map((severity, index) => [severity, index])) as Record<
  FindingSeverity,
  number
>
const severityRank: Record<FindingSeverity, number> = { Unknown: 0, Low: 1, Medium: 2, High: 3, Critical: 4 }

const dayText = (seconds: number) => new Date(seconds * 1000).toISOString().slice(0, 10)

function isoWeek(monday: number): string {
  const thursday = new Date((monday + 3 * DAY) * 1000)
  const year = thursday.getUTCFullYear()
  const week = 1 + Math.floor((thursday.getTime() - Date.UTC(year, 0, 1)) / (WEEK * 1000))
  return `${year}-W${String(week).padStart(2, '0')}`
}

/** The open spans of a finding, flat `[from, until, …]`, from its stretches (`[from, to, fixedAt, …]`). */
function presenceSpans(stretches: readonly number[]): number[] {
  const spans: number[] = []
  for (let at = 0; at < stretches.length; at += 3) spans.push(stretches[at], stretches[at + 2])
  return spans
}

/**
 * Each finding of the repositories asked for once, its stretches over all runs of its repository:
 * a key two runs report (two tools, one advisory) is one finding.
 */
function forEachFinding(
  history: HistoryState,
  repository: string | undefined,
  visit: (repository: string, key: string, severity: FindingSeverity, stretches: readonly number[]) => void,
) {
  const repositories =
    repository === undefined
      ? history.repositories
      : new Map([[repository, history.repositories.get(repository) ?? new Map<string, RunHistory>()]])
  for (const [name, byRun] of repositories) {
    if (byRun.size === 1) {
      for (const run of byRun.values())
        for (const [key, record] of run.findings) visit(name, key, record.severity, record.stretches)
      continue
    }
    // Keys in more than one run, found from the smaller runs: the largest is never searched through.
    const runs = [...byRun.values()].sort((a, b) => b.findings.size - a.findings.size)
    let shared: Map<string, FindingRecord[]> | undefined
    for (let index = 1; index < runs.length; index += 1) {
      for (const key of runs[index].findings.keys()) {
        if (shared?.has(key)) continue
        let records: FindingRecord[] | undefined
        for (const other of runs) {
          const record = other.findings.get(key)
          if (record !== undefined) (records ??= []).push(record)
        }
        if (records!.length > 1) (shared ??= new Map()).set(key, records!)
      }
    }
    for (const run of runs) {
      run.findings.forEach((record, key) => {
        const records = shared?.get(key)
        if (records === undefined) visit(name, key, record.severity, record.stretches)
        else if (records[0] === record) {
          const severity = records.reduce(
            (worst, each) => (severityRank[each.severity] > severityRank[worst] ? each.severity : worst),
            record.severity,
          )
          visit(name, key, severity, unionStretches(records.map((each) => each.stretches)))
        }
      })
    }
  }
}

/** Open findings per day and the flow of each week, in one pass over the history. */
export function trends(history: HistoryState, options: TrendOptions): Trends {
  const { days } = options
  if (!Number.isInteger(days) || days < 1 || days > 400) {
    throw new RangeError(`A trend covers 1 to 400 days (the history keeps 400), not ${days}.`)
  }
  const now = Math.floor(options.now.getTime() / 1000)
  const today = now - (((now % DAY) + DAY) % DAY)
  const base = today - (days - 1) * DAY
  // The smallest day whose end (now, for today) is at or after `time`: days [f(from), f(until)) count a span.
  const dayFrom = (time: number) => {
    if (time === Infinity) return days
    const day = Math.max(0, Math.ceil((time + 1 - base) / DAY) - 1)
    return day < days - 1 ? day : time <= now ? days - 1 : days
  }
  const changes = findingSeverities.map(() => new Int32Array(days + 1))
  const firstMonday = base - ((((base / DAY + 3) % 7) + 7) % 7) * DAY
  const weekCount = Math.floor((today - firstMonday) / WEEK) + 1
  const flows = {
    new: new Int32Array(weekCount),
    reopened: new Int32Array(weekCount),
    fixed: new Int32Array(weekCount),
    closed: new Int32Array(weekCount),
  }
  const weekOf = (time: number) => (time < firstMonday || time > now ? -1 : Math.floor((time - firstMonday) / WEEK))
  const decisionsOf = options.decisionsOf

  const countSpan = (counts: Int32Array, from: number, until: number, first: boolean, fixedByScan: boolean) => {
    counts[dayFrom(from)] += 1
    counts[dayFrom(until)] -= 1
    const startWeek = weekOf(from)
    if (startWeek >= 0) (first ? flows.new : flows.reopened)[startWeek] += 1
    const endWeek = weekOf(until)
    if (endWeek >= 0) (fixedByScan ? flows.fixed : flows.closed)[endWeek] += 1
  }

  forEachFinding(history, options.repository, (repository, key, severity, stretches) => {
    const counts = changes[severityIndex[severity]]
    const events = decisionsOf?.(repository, key)
    if (events === undefined || events.length === 0) {
      for (let at = 0; at < stretches.length; at += 3)
        countSpan(counts, stretches[at], stretches[at + 2], at === 0, true)
      return
    }
    const open = subtractSpans(presenceSpans(stretches), decisionSpans(events, closingStates))
    for (let at = 0; at < open.length; at += 2) {
      const until = open[at + 1]
      let fixedByScan = false
      for (let stretch = 2; stretch < stretches.length && !fixedByScan; stretch += 3)
        fixedByScan = stretches[stretch] === until
      countSpan(counts, open[at], until, at === 0, fixedByScan)
    }
  })

  const bySeverity = {} as Record<FindingSeverity, number[]>
  const total = new Array<number>(days).fill(0)
  findingSeverities.forEach((severity, index) => {
    const series: number[] = []
    let running = 0
    for (let day = 0; day < days; day += 1) {
      running += changes[index][day]
      series.push(running)
      total[day] += running
    }
    bySeverity[severity] = series
  })
  const weeks: WeekFlow[] = []
  for (let week = 0; week < weekCount; week += 1) {
    const monday = firstMonday + week * WEEK
    weeks.push({
      week: isoWeek(monday),
      start: dayText(monday),
      new: flows.new[week],
      reopened: flows.reopened[week],
      fixed: flows.fixed[week],
      closed: flows.closed[week],
    })
  }
  return {
    open: { days: Array.from({ length: days }, (_, day) => dayText(base + day * DAY)), bySeverity, total },
    weeks,
  }
}

/**
 * The last `days` of trends worked out over more days: the same as `trends` over `days` (a day
 * counts what was open at its end, and a week's flow what happened in it, whatever the period).
 */
export function lastDays(full: Trends, days: number, now: Date): Trends {
  const seconds = Math.floor(now.getTime() / 1000)
  const today = seconds - (((seconds % DAY) + DAY) % DAY)
  const base = today - (days - 1) * DAY
  const firstMonday = dayText(base - ((((base / DAY + 3) % 7) + 7) % 7) * DAY)
  const from = Math.max(0, full.open.days.length - days)
  const bySeverity = Object.fromEntries(
    findingSeverities.map((severity) => [severity, full.open.bySeverity[severity].slice(from)]),
  ) as Record<FindingSeverity, number[]>
  return {
    open: { days: full.open.days.slice(from), bySeverity, total: full.open.total.slice(from) },
    weeks: full.weeks.filter((week) => week.start >= firstMonday),
  }
}
