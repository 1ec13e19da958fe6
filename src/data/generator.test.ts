import { describe, expect, it } from 'vitest'
import { violationsFor, vulnerabilitiesFor } from './findings'
import { generatedEndpoints, generatedEndpointStats, generateOrganisation } from './generator'
import { loadGeneratedDataSource, type RepositoryFindings } from './data-source'
import { MAX_GENERATED_SIZE, parseGeneratedSize } from './generated-size'
import { ageInMinutes, relativeTime } from '@/lib/relative-time'
import { tabSummaryText } from './repository-tabs'

describe('organisation generator', () => {
  it('gives the same organisation for the same size and seed, and another for another seed', () => {
    expect(generateOrganisation(300)).toEqual(generateOrganisation(300))
    expect(generateOrganisation(300, 1)[0].name).not.toBe(generateOrganisation(300, 2)[0].name)
    expect(generateOrganisation(1000).slice(0, 300)).toEqual(generateOrganisation(300))
  })

  it('clamps the size to 1..100,000', () => {
    expect(generateOrganisation(0)).toHaveLength(1)
    expect(generateOrganisation(12.7)).toHaveLength(12)
    expect(MAX_GENERATED_SIZE).toBe(100_000)
  })

  it('fills the whole Repository shape, consistently, with unique ids and names', () => {
    const repositories = generateOrganisation(3876)
    expect(repositories).toHaveLength(3876)
    expect(new Set(repositories.map((repository) => repository.name)).size).toBe(3876)
    expect(new Set(repositories.map((repository) => repository.id)).size).toBe(3876)
    for (const repository of repositories) {
      expect(repository.name).toMatch(/^[a-z0-9-]+$/)
      expect(repository.languages[0]).toBe(repository.language)
      expect(new Set(repository.languages).size).toBe(repository.languages.length)
      expect(ageInMinutes(repository.lastUpdated)).toBeLessThan(Number.POSITIVE_INFINITY)
      expect([0, 4]).toContain(repository.policyViolations)
      expect(violationsFor(repository.policyViolations)).toHaveLength(repository.policyViolations)
      expect(vulnerabilitiesFor(repository.vulnerabilities)).toHaveLength(repository.vulnerabilities)
      expect(repository.apiCount).toBeGreaterThanOrEqual(0)
    }
    const withoutSummary = repositories.filter((repository) => !repository.tabSummary)
    expect(withoutSummary.length).toBeGreaterThan(0)
    expect(tabSummaryText(withoutSummary[0], 'policy-issues')).toMatch(/is currently being processed\.$/)
  })

  it('generates endpoints that match apiCount, the same every time, and counts them without building them', () => {
    for (const repository of generateOrganisation(200)) {
      const endpoints = generatedEndpoints(repository)
      expect(endpoints).toHaveLength(repository.apiCount)
      expect(generatedEndpoints(repository)).toEqual(endpoints)
      const sensitive = endpoints.filter((endpoint) => endpoint.pii || endpoint.pci || endpoint.phi)
      expect(generatedEndpointStats(repository)).toEqual({
        endpoints: repository.apiCount,
        sensitive: sensitive.length,
        exposed: sensitive.filter((endpoint) => endpoint.auth === 'None').length,
      })
    }
  })

  it('loads as an organisation that finds its repositories by name', async () => {
    const organisation = await loadGeneratedDataSource(50)
    const tenth = organisation.repositories[9]
    expect(organisation.kind).toBe('generated')
    expect(organisation.findRepository(tenth.name)).toBe(tenth)
    expect((organisation.findings(tenth) as RepositoryFindings).endpoints).toHaveLength(tenth.apiCount)
    expect(organisation.findRepository('nexus-api')).toBeUndefined()
  })

  it('reads ?demo-org= sizes from 1 to 100,000 only', () => {
    expect(parseGeneratedSize('3876')).toBe(3876)
    expect(parseGeneratedSize('100000')).toBe(100_000)
    for (const bad of ['0', '100001', '-5', '12.5', 'lots', '', null, undefined])
      expect(parseGeneratedSize(bad)).toBeUndefined()
  })

  it('writes and reads relative times', () => {
    expect(relativeTime(1)).toBe('1 minute ago')
    expect(relativeTime(125)).toBe('2 hours ago')
    expect(relativeTime(1440)).toBe('1 day ago')
    expect(relativeTime(3 * 525_600)).toBe('3 years ago')
    expect(ageInMinutes('2 hours ago')).toBe(120)
    expect(ageInMinutes('1 week ago')).toBe(10_080)
    expect(ageInMinutes('soon')).toBe(Number.POSITIVE_INFINITY)
  })
})
