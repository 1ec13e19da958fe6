import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { FindingSeverity } from '@/data/findings'
import { defaultSla, type SlaSettings } from '@/data/policy-sla'
import type { DecisionState } from '@/workspace/triage/decision'
import type { DecisionEvent } from './decision-timeline'
import { toSeconds } from './finding-history'
import { kevDueAtOf, oldestOpen, overdueBySeverity, slaStatus, type SlaFinding } from './sla'

const day = (n: number, hour = 0) => new Date(Date.UTC(2026, 0, 1 + n, hour)).toISOString()
const t = (n: number) => toSeconds(day(n))
/** Reported from day `from` on, still reported. */
const since = (from: number): number[] => [t(from), t(from), Infinity]
const finding = (severity: FindingSeverity, stretches: number[], decisions?: DecisionEvent[]): SlaFinding => ({
  severity,
  stretches,
  decisions,
})
const at = (n: number) => new Date(day(n))

describe('SLA', () => {
  it('counts the days to fix from first seen, per severity', () => {
    expect(slaStatus(finding('Critical', since(0)), defaultSla, at(3))).toEqual({
      severity: 'Critical',
      firstSeen: day(0),
      ageDays: 3,
      clockDays: 3,
      clock: 'running',
      open: true,
      dueAt: day(7),
      overdue: false,
      dueSoon: true,
    })
    expect(slaStatus(finding('High', since(0)), defaultSla, at(40))).toMatchObject({
      dueAt: day(30),
      overdue: true,
      dueSoon: false,
    })
    expect(slaStatus(finding('Medium', since(0)), defaultSla, at(40))).toMatchObject({ dueAt: day(90), dueSoon: false })
    expect(slaStatus(finding('Low', since(0)), defaultSla, at(175))).toMatchObject({ dueAt: day(180), dueSoon: true })
    // Unknown has no deadline unless the policy sets one.
    const unknown = slaStatus(finding('Unknown', since(0)), defaultSla, at(1000))
    expect(unknown.dueAt).toBeUndefined()
    expect(unknown.overdue).toBe(false)
    const withUnknown: SlaSettings = { ...defaultSla, days: { ...defaultSla.days, Unknown: 365 } }
    expect(slaStatus(finding('Unknown', since(0)), withUnknown, at(1000))).toMatchObject({
      overdue: true,
      dueAt: day(365),
    })
  })

  it('pauses the clock while an accepted risk is in force, and runs it again once it expires', () => {
    const decisions: DecisionEvent[] = [{ at: day(10), state: 'accepted-risk', expiresOn: '2026-02-05' }]
    // Day 20: paused after 10 days.
    expect(slaStatus(finding('High', since(0), decisions), defaultSla, at(20))).toMatchObject({
      ageDays: 20,
      clockDays: 10,
      clock: 'paused',
      open: false,
      dueAt: day(40),
      overdue: false,
      dueSoon: false,
    })
    // 5 February is day 35: the clock ran 10 days, then 5 more, and 15 are left.
    expect(slaStatus(finding('High', since(0), decisions), defaultSla, at(40))).toMatchObject({
      ageDays: 40,
      clockDays: 15,
      clock: 'running',
      open: true,
      dueAt: day(55),
      overdue: false,
    })
    // Overdue once the 30 days have run: on day 55.
    expect(slaStatus(finding('High', since(0), decisions), defaultSla, at(60))).toMatchObject({
      dueAt: day(55),
      overdue: true,
    })
  })

  it('pauses it while in triage only when the policy says so', () => {
    const decisions: DecisionEvent[] = [
      { at: day(5), state: 'in-triage' },
      { at: day(25), state: 'affected' },
    ]
    expect(slaStatus(finding('High', since(0), decisions), defaultSla, at(31))).toMatchObject({
      clockDays: 31,
      overdue: true,
    })
    const pausing = { ...defaultSla, inTriagePauses: true }
    expect(slaStatus(finding('High', since(0), decisions), pausing, at(31))).toMatchObject({
      clockDays: 11,
      clock: 'running',
      dueAt: day(50),
      overdue: false,
    })
    expect(slaStatus(finding('High', since(0), decisions), pausing, at(10))).toMatchObject({
      clock: 'paused',
      open: true,
    })
  })

  it('ends the clock when a scan no longer reports the finding, or a decision says fixed, not affected or false positive', () => {
    const fixed = slaStatus(finding('Critical', [t(0), t(11), t(12)]), defaultSla, at(30))
    expect(fixed).toMatchObject({
      clock: 'ended',
      endedBy: 'fixed',
      ageDays: 12,
      clockDays: 12,
      open: false,
      overdue: false,
    })
    expect(fixed.dueAt).toBe(day(7))
    for (const state of ['not-affected', 'false-positive', 'fixed'] as DecisionState[]) {
      expect(slaStatus(finding('Critical', since(0), [{ at: day(4), state }]), defaultSla, at(30))).toMatchObject({
        clock: 'ended',
        endedBy: state,
        ageDays: 4,
        clockDays: 4,
        open: false,
        overdue: false,
        dueAt: day(7),
      })
    }
  })

  it('ends the clock at whichever came first, the fix or the decision', () => {
    const fixedLater = slaStatus(
      finding('High', [t(0), t(9), t(10)], [{ at: day(4), state: 'not-affected' }]),
      defaultSla,
      at(30),
    )
    expect(fixedLater).toMatchObject({ clock: 'ended', endedBy: 'not-affected', ageDays: 4, clockDays: 4 })
    const decidedLater = slaStatus(
      finding('High', [t(0), t(9), t(10)], [{ at: day(20), state: 'fixed' }]),
      defaultSla,
      at(30),
    )
    expect(decidedLater).toMatchObject({ clock: 'ended', endedBy: 'fixed', ageDays: 10, clockDays: 10 })
    const markedFixedFirst = slaStatus(
      finding('High', [t(0), t(9), t(10)], [{ at: day(3), state: 'fixed' }]),
      defaultSla,
      at(30),
    )
    expect(markedFixedFirst).toMatchObject({ clock: 'ended', endedBy: 'fixed', ageDays: 3, clockDays: 3 })
  })

  it('keeps the first-seen date of a reintroduced finding, without the days it was fixed', () => {
    const back = slaStatus(finding('High', [t(0), t(9), t(10), t(20), t(20), Infinity]), defaultSla, at(30))
    expect(back).toMatchObject({ firstSeen: day(0), ageDays: 30, clockDays: 20, clock: 'running', dueAt: day(40) })
  })

  it('finds the oldest open finding and counts overdue ones by severity', () => {
    const items = [
      { id: 'fixed-long-ago', status: slaStatus(finding('Low', [t(0), t(1), t(2)]), defaultSla, at(100)) },
      {
        id: 'accepted',
        status: slaStatus(finding('High', since(5), [{ at: day(6), state: 'accepted-risk' }]), defaultSla, at(100)),
      },
      { id: 'old', status: slaStatus(finding('Critical', since(10)), defaultSla, at(100)) },
      { id: 'new', status: slaStatus(finding('Critical', since(99)), defaultSla, at(100)) },
      { id: 'medium', status: slaStatus(finding('Medium', since(20)), defaultSla, at(100)) },
    ]
    expect(oldestOpen(items)?.id).toBe('old')
    expect(oldestOpen([])).toBeUndefined()
    expect(overdueBySeverity(items.map((item) => item.status))).toEqual({
      Critical: 1,
      High: 0,
      Medium: 0,
      Low: 0,
      Unknown: 0,
    })
  })

  it('never counts more clock days than days of age, and a decision never adds to the clock', () => {
    const states: DecisionState[] = ['needs-triage', 'in-triage', 'affected', 'not-affected', 'accepted-risk', 'fixed']
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer({ min: 0, max: 60 }), { minLength: 2, maxLength: 6 }),
        fc.boolean(),
        fc.array(
          fc.record({
            n: fc.integer({ min: 0, max: 70 }),
            state: fc.constantFrom(...states),
            expires: fc.integer({ min: 0, max: 80 }),
          }),
          { maxLength: 4 },
        ),
        fc.integer({ min: 0, max: 90 }),
        fc.boolean(),
        (times, open, raw, now, inTriagePauses) => {
          const sorted = [...times].sort((a, b) => a - b)
          const stretches: number[] = []
          for (let index = 0; index + 1 < sorted.length; index += 2) {
            const last = index + 2 >= sorted.length - 1
            stretches.push(t(sorted[index]), t(sorted[index]), last && open ? Infinity : t(sorted[index + 1]))
            if (last && open) break
          }
          const decisions = raw
            .map(({ n, state, expires }) => ({
              at: day(n, 12),
              state,
              ...(state === 'accepted-risk' ? { expiresOn: day(expires).slice(0, 10) } : {}),
            }))
            .sort((a, b) => (a.at < b.at ? -1 : 1))
          const settings = { ...defaultSla, inTriagePauses }
          const decided = slaStatus(finding('High', stretches, decisions), settings, at(now))
          const plain = slaStatus(finding('High', stretches), settings, at(now))
          expect(decided.clockDays).toBeLessThanOrEqual(plain.clockDays)
          expect(plain.clockDays).toBeLessThanOrEqual(plain.ageDays)
          if (decided.overdue) expect(decided.clock).toBe('running')
        },
      ),
    )
  })

  describe("KEV's due date as a deadline", () => {
    // Day n is 2026-01-(n+1): KEV's 2026-01-05 runs out at the end of that day, day 5.
    const kev = (severity: FindingSeverity, dueDate: string, decisions?: DecisionEvent[]): SlaFinding => ({
      ...finding(severity, since(0), decisions),
      kevDueAt: kevDueAtOf(dueDate),
    })

    it('makes a finding due at KEV’s due date when it comes before the days to fix, and overdue after it', () => {
      expect(slaStatus(kev('High', '2026-01-05'), defaultSla, at(6))).toMatchObject({
        dueAt: day(5),
        overdue: true,
        dueSoon: false,
        dueBy: 'kev',
      })
    })

    it('keeps the days to fix when they come first, and gives a deadline to a severity without one', () => {
      const critical = slaStatus(kev('Critical', '2026-01-30'), defaultSla, at(3))
      expect(critical).toMatchObject({ dueAt: day(7), dueSoon: true })
      expect(critical.dueBy).toBeUndefined()
      expect(slaStatus(kev('Unknown', '2026-01-10'), defaultSla, at(6))).toMatchObject({
        dueAt: day(10),
        dueSoon: true,
        overdue: false,
        dueBy: 'kev',
      })
    })

    it('leaves a closed finding closed, never overdue', () => {
      const fixed: DecisionEvent[] = [{ at: day(2), state: 'fixed' }]
      expect(slaStatus(kev('High', '2026-01-05'), defaultSla, at(6))).toMatchObject({ overdue: true })
      expect(slaStatus(kev('High', '2026-01-05', fixed), defaultSla, at(6))).toMatchObject({
        clock: 'ended',
        overdue: false,
        dueSoon: false,
      })
    })

    it('reads no deadline from no date', () => {
      expect(kevDueAtOf(undefined)).toBeUndefined()
      expect(kevDueAtOf('not a day')).toBeUndefined()
      expect(kevDueAtOf('2026-01-05')).toBe(t(5))
    })
  })
})
