import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { advisoriesToCsv, occurrencesToCsv } from './advisories-csv'
import { affectedRepositories, filterAdvisories, filterOccurrences } from './advisory-query'
import { groupAdvisories, packageParts, type VulnerabilityOccurrences } from '@/data/advisory-groups'
import { sortAdvisories, sortOccurrences } from './advisory-sort'
import {
  vulnerabilityFiltersFromQuery,
  vulnerabilityFiltersToQuery,
  type VulnerabilityFilters,
} from './vulnerability-filters'
import type { Vulnerability } from '@/data/findings'
import type { Repository } from '@/data/repositories'
import type { SlaView } from '@/data/sla'
import type { DecisionView } from '@/data/decisions'

const repository = (name: string, isPrivate = false) => ({ name, isPrivate }) as Repository
const repositories = [repository('alpha'), repository('beta', true), repository('gamma'), repository('delta', true)]

const finding = (cve: string, extra: Partial<Vulnerability> = {}): Vulnerability => ({
  id: cve,
  title: `Advisory ${cve}`,
  severity: 'High',
  description: '',
  cve,
  package: 'lodash',
  packageVersion: '4.17.11',
  ecosystem: 'npm',
  ...extra,
})

function occurrencesOf(entries: [repository: number, finding: Vulnerability][]): VulnerabilityOccurrences {
  return { repository: entries.map(([index]) => index), finding: entries.map(([, each]) => each) }
}

const filters = (change: Partial<VulnerabilityFilters> = {}): VulnerabilityFilters => ({
  ...vulnerabilityFiltersFromQuery('', 'all'),
  ...change,
})

describe('grouping by advisory', () => {
  it('merges ids that name one advisory, transitively, and lists it under its CVE id', () => {
    const ghsaOnly = finding('GHSA-aaaa-bbbb-cccc')
    const withCve = finding('CVE-2021-44228', { aliases: ['GHSA-aaaa-bbbb-cccc'] })
    const osvToGhsa = finding('OSV-2021-1', { aliases: ['GHSA-aaaa-bbbb-cccc'], severity: 'Critical' })
    const other = finding('CVE-2020-1', { package: 'minimist' })
    const groups = groupAdvisories(
      occurrencesOf([
        [0, ghsaOnly],
        [1, withCve],
        [2, osvToGhsa],
        [2, other],
      ]),
      repositories,
    )
    expect(groups.map((group) => group.id)).toEqual(['CVE-2021-44228', 'CVE-2020-1'])
    const [log4j] = groups
    expect(log4j.aliases).toEqual(['GHSA-aaaa-bbbb-cccc', 'OSV-2021-1'])
    expect(log4j.repositories).toBe(3)
    expect(log4j.privateRepositories).toBe(1)
    expect(log4j.severity).toBe('Critical')
  })

  it('groups findings with no advisory id by title and package, and skips empty aliases', () => {
    const unnamed = finding('', { title: 'Outdated TLS library', package: 'openssl', aliases: [''] })
    const unnamedElsewhere = { ...unnamed }
    const withEmptyAlias = finding('CVE-2024-9', { aliases: ['', 'GHSA-9999-8888-7777'] })
    const groups = groupAdvisories(
      occurrencesOf([
        [0, unnamed],
        [1, unnamedElsewhere],
        [1, withEmptyAlias],
        [3, withEmptyAlias],
      ]),
      repositories,
    )
    expect(groups.map((group) => [group.id, group.aliases, group.repositories])).toEqual([
      ['CVE-2024-9', ['GHSA-9999-8888-7777'], 2],
      ['Outdated TLS library', [], 2],
    ])
  })

  it('counts a repository once however many of its packages an advisory hits, and collects versions, fixes and scores', () => {
    const groups = groupAdvisories(
      occurrencesOf([
        [
          0,
          finding('CVE-1', {
            packageVersion: '1.0.0',
            fixedVersion: '1.0.1',
            cvss: { version: '3.1', vector: 'v', score: 7.5 },
          }),
        ],
        [0, finding('CVE-1', { packageVersion: '1.2.0', fixedVersion: '1.2.1', epss: 0.4 })],
        [3, finding('CVE-1', { packageVersion: '1.0.0', fixedVersion: '1.0.1', epss: 0.1 })],
      ]),
      repositories,
    )
    expect(groups).toHaveLength(1)
    expect(groups[0]).toMatchObject({
      repositories: 2,
      privateRepositories: 1,
      affected: ['1.0.0', '1.2.0'],
      fixed: ['1.0.1', '1.2.1'],
      cvss: 7.5,
      epss: 0.4,
      packages: ['lodash'],
      ecosystems: ['npm'],
    })
    expect(groups[0].occurrences).toHaveLength(3)
  })

  it('reads a sample finding’s name@version, scoped packages included', () => {
    expect(packageParts({ package: 'lodash@4.17.11' })).toEqual({ name: 'lodash', version: '4.17.11' })
    expect(packageParts({ package: '@babel/core@7.0.0' })).toEqual({ name: '@babel/core', version: '7.0.0' })
    expect(packageParts({ package: '@babel/core' })).toEqual({ name: '@babel/core' })
  })

  it('sorts by repositories hit, severity, CVSS, EPSS and id', () => {
    const groups = groupAdvisories(
      occurrencesOf([
        [0, finding('CVE-B', { severity: 'Low', epss: 0.9 })],
        [1, finding('CVE-B', { severity: 'Low', epss: 0.9 })],
        [0, finding('CVE-A', { severity: 'Critical', cvss: { version: '3.1', vector: 'v', score: 9.8 } })],
        [0, finding('CVE-C', { severity: 'Unknown' })],
      ]),
      repositories,
    )
    expect(groups.map((group) => group.id)).toEqual(['CVE-B', 'CVE-A', 'CVE-C'])
    expect(sortAdvisories(groups, 'severity').map((group) => group.id)).toEqual(['CVE-A', 'CVE-B', 'CVE-C'])
    expect(sortAdvisories(groups, 'cvss').map((group) => group.id)[0]).toBe('CVE-A')
    expect(sortAdvisories(groups, 'epss').map((group) => group.id)[0]).toBe('CVE-B')
    expect(sortAdvisories(groups, 'advisory').map((group) => group.id)).toEqual(['CVE-A', 'CVE-B', 'CVE-C'])
  })
})

describe('filters', () => {
  const log4j = finding('CVE-2021-44228', {
    severity: 'Critical',
    ecosystem: 'Maven',
    package: 'log4j-core',
    fixedVersion: '2.15.0',
  })
  const minimist = finding('CVE-2021-44906', { severity: 'Medium', package: 'minimist' })
  const occurrences = occurrencesOf([
    [0, log4j],
    [1, log4j],
    [2, minimist],
    [3, minimist],
  ])
  const groups = groupAdvisories(occurrences, repositories)
  const ids = (change: Partial<VulnerabilityFilters>) =>
    filterAdvisories(groups, occurrences, repositories, filters(change)).map((group) => group.id)

  it('filters advisories by severity, ecosystem, fix and search over ids, packages and titles', () => {
    expect(ids({ severity: 'Critical' })).toEqual(['CVE-2021-44228'])
    expect(ids({ ecosystem: 'npm' })).toEqual(['CVE-2021-44906'])
    expect(ids({ fix: 'yes' })).toEqual(['CVE-2021-44228'])
    expect(ids({ fix: 'no' })).toEqual(['CVE-2021-44906'])
    expect(ids({ search: 'LOG4J' })).toEqual(['CVE-2021-44228'])
    expect(ids({ search: '44906' })).toEqual(['CVE-2021-44906'])
  })

  it('narrows an advisory to the repositories that pass visibility or a repository-name search, and recounts', () => {
    const onlyPrivate = filterAdvisories(groups, occurrences, repositories, filters({ visibility: 'private' }))
    expect(onlyPrivate.map((group) => [group.id, group.repositories])).toEqual([
      ['CVE-2021-44228', 1],
      ['CVE-2021-44906', 1],
    ])
    const byName = filterAdvisories(groups, occurrences, repositories, filters({ search: 'gamma' }))
    expect(byName.map((group) => [group.id, group.repositories])).toEqual([['CVE-2021-44906', 1]])
  })

  it('shows a repository whose visibility is unknown under neither Public nor Private, and counts it as neither', () => {
    const withUnknown = [...repositories, { name: 'epsilon' } as Repository]
    const spread = occurrencesOf([
      [0, log4j],
      [1, log4j],
      [4, log4j],
    ])
    const all = groupAdvisories(spread, withUnknown)
    expect(all.map((group) => [group.repositories, group.privateRepositories])).toEqual([[3, 1]])
    const shown = (visibility: VulnerabilityFilters['visibility']) =>
      filterAdvisories(all, spread, withUnknown, filters({ visibility })).map((group) => [
        group.repositories,
        group.privateRepositories,
      ])
    expect(shown('private')).toEqual([[1, 1]])
    expect(shown('public')).toEqual([[1, 0]])
    expect(shown('all')).toEqual([[3, 1]])
    expect(occurrencesToCsv([2], spread, withUnknown).trimEnd().split('\r\n')[1]).toMatch(/^epsilon,Unknown,/)
  })

  it('gives the same list and the same narrowed advisories again for filters that show the same, a new list for others', () => {
    const first = filterAdvisories(groups, occurrences, repositories, filters({ search: 'gamma' }))
    const again = filterAdvisories(groups, occurrences, repositories, filters({ search: 'gamm' }))
    expect(again.map((group) => [group.id, group.occurrences])).toEqual([['CVE-2021-44906', [2]]])
    expect(again).toBe(first)
    const other = filterAdvisories(groups, occurrences, repositories, filters({ search: 'alpha' }))
    expect(other.map((group) => group.id)).toEqual(['CVE-2021-44228'])
    expect(other).not.toBe(first)
    // Between them another list: the narrowed advisory is the one made before, in a new list.
    const back = filterAdvisories(groups, occurrences, repositories, filters({ search: 'gamma' }))
    expect(back).not.toBe(first)
    expect(back[0]).toBe(first[0])
    expect(filterAdvisories(groups, occurrences, repositories, filters({}))).toEqual(groups)
  })

  it('narrows each advisory to exactly the occurrences that pass, wherever in its list the others fall', () => {
    const names = ['alpha', 'beta', 'gamma', 'delta', 'alphabet', 'gammaray']
    // Public, private and unknown (no source said) in turn.
    const many = names.map((name, index) => ({ name, isPrivate: [false, true, undefined][index % 3] }) as Repository)
    const cves = ['CVE-2024-0001', 'CVE-2024-0002', 'CVE-2024-0003'].map((cve) => finding(cve))
    const hits = fc.array(fc.tuple(fc.nat(names.length - 1), fc.nat(cves.length - 1)), { minLength: 1, maxLength: 30 })
    const choice = fc.record({
      // Repository names, an advisory's id or package (all its occurrences then), and nothing.
      search: fc.constantFrom('', 'alpha', 'gamma', 'ph', 'ray', '0002', 'lodash', 'zzz'),
      visibility: fc.constantFrom('all' as const, 'public' as const, 'private' as const),
    })
    fc.assert(
      fc.property(hits, choice, (pairs, change) => {
        // Occurrences in repository order, as the data source lists them.
        const sorted = [...pairs].sort(([a], [b]) => a - b)
        const occurrences = occurrencesOf(sorted.map(([place, cve]) => [place, cves[cve]]))
        const groups = groupAdvisories(occurrences, many)
        const shown = filterAdvisories(groups, occurrences, many, filters(change))
        const passes = (occurrence: number, advisoryMatches: boolean) => {
          const shownRepository = many[occurrences.repository[occurrence]]
          const visible =
            change.visibility === 'all' ||
            (shownRepository.isPrivate !== undefined && shownRepository.isPrivate === (change.visibility === 'private'))
          return visible && (advisoryMatches || shownRepository.name.includes(change.search))
        }
        const advisoryMatches = (finding: Vulnerability) =>
          finding.cve!.toLowerCase().includes(change.search) || finding.package.includes(change.search)
        const expected = groups
          .map((group) => ({
            id: group.id,
            occurrences: group.occurrences.filter((occurrence) =>
              passes(occurrence, advisoryMatches(occurrences.finding[occurrence])),
            ),
          }))
          .filter((group) => group.occurrences.length > 0)
        const byId = (a: { id: string }, b: { id: string }) => a.id.localeCompare(b.id)
        expect(shown.map((group) => ({ id: group.id, occurrences: group.occurrences })).sort(byId)).toEqual(
          expected.sort(byId),
        )
        for (const group of shown) {
          const hit = new Set(group.occurrences.map((occurrence) => occurrences.repository[occurrence]))
          expect(group.repositories).toBe(hit.size)
          expect(group.privateRepositories).toBe([...hit].filter((place) => many[place].isPrivate === true).length)
        }
      }),
    )
  })

  it('counts the repositories the shown advisories affect once each, however many advisories hit one', () => {
    expect(affectedRepositories(groups, occurrences, repositories.length)).toBe(4)
    const hitTwice = occurrencesOf([
      [0, log4j],
      [0, minimist],
      [1, minimist],
    ])
    expect(affectedRepositories(groupAdvisories(hitTwice, repositories), hitTwice, repositories.length)).toBe(2)
    const onlyPrivate = filterAdvisories(groups, occurrences, repositories, filters({ visibility: 'private' }))
    expect(affectedRepositories(onlyPrivate, occurrences, repositories.length)).toBe(2)
  })

  it('filters and sorts the flat view one row per repository and finding', () => {
    const shown = filterOccurrences(occurrences, repositories, filters({ visibility: 'public' }))
    expect(shown.map((index) => repositories[occurrences.repository[index]].name)).toEqual(['alpha', 'gamma'])
    const byRepository = sortOccurrences([0, 1, 2, 3], occurrences, repositories, 'repository')
    expect(byRepository.map((index) => repositories[occurrences.repository[index]].name)).toEqual([
      'alpha',
      'beta',
      'delta',
      'gamma',
    ])
    const bySeverity = sortOccurrences([3, 2, 1, 0], occurrences, repositories, 'severity')
    expect(bySeverity.map((index) => occurrences.finding[index].severity)).toEqual([
      'Critical',
      'Critical',
      'Medium',
      'Medium',
    ])
  })

  it('weighs new decisions over the same occurrences and filters, and a new search or repository list anew', () => {
    const open: DecisionView = { state: 'needs-triage', expired: false, review: false }
    const fixed: DecisionView = { state: 'fixed', expired: false, review: false }
    const names = (shown: readonly number[]) => shown.map((index) => repositories[occurrences.repository[index]].name)
    const openOnly = filters({ state: 'open', search: 'log4j' })
    expect(names(filterOccurrences(occurrences, repositories, openOnly, [open, open, open, open]))).toEqual([
      'alpha',
      'beta',
    ])
    // A decision: the same occurrences and filters, other decisions.
    expect(names(filterOccurrences(occurrences, repositories, openOnly, [fixed, open, open, open]))).toEqual(['beta'])
    expect(
      names(
        filterOccurrences(occurrences, repositories, { ...openOnly, search: 'minimist' }, [fixed, open, open, open]),
      ),
    ).toEqual(['delta', 'gamma'])
    // A new list of the same repositories (a decision made a new data source): the same rows.
    expect(
      names(
        filterOccurrences(
          occurrences,
          repositories.map((each) => ({ ...each })),
          openOnly,
          [fixed, open, open, open],
        ),
      ),
    ).toEqual(['beta'])
    const renamed = repositories.map((each, at) => (at === 1 ? repository('beta-2', true) : each))
    expect(
      filterOccurrences(occurrences, renamed, { ...openOnly, search: 'beta-2' }, [fixed, open, open, open]).map(
        (index) => renamed[occurrences.repository[index]].name,
      ),
    ).toEqual(['beta-2'])
  })

  it('keeps the filters in the address and reads back the same, ignoring values it does not know', () => {
    const chosen = filters({ search: '%41 log4j', ecosystem: 'Maven', fix: 'yes', visibility: 'private', sort: 'cvss' })
    const query = vulnerabilityFiltersToQuery(chosen)
    expect(vulnerabilityFiltersFromQuery(query, 'all')).toEqual(chosen)
    expect(vulnerabilityFiltersToQuery(filters())).toBe('')
    const flat = filters({ view: 'flat', flatSort: 'repository' })
    expect(vulnerabilityFiltersFromQuery(vulnerabilityFiltersToQuery(flat), 'all')).toEqual(flat)
    expect(vulnerabilityFiltersFromQuery('fix=maybe&visibility=secret&sort=nonsense&view=tree', 'High')).toEqual(
      filters({ severity: 'High' }),
    )
  })
})

describe('CSV export', () => {
  const occurrences = occurrencesOf([
    [0, finding('CVE-1', { aliases: ['GHSA-x'], fixedVersion: '2.0.0', title: '=cmd|calc' })],
    [1, finding('CVE-1', { aliases: ['GHSA-x'], fixedVersion: '2.0.0', title: '=cmd|calc' })],
  ])
  const groups = groupAdvisories(occurrences, repositories)

  it('writes one line per advisory shown, with its repositories, and formulas made inert', () => {
    const lines = advisoriesToCsv(groups, occurrences, repositories).trimEnd().split('\r\n')
    expect(lines[0]).toBe(
      'Advisory,Aliases,Severity,CVSS,EPSS,Title,Ecosystems,Packages,Affected versions,Fixed versions,Affected repositories,Repositories,' +
        'In KEV,KEV date added,KEV due date,KEV ransomware,EPSS (FIRST),EPSS percentile (FIRST),EPSS date (FIRST)',
    )
    // No catalogue joined: the KEV and EPSS columns are empty, never "no".
    expect(lines.slice(1)).toEqual(["CVE-1,GHSA-x,High,,,'=cmd|calc,npm,lodash,4.17.11,2.0.0,2,alpha beta,,,,,,,"])
  })

  it('writes one line per repository and finding in the flat view', () => {
    const lines = occurrencesToCsv([1], occurrences, repositories).trimEnd().split('\r\n')
    expect(lines).toHaveLength(2)
    expect(lines[1]).toMatch(/^beta,Private,CVE-1,GHSA-x,High,/)
  })
})

describe('the flat view sorted by due date', () => {
  const due = (dueAt: string): SlaView => ({
    firstSeen: '2026-11-01T00:00:00Z',
    ageDays: 1,
    dueAt,
    overdue: false,
    dueSoon: false,
    clock: 'running',
  })

  it('orders the same occurrences again when their days to fix change (a decision paused a clock, say)', () => {
    const occurrences = occurrencesOf([
      [0, finding('CVE-1')],
      [2, finding('CVE-2')],
    ])
    const byDue = filters({ view: 'flat', flatSort: 'due' })
    const before = [due('2026-12-01T00:00:00Z'), due('2026-12-20T00:00:00Z')]
    expect(filterOccurrences(occurrences, repositories, byDue, undefined, before)).toEqual([0, 1])
    const after = [{ ...before[0], clock: 'ended' as const }, before[1]]
    expect(filterOccurrences(occurrences, repositories, byDue, undefined, after)).toEqual([1, 0])
  })
})
