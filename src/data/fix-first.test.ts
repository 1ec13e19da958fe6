import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { findingSeverities } from './findings'
import type { KevView } from './findings'
import {
  byFixFirst,
  fixFirstKeys,
  fixFirstReasons,
  fixFirstScore,
  UNSCORED_EPSS,
  type FixFirstSubject,
} from './fix-first'

const kev = (marks: Partial<KevView> = {}): KevView => ({
  cve: 'CVE-2026-0001',
  dateAdded: '2026-11-02',
  ransomware: false,
  ...marks,
})

const subject = (marks: Partial<FixFirstSubject> & { name?: string }): FixFirstSubject & { name?: string } => ({
  severity: 'Medium',
  ...marks,
})

const order = (subjects: (FixFirstSubject & { name?: string })[]) =>
  [...subjects].sort(byFixFirst).map((each) => each.name)

describe('fix first', () => {
  it('puts KEV first, those used in ransomware before the others, whatever their EPSS or severity', () => {
    expect(
      order([
        subject({
          name: 'likely critical',
          severity: 'Critical',
          exploit: { catalogueEpss: { score: 0.97, percentile: 0.999, date: '2026-12-06' } },
        }),
        subject({ name: 'kev low', severity: 'Low', exploit: { kev: kev() } }),
        subject({ name: 'kev ransomware low', severity: 'Low', exploit: { kev: kev({ ransomware: true }) } }),
        subject({ name: 'scanner says exploited', severity: 'Low', exploit: { knownExploited: true } }),
      ]),
    ).toEqual(['kev ransomware low', 'kev low', 'scanner says exploited', 'likely critical'])
  })

  it('ranks the rest by EPSS times severity: a likely High before an unlikely Critical', () => {
    const likelyHigh = subject({ name: 'likely high', severity: 'High', cvss: { score: 7.5 }, epss: 0.4 })
    const unlikelyCritical = subject({
      name: 'unlikely critical',
      severity: 'Critical',
      cvss: { score: 9.8 },
      epss: 0.001,
    })
    expect(fixFirstScore(likelyHigh)).toBeCloseTo(0.3)
    expect(order([unlikelyCritical, likelyHigh])).toEqual(['likely high', 'unlikely critical'])
  })

  it('takes the catalogue’s EPSS over the scanner’s', () => {
    const scannerHigh = subject({
      name: 'scanner high, catalogue low',
      epss: 0.9,
      exploit: { catalogueEpss: { score: 0.001, percentile: 0.2, date: '2026-12-06' } },
    })
    const scannerLow = subject({
      name: 'scanner low, catalogue high',
      epss: 0.001,
      exploit: { catalogueEpss: { score: 0.5, percentile: 0.99, date: '2026-12-06' } },
    })
    expect(order([scannerHigh, scannerLow])).toEqual(['scanner low, catalogue high', 'scanner high, catalogue low'])
  })

  it('counts a finding no source scores as a 1% chance: an unscored Critical above a scored Low, below the likely', () => {
    const unscored = subject({ name: 'unscored critical', severity: 'Critical' })
    expect(fixFirstScore(unscored)).toBeCloseTo(UNSCORED_EPSS * 0.95)
    expect(
      order([
        subject({ name: 'scored low', severity: 'Low', epss: 0.002 }),
        unscored,
        subject({ name: 'likely medium', severity: 'Medium', epss: 0.2 }),
      ]),
    ).toEqual(['likely medium', 'unscored critical', 'scored low'])
  })

  it('breaks ties by severity, then CVSS', () => {
    expect(
      order([
        subject({ name: 'medium', severity: 'Medium' }),
        subject({ name: 'unknown', severity: 'Unknown' }),
        subject({ name: 'high 7.0', severity: 'High', cvss: { score: 7 }, epss: 0 }),
        subject({ name: 'high 8.0', severity: 'High', cvss: { score: 8 }, epss: 0 }),
      ]),
    ).toEqual(['medium', 'unknown', 'high 8.0', 'high 7.0'])
  })

  it('says why in words: KEV with its due date and ransomware, EPSS with its date and percentile, the severity', () => {
    expect(
      fixFirstReasons(
        subject({
          severity: 'Critical',
          cvss: { score: 9.8 },
          exploit: {
            kev: kev({ ransomware: true, dueDate: '2026-11-23' }),
            catalogueEpss: { score: 0.943, percentile: 0.9991, date: '2026-12-06' },
          },
        }),
      ),
    ).toEqual([
      "In CISA's KEV catalogue since 2026-11-02: attackers exploit CVE-2026-0001 today, in ransomware campaigns too. KEV asks for it to be fixed by 2026-11-23.",
      'EPSS 94% chance of exploitation in the next 30 days (99th percentile, scored 2026-12-06).',
      'Critical severity (CVSS 9.8).',
    ])
    expect(fixFirstReasons(subject({ severity: 'Unknown' }))).toEqual([
      'No EPSS score: counted as a 1.0% chance of exploitation.',
      'Unknown severity, counted as Medium.',
    ])
    expect(
      fixFirstReasons(subject({ epss: 0.0345, exploit: { epss: { score: 0.0345, date: '2026-11-30' } } }))[0],
    ).toBe('EPSS 3.5% chance of exploitation in the next 30 days, as the scanner gave it (2026-11-30).')
  })
})

describe('fix first as numbers', () => {
  const subjects = fc.record({
    severity: fc.constantFrom(...findingSeverities),
    cvss: fc.option(fc.record({ score: fc.integer({ min: 0, max: 100 }).map((tenths) => tenths / 10) }), {
      nil: undefined,
    }),
    epss: fc.option(fc.double({ min: 0, max: 1, noNaN: true }), { nil: undefined }),
    exploit: fc.option(
      fc.record({
        knownExploited: fc.option(fc.boolean(), { nil: undefined }),
        kev: fc.option(
          fc.record({ cve: fc.constant('CVE-2026-1'), dateAdded: fc.constant('2026-01-01'), ransomware: fc.boolean() }),
          {
            nil: undefined,
          },
        ),
      }),
      { nil: undefined },
    ),
  })

  it('orders as byFixFirst does', () => {
    fc.assert(
      fc.property(subjects, subjects, (a, b) => {
        const [x, y] = [fixFirstKeys(a), fixFirstKeys(b)]
        const byKeys = y[0] - x[0] || y[1] - x[1] || y[2] - x[2]
        expect(Math.sign(byKeys)).toBe(Math.sign(byFixFirst(a, b)))
      }),
    )
  })
})
