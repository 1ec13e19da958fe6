import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { findingSeverities, type FindingSeverity } from '@/data/findings'
import type { DecisionState } from '@/workspace/triage/decision'
import { closingStates, decisionSpans, subtractSpans, type DecisionEvent } from './decision-timeline'
import { addScans, emptyHistory, repositoryStretches, toSeconds, type Scan } from './finding-history'
import { sampleRuns, sampleState } from './sample-history'
import { lastDays, trends } from './trends'

const day = (n: number, hour = 2) => new Date(Date.UTC(2026, 2, 1 + n, hour)).toISOString()

function scan(n: number, keys: string[], extra: Partial<Scan> = {}): Scan {
  return {
    repository: 'shop',
    run: 'trivy',
    tool: 'Trivy',
    scannedAt: day(n),
    timeSource: 'scan',
    findingKeys: keys,
    severities: keys.map((key) => (key.startsWith('crit') ? 'Critical' : 'High')),
    ...extra,
  }
}

describe('trends', () => {
  // 1 March 2026 is a Sunday: day 1 (2 March) starts ISO week 10.
  const history = addScans(emptyHistory, [
    scan(0, ['crit-a', 'b']),
    scan(1, ['crit-a', 'b']),
    scan(2, ['crit-a']),
    scan(3, ['crit-a', 'b']),
    scan(8, ['b', 'c']),
    scan(8, ['x'], { repository: 'api', run: 'grype', tool: 'Grype' }),
  ])
  const now = new Date(day(9, 12))

  it('counts what is open at the end of each day, by severity, and today what is open now', () => {
    const { open } = trends(history, { now, days: 10 })
    expect(open.days[0]).toBe('2026-03-01')
    expect(open.days.at(-1)).toBe('2026-03-10')
    expect(open.bySeverity.Critical).toEqual([1, 1, 1, 1, 1, 1, 1, 1, 0, 0])
    // b: days 0–1, fixed on day 2, back on day 3 until now; c and x from day 8.
    expect(open.bySeverity.High).toEqual([1, 1, 0, 1, 1, 1, 1, 1, 3, 3])
    expect(open.total).toEqual([2, 2, 1, 2, 2, 2, 2, 2, 3, 3])
    expect(trends(history, { now, days: 10, repository: 'api' }).open.total).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 1, 1])
    expect(trends(history, { now, days: 10, repository: 'nowhere' }).open.total.every((count) => count === 0)).toBe(
      true,
    )
  })

  it('counts new, reopened, fixed and closed findings per ISO week', () => {
    const { weeks } = trends(history, { now, days: 10 })
    expect(weeks).toEqual([
      { week: '2026-W09', start: '2026-02-23', new: 2, reopened: 0, fixed: 0, closed: 0 },
      { week: '2026-W10', start: '2026-03-02', new: 0, reopened: 1, fixed: 1, closed: 0 },
      { week: '2026-W11', start: '2026-03-09', new: 2, reopened: 0, fixed: 1, closed: 0 },
    ])
  })

  it('leaves out findings a decision closes, and counts them again when an accepted risk expires', () => {
    const decisions: Record<string, DecisionEvent[]> = {
      'crit-a': [
        { at: day(1, 9), state: 'accepted-risk', expiresOn: '2026-03-05' },
        { at: day(6, 9), state: 'not-affected' },
      ],
      c: [
        { at: day(8, 9), state: 'in-triage' },
        { at: day(9, 9), state: 'false-positive' },
      ],
    }
    const result = trends(history, {
      now,
      days: 10,
      decisionsOf: (repository, key) => (repository === 'shop' ? decisions[key] : undefined),
    })
    // Closed on day 1, open again from the start of 5 March (day 4), closed by not affected on day 6.
    expect(result.open.bySeverity.Critical).toEqual([1, 0, 0, 0, 1, 1, 0, 0, 0, 0])
    expect(result.open.bySeverity.High).toEqual([1, 1, 0, 1, 1, 1, 1, 1, 3, 2])
    expect(result.weeks[1]).toMatchObject({ new: 0, reopened: 2, fixed: 1, closed: 2 })
    expect(result.weeks[2]).toMatchObject({ new: 2, closed: 1 })
  })

  it('counts a finding two runs of a repository report once, open while either reports it', () => {
    const both = addScans(emptyHistory, [
      scan(0, ['a']),
      scan(2, []),
      scan(1, ['a'], { run: 'grype', tool: 'Grype', severities: ['Critical'] }),
      scan(3, [], { run: 'grype', tool: 'Grype' }),
    ])
    const { open } = trends(both, { now: new Date(day(4)), days: 5 })
    expect(open.bySeverity.Critical).toEqual([1, 1, 1, 0, 0])
    expect(open.bySeverity.High).toEqual([0, 0, 0, 0, 0])
  })

  it('refuses a period it cannot draw', () => {
    expect(() => trends(history, { now, days: 0 })).toThrow('A trend covers 1 to 400 days')
    expect(() => trends(history, { now, days: 500 })).toThrow('not 500')
  })

  it('agrees with asking each finding, at the end of each day, whether it is open', () => {
    const states: DecisionState[] = ['needs-triage', 'in-triage', 'affected', 'not-affected', 'accepted-risk', 'fixed']
    const scanArbitrary = fc.record({
      repository: fc.constantFrom('shop', 'api'),
      run: fc.constantFrom('trivy', 'grype'),
      n: fc.integer({ min: 0, max: 20 }),
      hour: fc.integer({ min: 0, max: 23 }),
      keys: fc.subarray(['a', 'b', 'crit-c']),
    })
    const eventArbitrary = fc.record({
      n: fc.integer({ min: 0, max: 20 }),
      state: fc.constantFrom(...states),
      expires: fc.integer({ min: 0, max: 22 }),
    })
    fc.assert(
      fc.property(
        fc.array(scanArbitrary, { maxLength: 20 }),
        fc.dictionary(fc.constantFrom('shop a', 'api b', 'shop crit-c'), fc.array(eventArbitrary, { maxLength: 3 })),
        fc.integer({ min: 15, max: 21 }),
        (scans, decided, today) => {
          const state = addScans(
            emptyHistory,
            scans.map(({ n, hour, keys, ...rest }) => scan(n, keys, { ...rest, scannedAt: day(n, hour) })),
          )
          const events = (repository: string, key: string): DecisionEvent[] =>
            (decided[`${repository} ${key}`] ?? [])
              .map(({ n, state: decision, expires }) => ({
                at: day(n, 5),
                state: decision,
                ...(decision === 'accepted-risk' ? { expiresOn: day(expires).slice(0, 10) } : {}),
              }))
              .sort((a, b) => (a.at < b.at ? -1 : 1))
          const nowTime = new Date(day(today, 6))
          const { open } = trends(state, { now: nowTime, days: 12, decisionsOf: events })
          const expected = Object.fromEntries(findingSeverities.map((severity) => [severity, [] as number[]]))
          for (let index = 0; index < 12; index += 1) {
            const end = index === 11 ? toSeconds(nowTime.toISOString()) : toSeconds(day(today - 11 + index + 1, 0)) - 1
            const counts = new Map<FindingSeverity, number>()
            for (const [repository, runs] of state.repositories) {
              const keys = new Set([...runs.values()].flatMap((run) => [...run.findings.keys()]))
              for (const key of keys) {
                const stretches = repositoryStretches(state, repository, key)
                let present = false
                for (let at = 0; at < stretches.length; at += 3)
                  present ||= stretches[at] <= end && end < stretches[at + 2]
                const closed = decisionSpans(events(repository, key), closingStates)
                let isClosed = false
                for (let at = 0; at < closed.length; at += 2) isClosed ||= closed[at] <= end && end < closed[at + 1]
                const severity = key.startsWith('crit') ? 'Critical' : 'High'
                if (present && !isClosed) counts.set(severity, (counts.get(severity) ?? 0) + 1)
              }
            }
            for (const severity of findingSeverities) expected[severity].push(counts.get(severity) ?? 0)
          }
          expect(open.bySeverity).toEqual(expected)
        },
      ),
      { numRuns: 200 },
    )
  })
})

describe('decision timeline', () => {
  const at = (n: number) => toSeconds(day(n))

  it('gives the spans a decision closes a finding, an accepted risk until the start of its expiry day', () => {
    const events: DecisionEvent[] = [
      { at: day(1), state: 'in-triage' },
      { at: day(2), state: 'accepted-risk', expiresOn: '2026-03-06' },
      { at: day(8), state: 'false-positive' },
      { at: day(9), state: 'needs-triage' },
    ]
    const expiry = Date.UTC(2026, 2, 6) / 1000
    expect(decisionSpans(events, closingStates)).toEqual([at(2), expiry, at(8), at(9)])
    expect(decisionSpans(events, new Set(['needs-triage']))).toEqual([expiry, at(8), at(9), Infinity])
    expect(decisionSpans([], closingStates)).toEqual([])
  })

  it('takes spans out of spans', () => {
    expect(subtractSpans([0, 10, 20, 30], [5, 6, 8, 22, 25, Infinity])).toEqual([0, 5, 6, 8, 22, 25])
    expect(subtractSpans([0, 10], [])).toEqual([0, 10])
    expect(subtractSpans([0, 10], [0, 10])).toEqual([])
  })
})

describe('lastDays', () => {
  const start = Date.UTC(2025, 10, 1) / 1000
  const history = sampleState(sampleRuns({ repositories: 6, days: 400, start, seed: 7 }))

  it('cuts a year of trends to 30 and 90 days exactly as working them out over those days does', () => {
    for (const hour of [0, 13]) {
      const now = new Date(Date.UTC(2026, 10, 26, hour, 30))
      const year = trends(history, { now, days: 365 })
      expect(year.open.total.some((count) => count > 0)).toBe(true)
      for (const days of [30, 90, 365]) expect(lastDays(year, days, now)).toEqual(trends(history, { now, days }))
    }
  })
})
