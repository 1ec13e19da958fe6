import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  healthByAppType,
  healthByLanguage,
  healthOf,
  healthScore,
  recencyOf,
  type HealthRepository,
} from './policy-health'

const now = new Date('2026-03-01T12:00:00Z')
const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000).toISOString()

describe('policy health', () => {
  it('weighs coverage 0.4, recency 0.2 and pass rate 0.4 on a 0–10 scale', () => {
    expect(healthScore({ coverage: 1, recency: 1, passRate: 1 })).toBe(10)
    expect(healthScore({ coverage: 0 })).toBe(0)
    expect(healthScore({ coverage: 0.5, recency: 1, passRate: 0.5 })).toBe(6)
    expect(healthScore({ coverage: 1, recency: 0.5, passRate: 1 })).toBe(9)
    expect(healthScore({ coverage: 0.92, recency: 0.8, passRate: 0.75 })).toBe(8.3)
    // Without checks, coverage and recency count alone: 10 × (0.4 × 1 + 0.2 × 0.5) / 0.6.
    expect(healthScore({ coverage: 1, recency: 0.5 })).toBe(8.3)
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.option(fc.double({ min: 0, max: 1, noNaN: true }), { nil: undefined }),
        fc.option(fc.double({ min: 0, max: 1, noNaN: true }), { nil: undefined }),
        (coverage, recency, passRate) => {
          const score = healthScore({ coverage, recency, passRate })
          expect(score).toBeGreaterThanOrEqual(0)
          expect(score).toBeLessThanOrEqual(10)
        },
      ),
    )
  })

  it('counts a scan in the last day fully, and halves with every 14 days more', () => {
    expect(recencyOf(daysAgo(0.5), now)).toBe(1)
    expect(recencyOf(daysAgo(1), now)).toBe(1)
    expect(recencyOf(daysAgo(15), now)).toBeCloseTo(0.5)
    expect(recencyOf(daysAgo(29), now)).toBeCloseTo(0.25)
    expect(recencyOf(daysAgo(-2), now)).toBe(1)
  })

  const repositories: HealthRepository[] = [
    { name: 'web', languages: ['TypeScript'], appTypes: ['Frontend (Vite)'], lastScannedAt: daysAgo(0.2) },
    { name: 'api', languages: ['TypeScript', 'Go'], appTypes: ['Backend (Express)'], lastScannedAt: daysAgo(15) },
    { name: 'tool', languages: ['Go'], lastScannedAt: undefined },
    { name: 'php', languages: ['PHP'] },
  ]
  const checks = {
    byRepository: new Map([
      ['web', { checked: 3, passing: 3 }],
      ['api', { checked: 3, passing: 1 }],
      ['tool', { checked: 0, passing: 0 }],
    ]),
  }

  it('scores a set of repositories from their scans and the policy’s checks', () => {
    // Coverage 2/4, recency (1 + 0.5) / 2, pass rate 4/6: 10 × (0.2 + 0.15 + 0.2667).
    expect(healthOf('All', repositories, checks, now)).toEqual({
      group: 'All',
      totalRepos: 4,
      coverage: 50,
      lastScannedAt: daysAgo(0.2),
      recency: 0.75,
      passRate: 4 / 6,
      healthScore: 6.2,
    })
    expect(healthOf('None', [], undefined, now)).toEqual({ group: 'None', totalRepos: 0, coverage: 0, healthScore: 0 })
  })

  it('gives one row per language and per app type, a repository counting in each of its groups', () => {
    expect(
      healthByLanguage(repositories, checks, now).map((row) => [
        row.group,
        row.totalRepos,
        row.coverage,
        row.healthScore,
      ]),
    ).toEqual([
      ['Go', 2, 50, 4.3],
      ['TypeScript', 2, 100, 8.2],
      ['PHP', 1, 0, 0],
    ])
    expect(healthByAppType(repositories, checks, now).map((row) => [row.group, row.healthScore])).toEqual([
      ['Backend (Express)', 6.3],
      ['Frontend (Vite)', 10],
    ])
  })
})
