import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { FindingSeverity } from '@/data/findings'
import {
  addScan,
  addScans,
  emptyHistory,
  findingHistory,
  repositoryStretches,
  toSeconds,
  type HistoryState,
  type Scan,
} from './finding-history'
import { type TimeSource } from '@/workspace/model/model'

const day = (n: number, hour = 2) => new Date(Date.UTC(2026, 0, 1 + n, hour)).toISOString()

function scan(at: string, keys: string[], extra: Partial<Scan> = {}): Scan {
  return {
    repository: 'shop',
    run: 'trivy|shop',
    tool: 'Trivy',
    scannedAt: at,
    timeSource: 'scan',
    findingKeys: keys,
    ...extra,
  }
}

const historyOf = (scans: Scan[]) => addScans(emptyHistory, scans)
const of = (state: HistoryState, key: string) => findingHistory(state, 'shop', 'trivy|shop', key)

/** A state as plain data, to compare two states. */
function plain(state: HistoryState) {
  return [...state.repositories]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([repository, runs]) => ({
      repository,
      runs: [...runs.values()]
        .sort((a, b) => (a.run < b.run ? -1 : 1))
        .map((run) => ({
          ...run,
          findings: [...run.findings].sort(([a], [b]) => (a < b ? -1 : 1)),
        })),
    }))
}

const rank: Record<FindingSeverity, number> = { Unknown: 0, Low: 1, Medium: 2, High: 3, Critical: 4 }
const sourceRank: Record<TimeSource, number> = { import: 0, file: 1, scan: 2 }

/** The history written out from its definition, from every scan at once: the reference the incremental form must match. */
function reference(scans: Scan[]) {
  const runs = new Map<string, Scan[]>()
  for (const each of scans) {
    const id = `${each.repository}\u0000${each.run}`
    runs.set(id, [...(runs.get(id) ?? []), each])
  }
  const repositories = new Map<string, Map<string, unknown>>()
  for (const list of runs.values()) {
    const times = [...new Set(list.map((each) => toSeconds(each.scannedAt)))].sort((a, b) => a - b)
    const at = (time: number) => list.filter((each) => toSeconds(each.scannedAt) === time)
    const newest = at(times[times.length - 1])
    const findings = new Map<string, { severity: FindingSeverity; scans: number; stretches: number[] }>()
    const keys = new Set(list.flatMap((each) => [...each.findingKeys]))
    for (const key of keys) {
      const stretches: number[] = []
      let scansWithKey = 0
      let severity: FindingSeverity = 'Unknown'
      for (const time of times) {
        const reporting = at(time).filter((each) => each.findingKeys.includes(key))
        const last = stretches.length - 3
        if (reporting.length === 0) {
          if (last >= 0 && stretches[last + 2] === Infinity) stretches[last + 2] = time
          continue
        }
        scansWithKey += 1
        severity = reporting
          .flatMap((each) =>
            each.findingKeys.map((other, index) =>
              other === key ? (each.severities?.[index] ?? 'Unknown') : 'Unknown',
            ),
          )
          .reduce((a, b) => (rank[b] > rank[a] ? b : a), 'Unknown' as FindingSeverity)
        if (last >= 0 && stretches[last + 2] === Infinity) stretches[last + 1] = time
        else stretches.push(time, time, Infinity)
      }
      findings.set(key, { severity, scans: scansWithKey, stretches })
    }
    const first = list[0]
    const byRepository = repositories.get(first.repository) ?? new Map()
    byRepository.set(first.run, {
      repository: first.repository,
      run: first.run,
      tool: newest
        .map((each) => each.tool)
        .sort()
        .at(-1),
      timeSource: newest
        .map((each) => each.timeSource)
        .sort((a, b) => sourceRank[a] - sourceRank[b])
        .at(-1),
      scans: times,
      truncated: false,
      findings,
    })
    repositories.set(first.repository, byRepository)
  }
  return plain({ repositories } as HistoryState)
}

describe('finding history', () => {
  it('records first and last seen, the fix, and a reintroduction that keeps the first-seen date', () => {
    const state = historyOf([
      scan(day(0), ['a', 'b']),
      scan(day(1), ['a', 'b']),
      scan(day(2), ['b']),
      scan(day(3), ['b']),
      scan(day(4), ['a', 'b']),
      scan(day(5), ['a']),
    ])
    expect(of(state, 'a')).toEqual({
      firstSeen: day(0),
      lastSeen: day(5),
      reintroducedAt: [day(4)],
      scans: 4,
    })
    expect(of(state, 'b')).toEqual({ firstSeen: day(0), lastSeen: day(4), fixedAt: day(5), scans: 5 })
    expect(of(state, 'c')).toBeUndefined()
  })

  it('orders scans by their own time: an older scan imported later fills in history and changes nothing now', () => {
    const newer = historyOf([scan(day(10), ['a']), scan(day(11), ['a', 'b'])])
    // Imported last, scanned first: a was seen earlier, and c, reported only then, was fixed by day 10.
    const state = addScan(newer, scan(day(3), ['a', 'c']))
    expect(of(state, 'a')).toEqual({ firstSeen: day(3), lastSeen: day(11), scans: 3 })
    expect(of(state, 'b')).toEqual({ firstSeen: day(11), lastSeen: day(11), scans: 1 })
    expect(of(state, 'c')).toEqual({ firstSeen: day(3), lastSeen: day(3), fixedAt: day(10), scans: 1 })
    // An older scan that lacks a finding does not fix it: the newest scan still reports it.
    const later = addScan(state, scan(day(5), ['c']))
    expect(of(later, 'a')).toEqual({
      firstSeen: day(3),
      lastSeen: day(11),
      reintroducedAt: [day(10)],
      scans: 3,
    })
    expect(of(later, 'c')).toMatchObject({ lastSeen: day(5), fixedAt: day(10) })
  })

  it('counts scans of one run in the same second as one scan, uniting their findings', () => {
    const state = historyOf([
      scan(day(0), ['a']),
      scan(day(1), ['a'], { scannedAt: '2026-01-02T02:00:00.200Z' }),
      scan(day(1), ['b'], { scannedAt: '2026-01-02T02:00:00.900Z', tool: 'Trivy 2' }),
    ])
    expect(of(state, 'a')).toEqual({ firstSeen: day(0), lastSeen: day(1), scans: 2 })
    expect(of(state, 'b')).toEqual({ firstSeen: day(1), lastSeen: day(1), scans: 1 })
    const run = state.repositories.get('shop')!.get('trivy|shop')!
    expect(run.scans).toHaveLength(2)
    expect(run.tool).toBe('Trivy 2')
  })

  it('keeps the severity of the newest scan that reported a finding', () => {
    const state = historyOf([
      scan(day(2), ['a'], { severities: ['High'] }),
      scan(day(1), ['a'], { severities: ['Low'] }),
    ])
    expect(state.repositories.get('shop')!.get('trivy|shop')!.findings.get('a')!.severity).toBe('High')
  })

  it('keeps runs apart, and unites a repository’s runs for one finding', () => {
    const state = historyOf([
      scan(day(0), ['a']),
      scan(day(2), []),
      scan(day(1), ['a'], { run: 'grype|shop', tool: 'Grype' }),
      scan(day(3), [], { run: 'grype|shop', tool: 'Grype' }),
    ])
    expect(of(state, 'a')).toMatchObject({ fixedAt: day(2) })
    expect(repositoryStretches(state, 'shop', 'a')).toEqual([toSeconds(day(0)), toSeconds(day(1)), toSeconds(day(3))])
  })

  it('refuses a scan time that is not a time', () => {
    expect(() => historyOf([scan('yesterday', ['a'])])).toThrow('"yesterday" is not a time')
  })

  it('shares the records and runs a scan did not change', () => {
    const before = historyOf([scan(day(0), ['a', 'b']), scan(day(0), ['x'], { repository: 'other' })])
    const after = addScan(before, scan(day(1), ['a', 'b']))
    expect(after.repositories.get('other')).toBe(before.repositories.get('other'))
    expect(of(before, 'a')).toEqual({ firstSeen: day(0), lastSeen: day(0), scans: 1 })
  })

  const scanArbitrary = fc.record({
    repository: fc.constantFrom('shop', 'api'),
    run: fc.constantFrom('trivy', 'semgrep'),
    tool: fc.constantFrom('Trivy', 'Semgrep'),
    // Few distinct times, so that scans share seconds.
    scannedAt: fc.integer({ min: 0, max: 12 }).map((n) => day(Math.floor(n / 2), n % 2)),
    timeSource: fc.constantFrom<TimeSource>('scan', 'file', 'import'),
    findings: fc.uniqueArray(
      fc.record({
        key: fc.constantFrom('a', 'b', 'c', 'd', 'e'),
        severity: fc.constantFrom<FindingSeverity>('Low', 'High'),
      }),
      { selector: (finding) => finding.key, maxLength: 5 },
    ),
  })
  const scansArbitrary = fc.array(scanArbitrary, { maxLength: 25 }).map((list) =>
    list.map(({ findings, ...rest }): Scan => ({
      ...rest,
      findingKeys: findings.map((finding) => finding.key),
      severities: findings.map((finding) => finding.severity),
    })),
  )

  it('gives the same history whatever order the scans are added in, one at a time or together', () => {
    fc.assert(
      fc.property(
        scansArbitrary.chain((scans) =>
          fc.tuple(fc.constant(scans), fc.shuffledSubarray(scans, { minLength: scans.length })),
        ),
        ([scans, shuffled]) => {
          const sorted = [...scans].sort((a, b) => toSeconds(a.scannedAt) - toSeconds(b.scannedAt))
          const oneAtATime = shuffled.reduce(addScan, emptyHistory)
          expect(plain(oneAtATime)).toEqual(plain(addScans(emptyHistory, sorted)))
          expect(plain(oneAtATime)).toEqual(reference(scans))
        },
      ),
      { numRuns: 300 },
    )
  })
})
