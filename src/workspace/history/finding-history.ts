import type { FindingSeverity } from '@/data/findings'
import type { TimeSource } from '@/workspace/model/model'

/**
 * When each finding was first and last seen, fixed and seen again, per repository and run, from
 * scans ordered by their own time. Times count in whole seconds (Unix time): scans of one run in
 * the same second are one scan, and the findings of the two are united.
 */

/** One scan of one run of a repository: what the store or the feed script knows of an imported file. */
export interface Scan {
  repository: string
  run: string
  tool: string
  /** ISO 8601. */
  scannedAt: string
  timeSource: TimeSource
  findingKeys: readonly string[]
  /** Each key's severity, in the order of `findingKeys`; Unknown when left out. */
  severities?: readonly FindingSeverity[]
}

/**
 * A finding in one run: its stretches of presence, three numbers each (seconds), flat:
 * `from` (the first scan that reported it), `to` (the last scan of the stretch that reported it),
 * `fixedAt` (the first later scan that did not; Infinity while it is still reported). Stretches
 * are in time order and at least one scan apart. Shared between states: never change one.
 */
export interface FindingRecord {
  /** The severity the newest scan that reported it gave. */
  readonly severity: FindingSeverity
  /** How many scans (distinct seconds) reported it. */
  readonly scans: number
  readonly stretches: readonly number[]
}

export interface RunHistory {
  readonly repository: string
  readonly run: string
  /** The newest scan's tool. */
  readonly tool: string
  /** How the newest scan's time was known. */
  readonly timeSource: TimeSource
  /** The scans' times in seconds, ascending, each once. */
  readonly scans: readonly number[]
  /**
   * Older scans than `scans[0]` were dropped to keep the history small (`compactHistory`). A scan
   * older than `scans[0]` then only fills in: it moves a finding's first-seen time earlier, and a
   * finding it alone reported counts as fixed at `scans[0]`.
   */
  readonly truncated: boolean
  readonly findings: ReadonlyMap<string, FindingRecord>
}

/** Every run's history, by repository, then run. Shared between states: never change one. */
export interface HistoryState {
  readonly repositories: ReadonlyMap<string, ReadonlyMap<string, RunHistory>>
}

/** What the screens show of one finding in one run (ISO 8601 times). */
export interface FindingHistory {
  firstSeen: string
  lastSeen: string
  /** Set while it is fixed: the first scan after `lastSeen`, which no longer reported it. */
  fixedAt?: string
  /** Each time it came back after a fix, oldest first. */
  reintroducedAt?: string[]
  /** How many scans reported it. */
  scans: number
}

export const emptyHistory: HistoryState = Object.freeze({ repositories: new Map() })

const severityRank: Record<FindingSeverity, number> = { Unknown: 0, Low: 1, Medium: 2, High: 3, Critical: 4 }
const sourceRank: Record<TimeSource, number> = { import: 0, file: 1, scan: 2 }

/** An ISO time in whole seconds; a time that does not parse is refused, since it cannot be ordered. */
export function toSeconds(iso: string): number {
  const milliseconds = Date.parse(iso)
  if (Number.isNaN(milliseconds)) throw new RangeError(`"${iso}" is not a time: give the scan's time as ISO 8601.`)
  return Math.floor(milliseconds / 1000)
}

export const toIso = (seconds: number): string => new Date(seconds * 1000).toISOString()

/** The index of the first of `sorted` that is ≥ `value` (its length when none is). */
export function lowerBound(sorted: readonly number[], value: number): number {
  let low = 0
  let high = sorted.length
  while (low < high) {
    const middle = (low + high) >>> 1
    if (sorted[middle] < value) low = middle + 1
    else high = middle
  }
  return low
}

/** The position of the last stretch that starts at or before `time`, −3 when none does. */
function stretchAt(stretches: readonly number[], time: number): number {
  let found = -3
  for (let at = 0; at < stretches.length && stretches[at] <= time; at += 3) found = at
  return found
}

function withStretches(record: FindingRecord, stretches: number[], counted: boolean): FindingRecord {
  return { severity: record.severity, scans: record.scans + (counted ? 1 : 0), stretches }
}

/**
 * The finding reported by a scan at `time`, a time the run already has a scan at (a second scan in
 * the same second): it joins the stretch that ended just before or starts just after.
 */
function reportAtKnownTime(record: FindingRecord, time: number, next: number): FindingRecord {
  const stretches = record.stretches
  const at = stretchAt(stretches, time)
  if (at >= 0 && time <= stretches[at + 1]) return record
  const copy = [...stretches]
  const joinsLeft = at >= 0 && stretches[at + 2] === time
  const joinsRight = at + 3 < stretches.length && stretches[at + 3] === next
  if (joinsLeft && joinsRight) copy.splice(at + 1, 3)
  else if (joinsLeft) {
    copy[at + 1] = time
    copy[at + 2] = next
  } else if (joinsRight) copy[at + 3] = time
  else copy.splice(at + 3, 0, time, time, next)
  return withStretches(record, copy, true)
}

/** The finding reported, or not, by a scan at a time the run had no scan at, between `previous` and `next`. */
function scanAtNewTime(
  record: FindingRecord,
  time: number,
  previous: number,
  next: number,
  reported: boolean,
): FindingRecord {
  const stretches = record.stretches
  const at = stretchAt(stretches, time)
  const inside = at >= 0 && time < stretches[at + 1]
  const beforeFix = at >= 0 && time > stretches[at + 1] && time < stretches[at + 2]
  if (!reported) {
    if (inside) {
      const copy = [...stretches]
      copy.splice(at + 1, 2, previous, time, next, stretches[at + 1], stretches[at + 2])
      return withStretches(record, copy, false)
    }
    if (beforeFix) {
      const copy = [...stretches]
      copy[at + 2] = time
      return withStretches(record, copy, false)
    }
    return record
  }
  if (inside) return withStretches(record, stretches as number[], true)
  const copy = [...stretches]
  if (beforeFix) copy[at + 1] = time
  else if (at + 3 < stretches.length && stretches[at + 3] === next) copy[at + 3] = time
  else copy.splice(at + 3, 0, time, time, next)
  return withStretches(record, copy, true)
}

/** A scan older than everything a truncated run kept: it can only move first-seen times earlier. */
function scanBeforeKept(record: FindingRecord | undefined, time: number, firstKept: number): FindingRecord {
  if (record === undefined) return { severity: 'Unknown', scans: 1, stretches: [time, time, firstKept] }
  if (time >= record.stretches[0]) return record
  const copy = [...record.stretches]
  copy[0] = time
  return withStretches(record, copy, true)
}

function lastSeenOf(record: FindingRecord): number {
  return record.stretches[record.stretches.length - 2]
}

/** The severity of the newest scan that reported it; of two scans in one second, the higher. */
function withSeverity(
  before: FindingRecord | undefined,
  after: FindingRecord,
  time: number,
  severity: FindingSeverity,
): FindingRecord {
  const lastSeen = before === undefined ? -Infinity : lastSeenOf(before)
  const wanted =
    before === undefined || time > lastSeen
      ? severity
      : time === lastSeen && severityRank[severity] > severityRank[before.severity]
        ? severity
        : before.severity
  if (wanted === after.severity) return after
  return { ...after, severity: wanted }
}

/** What a scan makes of a run's history: a new run history, sharing the records it did not change. */
export function addScanToRun(run: RunHistory | undefined, scan: Scan): RunHistory {
  const time = toSeconds(scan.scannedAt)
  const reported = new Map<string, FindingSeverity>()
  scan.findingKeys.forEach((key, index) => {
    const severity = scan.severities?.[index] ?? 'Unknown'
    const already = reported.get(key)
    if (already === undefined || severityRank[severity] > severityRank[already]) reported.set(key, severity)
  })
  const scans = run?.scans ?? []
  const findings = new Map(run?.findings ?? [])
  const position = lowerBound(scans, time)
  const known = scans[position] === time
  const newest = scans.length === 0 ? -Infinity : scans[scans.length - 1]
  // The newest scan names the run's tool and time source; of two in its second, the greater.
  const tool =
    run === undefined || time > newest ? scan.tool : time === newest && scan.tool > run.tool ? scan.tool : run.tool
  const timeSource =
    run === undefined || time > newest || (time === newest && sourceRank[scan.timeSource] > sourceRank[run.timeSource])
      ? scan.timeSource
      : run.timeSource
  let newScans = scans

  if (run?.truncated && time < scans[0]) {
    for (const [key, severity] of reported) {
      const before = findings.get(key)
      const after = scanBeforeKept(before, time, scans[0])
      findings.set(key, before === undefined ? { ...after, severity } : after)
    }
  } else if (known) {
    const next = position + 1 < scans.length ? scans[position + 1] : Infinity
    for (const [key, severity] of reported) {
      const before = findings.get(key)
      const after =
        before === undefined
          ? { severity, scans: 1, stretches: [time, time, next] }
          : reportAtKnownTime(before, time, next)
      findings.set(key, withSeverity(before, after, time, severity))
    }
  } else {
    const previous = position > 0 ? scans[position - 1] : -Infinity
    const next = position < scans.length ? scans[position] : Infinity
    newScans = [...scans.slice(0, position), time, ...scans.slice(position)]
    for (const [key, before] of findings) {
      if (reported.has(key)) continue
      const after = scanAtNewTime(before, time, previous, next, false)
      if (after !== before) findings.set(key, after)
    }
    for (const [key, severity] of reported) {
      const before = findings.get(key)
      const after =
        before === undefined
          ? { severity, scans: 1, stretches: [time, time, next] }
          : scanAtNewTime(before, time, previous, next, true)
      findings.set(key, withSeverity(before, after, time, severity))
    }
  }

  return {
    repository: scan.repository,
    run: scan.run,
    tool,
    timeSource,
    scans: newScans,
    truncated: run?.truncated ?? false,
    findings,
  }
}

/** The state with a run's history replaced, sharing every other run. */
export function withRun(state: HistoryState, run: RunHistory): HistoryState {
  const repositories = new Map(state.repositories)
  const runs = new Map(repositories.get(run.repository) ?? [])
  runs.set(run.run, run)
  repositories.set(run.repository, runs)
  return { repositories }
}

/**
 * Adds scans in any order: the result is the same as adding them sorted by time, since each scan
 * is placed by its time among the run's scans (an older scan can split a stretch in two, or move a
 * fix earlier, but the newest scan alone says whether a finding is fixed now).
 */
export function addScans(state: HistoryState, scans: Iterable<Scan>): HistoryState {
  const repositories = new Map(state.repositories)
  const copied = new Set<string>()
  for (const scan of scans) {
    let runs = repositories.get(scan.repository)
    if (!copied.has(scan.repository)) {
      runs = new Map(runs ?? [])
      repositories.set(scan.repository, runs)
      copied.add(scan.repository)
    }
    const writable = runs as Map<string, RunHistory>
    writable.set(scan.run, addScanToRun(writable.get(scan.run), scan))
  }
  return { repositories }
}

/** One import at a time, for the store. */
export const addScan = (state: HistoryState, scan: Scan): HistoryState => addScans(state, [scan])

/** Every finding's history as the screens show it. */
export function describeRecord(record: FindingRecord): FindingHistory {
  const stretches = record.stretches
  const last = stretches.length - 3
  const history: FindingHistory = {
    firstSeen: toIso(stretches[0]),
    lastSeen: toIso(stretches[last + 1]),
    scans: record.scans,
  }
  if (Number.isFinite(stretches[last + 2])) history.fixedAt = toIso(stretches[last + 2])
  if (stretches.length > 3) {
    history.reintroducedAt = []
    for (let at = 3; at < stretches.length; at += 3) history.reintroducedAt.push(toIso(stretches[at]))
  }
  return history
}

export function findingHistory(
  state: HistoryState,
  repository: string,
  run: string,
  key: string,
): FindingHistory | undefined {
  const record = state.repositories.get(repository)?.get(run)?.findings.get(key)
  return record === undefined ? undefined : describeRecord(record)
}

/**
 * A finding's stretches over every run of its repository (two tools reporting one advisory are one
 * finding): reported while any run reports it, fixed once none does. Flat, as in `FindingRecord`.
 */
export function repositoryStretches(state: HistoryState, repository: string, key: string): number[] {
  const parts: (readonly number[])[] = []
  for (const run of state.repositories.get(repository)?.values() ?? []) {
    const record = run.findings.get(key)
    if (record !== undefined) parts.push(record.stretches)
  }
  return unionStretches(parts)
}

/** The union of stretches from several runs, flat; where two overlap, the later fix counts. */
export function unionStretches(parts: readonly (readonly number[])[]): number[] {
  if (parts.length === 1) return [...parts[0]]
  const all: [number, number, number][] = []
  for (const part of parts) for (let at = 0; at < part.length; at += 3) all.push([part[at], part[at + 1], part[at + 2]])
  all.sort((a, b) => a[0] - b[0])
  const merged: number[] = []
  for (const [from, to, fixedAt] of all) {
    const last = merged.length - 3
    if (last >= 0 && from <= merged[last + 2]) {
      merged[last + 1] = Math.max(merged[last + 1], to)
      merged[last + 2] = Math.max(merged[last + 2], fixedAt)
    } else merged.push(from, to, fixedAt)
  }
  return merged
}
