import { describe, expect, it } from 'vitest'
import { defaultSla, readSla } from './policy-sla'

describe('policy SLA settings', () => {
  it('defaults to 7, 30, 90 and 180 days, none for Unknown, and in triage running the clock', () => {
    expect(readSla(undefined)).toEqual({ sla: defaultSla, problems: [] })
    expect(defaultSla).toEqual({
      days: { Critical: 7, High: 30, Medium: 90, Low: 180, Unknown: undefined },
      inTriagePauses: false,
    })
  })

  it('reads days per severity, none for no deadline, and whether in triage pauses the clock', () => {
    expect(readSla({ critical: 3, High: 14, low: 'none', unknown: 365, inTriagePauses: true })).toEqual({
      sla: { days: { Critical: 3, High: 14, Medium: 90, Low: undefined, Unknown: 365 }, inTriagePauses: true },
      problems: [],
    })
    expect(readSla({ medium: null }).sla.days.Medium).toBeUndefined()
  })

  it('keeps the default of each field it cannot use, and says what to write instead', () => {
    expect(readSla({ critical: 'seven', high: 0, medium: 2.5, urgent: 1, inTriagePauses: 'yes' })).toEqual({
      sla: defaultSla,
      problems: [
        'The sla for critical is a whole number of days from 1 to 3650, or none (it is "seven").',
        'The sla for high is a whole number of days from 1 to 3650, or none (it is 0).',
        'The sla for medium is a whole number of days from 1 to 3650, or none (it is 2.5).',
        'The sla field "urgent" is not a severity: use critical, high, medium, low and unknown, and inTriagePauses.',
        'The sla field inTriagePauses is true or false (it is "yes").',
      ],
    })
    expect(readSla([7, 30]).problems).toEqual([
      'The sla field is not a set of fields: write one line per severity under it, such as "  critical: 7".',
    ])
    expect(readSla(7).sla).toBe(defaultSla)
  })
})

describe('sla fields that name Object’s own members', () => {
  it('reads constructor and toString as fields it does not know, not as severities', () => {
    const { sla, problems } = readSla({ constructor: 3, toString: 5 })
    expect(sla).toEqual(defaultSla)
    expect(problems).toHaveLength(2)
  })
})
