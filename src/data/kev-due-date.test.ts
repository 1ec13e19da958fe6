import { describe, expect, it } from 'vitest'
import { dueText, withKevDueDate, type SlaView } from './sla'

const now = Date.parse('2026-12-07T12:00:00Z')

const running = (dueAt: string | undefined): SlaView => ({
  firstSeen: '2026-12-01T00:00:00.000Z',
  ageDays: 6,
  ...(dueAt ? { dueAt, daysLeft: Math.trunc((Date.parse(dueAt) - now) / 86_400_000) } : {}),
  overdue: false,
  dueSoon: false,
  clock: 'running',
})

describe("KEV's due date as a deadline", () => {
  it('makes a finding due at KEV’s due date when it comes before the SLA’s, and overdue after it', () => {
    const view = withKevDueDate(running('2026-12-20T00:00:00.000Z'), '2026-12-05', now)
    expect(view).toMatchObject({ dueAt: '2026-12-06T00:00:00.000Z', overdue: true, deadline: 'kev', daysLeft: -1 })
    expect(dueText(view)).toBe("Overdue since 2026-12-06 (1 day, KEV's due date)")
  })

  it('keeps the SLA’s when it comes first, and gives a deadline to a severity without one', () => {
    const sla = running('2026-12-08T00:00:00.000Z')
    expect(withKevDueDate(sla, '2026-12-30', now)).toBe(sla)
    expect(withKevDueDate(running(undefined), '2026-12-10', now)).toMatchObject({
      dueAt: '2026-12-11T00:00:00.000Z',
      dueSoon: true,
      overdue: false,
      deadline: 'kev',
    })
  })

  it('leaves a closed finding closed, and a view without a KEV due date as it is', () => {
    const closed: SlaView = { ...running('2026-12-20T00:00:00.000Z'), clock: 'ended' }
    expect(withKevDueDate(closed, '2026-12-01', now)).toBe(closed)
    const open = running('2026-12-20T00:00:00.000Z')
    expect(withKevDueDate(open, undefined, now)).toBe(open)
  })
})
