import { describe, expect, it } from 'vitest'
import { byDueDate, dueText, passesDueFilter } from '@/data/sla'
import { addScans } from '@/workspace/history/finding-history'
import { slaViewOf } from './sla-views'

const history = addScans({ repositories: new Map() }, [
  {
    repository: 'shop',
    run: 'trivy|shop',
    tool: 'Trivy',
    scannedAt: '2026-11-01T00:00:00Z',
    timeSource: 'scan',
    findingKeys: ['old', 'new'],
    severities: ['Critical', 'Critical'],
  },
  {
    repository: 'shop',
    run: 'trivy|shop',
    tool: 'Trivy',
    scannedAt: '2026-11-20T00:00:00Z',
    timeSource: 'scan',
    findingKeys: ['old', 'new', 'newest'],
    severities: ['Critical', 'Critical', 'Critical'],
  },
])
const now = new Date('2026-11-21T00:00:00Z')

describe('a finding’s days to fix as the lists show them', () => {
  it('counts from first seen: overdue since its seventh day, and the days past it', () => {
    const view = slaViewOf(history, 'shop', { key: 'old', severity: 'Critical' }, now)
    expect(view).toMatchObject({
      firstSeen: '2026-11-01T00:00:00.000Z',
      ageDays: 20,
      dueAt: '2026-11-08T00:00:00.000Z',
      daysLeft: -13,
      overdue: true,
      dueSoon: false,
    })
    expect(dueText(view!)).toBe('Overdue since 2026-11-08 (13 days)')
    expect(passesDueFilter('overdue', view)).toBe(true)
  })

  it('is due within 7 days when first seen a day ago, and sorts after the overdue one', () => {
    const fresh = slaViewOf(history, 'shop', { key: 'newest', severity: 'Critical' }, now)
    const old = slaViewOf(history, 'shop', { key: 'old', severity: 'Critical' }, now)
    expect(fresh).toMatchObject({ dueSoon: true, overdue: false, daysLeft: 6 })
    expect(dueText(fresh!)).toBe('Due 2026-11-27 (in 6 days)')
    expect(byDueDate(old, fresh)).toBeLessThan(0)
  })

  it('pauses under an accepted risk and ends with not affected or a VEX statement', () => {
    const accepted = [{ state: 'accepted-risk' as const, at: '2026-11-03T00:00:00Z' }]
    expect(slaViewOf(history, 'shop', { key: 'old', severity: 'Critical', decisions: accepted }, now)).toMatchObject({
      clock: 'paused',
      overdue: false,
    })
    const vex = slaViewOf(history, 'shop', { key: 'new', severity: 'Critical', closedByVex: true }, now)
    expect(vex).toMatchObject({ clock: 'ended', overdue: false })
    expect(dueText(vex!)).toBe('Closed')
    expect(passesDueFilter('overdue', vex)).toBe(false)
  })

  it('keeps the pause of an accepted risk that a later decision replaced', () => {
    const decisions = [
      { state: 'accepted-risk' as const, at: '2026-11-02T00:00:00Z' },
      { state: 'affected' as const, at: '2026-11-16T00:00:00Z' },
    ]
    const view = slaViewOf(history, 'shop', { key: 'old', severity: 'Critical', decisions }, now)
    // A day before the accepted risk and five since it was replaced: one day of seven left.
    expect(view).toMatchObject({ clock: 'running', overdue: false, dueAt: '2026-11-22T00:00:00.000Z', daysLeft: 1 })
    const onlyTheLast = slaViewOf(
      history,
      'shop',
      { key: 'old', severity: 'Critical', decisions: decisions.slice(1) },
      now,
    )
    expect(onlyTheLast).toMatchObject({ overdue: true, dueAt: '2026-11-08T00:00:00.000Z' })
  })

  it('has no days to fix for a finding the history has not seen', () => {
    expect(slaViewOf(history, 'shop', { key: 'unknown', severity: 'High' }, now)).toBeUndefined()
    expect(passesDueFilter('due-soon', undefined)).toBe(false)
  })
})
