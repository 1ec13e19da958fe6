import { describe, expect, it } from 'vitest'
import { endpointsFor } from './endpoints'
import {
  allViolations,
  allVulnerabilities,
  enforcementStatuses,
  severities,
  violationsFor,
  vulnerabilitiesFor,
} from './findings'
import { findRepository, listRepositories } from './repositories'

describe('sample data', () => {
  const repositories = listRepositories()

  it('has the five repositories with their counts and visibility', () => {
    const summary = repositories.map((repo) => [
      repo.policyViolations,
      repo.vulnerabilities,
      repo.apiCount,
      repo.isPrivate,
    ])
    expect(summary).toEqual([
      [4, 2, 12, false],
      [0, 0, 8, true],
      [0, 5, 12, false],
      [0, 1, 6, false],
      [0, 3, 11, true],
    ])
    expect(repositories.slice(1).map((repo) => repo.name)).toEqual([
      'aurora-dashboard',
      'nexus-api',
      'stellar-frontend',
      'quantum-backend',
    ])
  })

  it('keeps every repository consistent: unique ids and names, its language first, every summary text', () => {
    expect(new Set(repositories.map((repo) => repo.id)).size).toBe(5)
    expect(new Set(repositories.map((repo) => repo.name)).size).toBe(5)
    for (const repo of repositories) {
      expect(repo.languages[0]).toBe(repo.language)
      expect(repo.lastUpdated).toMatch(/ago$/)
      expect(Object.values(repo.tabSummary ?? {}).filter((text) => text.length > 0)).toHaveLength(5)
      expect(findRepository(repo.name)).toBe(repo)
    }
    expect(findRepository('no-such-repo')).toBeUndefined()
  })

  it('gives each repository exactly as many endpoints as its apiCount, with unique ids', () => {
    for (const repo of repositories) expect(endpointsFor(repo.name)).toHaveLength(repo.apiCount)
    const ids = repositories.flatMap((repo) => endpointsFor(repo.name).map((endpoint) => endpoint.id))
    expect(new Set(ids).size).toBe(ids.length)
    expect(endpointsFor('no-such-repo')).toEqual([])
  })

  it('has the four violations with the rule ids, covering every enforcement status', () => {
    expect(allViolations().map((violation) => violation.rule)).toEqual(['AUTH-001', 'DATA-002', 'STATE-003', 'API-004'])
    expect(new Set(allViolations().map((violation) => violation.enforcementStatus))).toEqual(
      new Set(enforcementStatuses),
    )
    expect(violationsFor(4)).toHaveLength(4)
    expect(violationsFor(1)).toHaveLength(4)
    expect(violationsFor(0)).toEqual([])
  })

  it('has five vulnerabilities covering all four severities, shown first-N by count', () => {
    expect(allVulnerabilities()).toHaveLength(5)
    expect(new Set(allVulnerabilities().map((vulnerability) => vulnerability.severity))).toEqual(new Set(severities))
    for (const vulnerability of allVulnerabilities()) expect(vulnerability.cve).toMatch(/^CVE-\d{4}-\d{4,}$/)
    for (const repo of repositories) {
      expect(vulnerabilitiesFor(repo.vulnerabilities)).toEqual(allVulnerabilities().slice(0, repo.vulnerabilities))
    }
  })
})

describe('sample endpoints of a repository named like an Object member', () => {
  it.each(['constructor', '__proto__', 'toString'])('lists none for %s', (name) => {
    expect(endpointsFor(name)).toEqual([])
  })
})
