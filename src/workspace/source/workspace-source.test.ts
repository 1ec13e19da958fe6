import { describe, expect, it, vi } from 'vitest'
import type * as YieldModule from '@/lib/yield'

/** What the page does while the work yields to it (the rows' test looks at them then). */
const yields = vi.hoisted(() => ({ onYield: undefined as (() => void) | undefined }))
vi.mock('@/lib/yield', async (original) => {
  const actual = await original<typeof YieldModule>()
  return {
    ...actual,
    yieldToMain: async () => {
      yields.onYield?.()
      await actual.yieldToMain()
    },
  }
})
import type { VulnerabilityIndex } from '@/data/advisory-groups'
import type { Vulnerability } from '@/data/findings'
import type { StoredAdvisoryIndex } from '@/workspace/projections/advisory-index'
import type { RepositoryDigest } from '@/workspace/projections/digest'
import { workspaceDataSource } from './workspace-source'
import { prepareRepositories } from './repository-rows'
import type { WorkspaceIndexes } from './workspace-indexes'
import { emptyApiSummary, type RepositorySummary } from '@/workspace/model/repository-records'
import { emptyCounts } from '@/data/findings'
import { addScans, emptyHistory } from '@/workspace/history/finding-history'
import { workspaceTimes } from '@/workspace/projections/workspace-times'
import { SupersededFactsError } from '@/workspace/projections/policy-facts'
import type { DataSource, PolicyFactsProgress } from '@/data/data-source'

const summary = (name: string, isPrivate = false): RepositorySummary => ({
  name,
  description: '',
  url: '',
  visibility: isPrivate ? 'private' : 'public',
  languages: [],
  scannedAt: '2026-11-01T00:00:00Z',
  tools: ['Grype'],
  counts: emptyCounts(),
  apis: emptyApiSummary(),
})

const entry = (cve: string, extra: Partial<Vulnerability> = {}) =>
  JSON.stringify({ id: cve, title: `Advisory ${cve}`, severity: 'High', cve, package: 'lodash', ...extra })

const digests: RepositoryDigest[] = [
  { repository: 'beta', vulnerabilities: [entry('CVE-1'), entry('CVE-2', { aliases: ['GHSA-x'] })], endpoints: [] },
  { repository: 'alpha', vulnerabilities: [entry('GHSA-x', { severity: 'Critical' })], endpoints: [] },
]
const summaries = [summary('alpha'), summary('beta', true)]

/** Storage as the workspace gives it: digests of one generation, and the advisory index kept. */
function storage(generation: number, kept?: StoredAdvisoryIndex) {
  const saved: StoredAdvisoryIndex[] = []
  const indexes: WorkspaceIndexes = {
    digests: async () => ({ digests, generation }),
    storedAdvisories: async () => kept,
    saveAdvisories: vi.fn(async (index: StoredAdvisoryIndex) => saved.push(index) > 0),
  }
  return { indexes, saved }
}

const sourceOf = (indexes: WorkspaceIndexes, names = summaries) => workspaceDataSource(names, async () => [], indexes)

const counts = (groups: { id: string; repositories: number; privateRepositories: number }[]) =>
  groups.map(({ id, repositories, privateRepositories }) => [id, repositories, privateRepositories])

describe('the rows of the workspace’s repositories, made as they are read', () => {
  const scanned = Date.parse('2026-11-01T00:00:00Z')
  const rows = (names: RepositorySummary[], now: number) =>
    workspaceDataSource(names, async () => [], storage(1).indexes, now).repositories

  it('takes the rows made when the summaries were read, in the order of the names', async () => {
    const read = [summary('beta'), summary('alpha')]
    await prepareRepositories(read, scanned + 3 * 3_600_000)
    const first = rows(read, scanned + 3 * 3_600_000 + 1_000)
    expect(first.map((row) => [row.name, row.lastUpdated])).toEqual([
      ['alpha', '3 hours ago'],
      ['beta', '3 hours ago'],
    ])
    // The same objects again: a data source made after a decision makes none of them anew.
    expect(rows(read, scanned + 3 * 3_600_000 + 2_000)).toEqual(first)
    expect(rows(read, scanned + 3 * 3_600_000 + 2_000).every((row, index) => row === first[index])).toBe(true)
  })

  it('makes a row again when its age would no longer be true, and rows of summaries not prepared', async () => {
    const read = [summary('alpha')]
    await prepareRepositories(read, scanned + 3 * 3_600_000)
    expect(rows(read, scanned + 5 * 3_600_000).map((row) => row.lastUpdated)).toEqual(['5 hours ago'])
    expect(rows([summary('gamma')], scanned + 60_000).map((row) => [row.name, row.lastUpdated])).toEqual([
      ['gamma', '1 minute ago'],
    ])
  })

  it('makes the rows in slices of time, the page free between them', async () => {
    const many = Array.from({ length: 2500 }, (_, index) => summary(`service-${index}`))
    // A prepared row is the same object each time it is asked for; one not prepared is made anew.
    const prepared = () => many.filter((one) => rows([one], scanned)[0] === rows([one], scanned)[0]).length
    const seen: number[] = []
    yields.onYield = () => seen.push(prepared())
    // A clock that moves 0.01 ms each time it is read (once a row): a slice of 12 ms holds 1,200 rows.
    let clock = 0
    const now = vi.spyOn(performance, 'now').mockImplementation(() => (clock += 0.01))
    try {
      await prepareRepositories(many, scanned)
    } finally {
      now.mockRestore()
      yields.onYield = undefined
    }
    expect(seen).toHaveLength(2)
    expect(seen.every((count, index) => count > (seen[index - 1] ?? 0) && count < many.length)).toBe(true)
    expect(prepared()).toBe(2500)
  })
})

describe('the advisory index of the workspace', () => {
  it('groups every finding on the first visit and keeps the index for the next one', async () => {
    const { indexes, saved } = storage(7)
    const source = sourceOf(indexes)
    expect(await source.vulnerabilityPreview?.()).toBeUndefined()
    const index = await source.vulnerabilityIndex()
    expect(index.findingsLoaded).toBe(true)
    expect(counts(index.groups)).toEqual([
      ['CVE-2', 2, 1],
      ['CVE-1', 1, 1],
    ])
    expect(saved).toHaveLength(1)
    expect(saved[0]).toMatchObject({ generation: 7, repositories: ['alpha', 'beta'] })
  })

  it('shows the kept index at once on the next visit, then the same groups with every finding read', async () => {
    const first = storage(7)
    await sourceOf(first.indexes).vulnerabilityIndex()
    const next = storage(7, first.saved[0])
    const source = sourceOf(next.indexes)

    const preview = await source.vulnerabilityPreview!()
    expect(preview?.findingsLoaded).toBe(false)
    expect(preview?.occurrences.finding).toEqual([])
    expect(counts(preview!.groups)).toEqual([
      ['CVE-2', 2, 1],
      ['CVE-1', 1, 1],
    ])

    // One stand-in occurrence per advisory and repository: alpha (0) and beta (1) for CVE-2.
    expect(preview!.groups[0].occurrences.map((occurrence) => preview!.occurrences.repository[occurrence])).toEqual([
      0, 1,
    ])

    const index = await source.vulnerabilityIndex()
    expect(index.findingsLoaded).toBe(true)
    expect(counts(index.groups)).toEqual(counts(preview!.groups))
    // Each group's occurrences point at findings of that advisory in the index read afresh.
    for (const group of index.groups) {
      const ids = [group.id, ...group.aliases]
      for (const occurrence of group.occurrences) {
        const finding = index.occurrences.finding[occurrence]
        expect([finding.cve, ...(finding.aliases ?? [])].some((id) => ids.includes(id))).toBe(true)
      }
    }
    expect(next.saved).toHaveLength(0)
  })

  it('groups afresh and keeps the new index when the findings changed since the kept one', async () => {
    const first = storage(7)
    await sourceOf(first.indexes).vulnerabilityIndex()
    const changed = storage(8, first.saved[0])
    const index = await sourceOf(changed.indexes).vulnerabilityIndex()
    expect(index.findingsLoaded).toBe(true)
    expect(changed.saved.map((record) => record.generation)).toEqual([8])
  })

  it('shows no preview from a kept record of another shape', async () => {
    const first = storage(7)
    await sourceOf(first.indexes).vulnerabilityIndex()
    const { affectedRepositories: _dropped, ...olderShape } = first.saved[0].groups[0]
    const record = { ...first.saved[0], groups: [olderShape] } as unknown as StoredAdvisoryIndex
    expect(await sourceOf(storage(7, record).indexes).vulnerabilityPreview!()).toBeUndefined()
  })

  it('shows no preview kept for other repositories', async () => {
    const first = storage(7)
    await sourceOf(first.indexes).vulnerabilityIndex()
    const source = sourceOf(storage(7, first.saved[0]).indexes, [...summaries, summary('gamma')])
    expect(await source.vulnerabilityPreview!()).toBeUndefined()
  })

  describe('a new data source of the same workspace (after a decision, say)', () => {
    /** The workspace's storage with a generation that can move, counting the digest reads. */
    function liveStorage() {
      const live = { generation: 7 }
      const digestReads = vi.fn(async () => ({ digests, generation: live.generation }))
      const indexes: WorkspaceIndexes = {
        digests: digestReads,
        generation: async () => live.generation,
        storedAdvisories: async () => undefined,
        saveAdvisories: async () => true,
      }
      return { live, indexes, digestReads }
    }

    it('takes the last index while no finding changed, without reading the digests again', async () => {
      const { indexes, digestReads } = liveStorage()
      const first = await sourceOf(indexes).vulnerabilityIndex()
      const decided = { ...summaries[0], triage: { counts: emptyCounts(), needsTriage: 0, decided: 1, review: 0 } }
      const again = sourceOf(indexes, [decided, summaries[1]])
      expect(await again.vulnerabilityPreview!()).toBeUndefined()
      expect(await again.vulnerabilityIndex()).toBe(first)
      expect(await again.endpointOccurrences()).toEqual({ repository: [], endpoint: [] })
      expect(digestReads).toHaveBeenCalledTimes(1)
    })

    it('reads the digests again once the findings changed', async () => {
      const { live, indexes, digestReads } = liveStorage()
      const first = await sourceOf(indexes).vulnerabilityIndex()
      live.generation = 8
      const next = await sourceOf(indexes).vulnerabilityIndex()
      expect(next).not.toBe(first)
      expect(counts(next.groups)).toEqual(counts(first.groups))
      expect(digestReads).toHaveBeenCalledTimes(2)
    })

    it('reads the digests again for other repositories, or a repository imported again, at the same generation', async () => {
      const { indexes, digestReads } = liveStorage()
      await sourceOf(indexes).vulnerabilityIndex()
      await sourceOf(indexes, [...summaries, summary('gamma')]).vulnerabilityIndex()
      expect(digestReads).toHaveBeenCalledTimes(2)
      // A workspace deleted and filled again counts its generations from the start.
      const reimported = { ...summaries[0], scannedAt: '2026-11-20T00:00:00Z' }
      await sourceOf(indexes, [reimported, summaries[1]]).vulnerabilityIndex()
      expect(digestReads).toHaveBeenCalledTimes(3)
      const madePrivate = summary('alpha', true)
      await sourceOf(indexes, [madePrivate, summaries[1]]).vulnerabilityIndex()
      expect(digestReads).toHaveBeenCalledTimes(4)
    })
  })
})

describe('the days to fix of the workspace’s vulnerabilities', () => {
  const now = Date.UTC(2026, 10, 26, 12)
  // beta's two findings were first seen 30 days ago; alpha's has never been scanned with history.
  const history = addScans(emptyHistory, [
    {
      repository: 'beta',
      run: 'grype|beta',
      tool: 'Grype',
      scannedAt: new Date(now - 30 * 86_400_000).toISOString(),
      timeSource: 'scan',
      findingKeys: ['CVE-1', 'CVE-2'],
      severities: ['High', 'High'],
    },
  ])

  /** The rows as the history knows them: by each finding's key (a digest's is its id when it has none). */
  const keyed = (occurrences: VulnerabilityIndex['occurrences']) => ({
    ...occurrences,
    finding: occurrences.finding.map((finding) => ({ ...finding, key: finding.key ?? finding.id })),
  })

  /** Storage whose worker answers only when `answer` is called. */
  function slowTimes() {
    let answer: () => void = () => undefined
    const indexes: WorkspaceIndexes = {
      ...storage(3).indexes,
      history: async () => history,
      times: (request) =>
        new Promise((resolve) => {
          answer = () =>
            resolve(
              sourceOf(storage(3).indexes)
                .vulnerabilityIndex()
                .then(({ occurrences }) =>
                  workspaceTimes({ ...request, history, occurrences: keyed(occurrences), now: new Date(request.now) }),
                ),
            )
        }),
    }
    return { indexes, answer: () => answer() }
  }

  it('gives the findings at once, and their days to fix once the history is worked out', async () => {
    const { indexes, answer } = slowTimes()
    const source = workspaceDataSource(summaries, async () => [], indexes, now)
    const index = await source.vulnerabilityIndex()
    expect(index.occurrences.finding.map((finding) => finding.id)).toEqual(['GHSA-x', 'CVE-1', 'CVE-2'])
    expect(index.sla).toBeUndefined()
    let sla: Awaited<ReturnType<NonNullable<typeof source.vulnerabilitySla>>>
    const worked = source.vulnerabilitySla!().then((columns) => (sla = columns))
    await Promise.resolve()
    expect(sla).toBeUndefined()
    answer()
    await worked
    expect(sla!.map((view) => view?.ageDays)).toEqual([undefined, 30, 30])
  })

  it('gives none while the history tracks no finding', async () => {
    const indexes: WorkspaceIndexes = {
      ...storage(3).indexes,
      history: async () => emptyHistory,
      times: async (request) =>
        workspaceTimes({
          ...request,
          history: emptyHistory,
          occurrences: (await sourceOf(storage(3).indexes).vulnerabilityIndex()).occurrences,
          now: new Date(request.now),
        }),
    }
    const source = workspaceDataSource(summaries, async () => [], indexes, now)
    expect(await source.vulnerabilitySla!()).toBeUndefined()
    expect((await source.vulnerabilityIndex()).occurrences.finding).toHaveLength(3)
  })
})

describe('the policy facts of the workspace', () => {
  const names = (facts: Awaited<ReturnType<NonNullable<DataSource['policyFacts']>>>) =>
    facts.repositories.map(({ name, findings }) => [name, findings.map((finding) => finding.ruleId)])

  it('takes the facts a worker worked out, the tools’ coverage joined to each repository', async () => {
    const { indexes } = storage(1)
    const policyFacts = vi.fn(async () => ({
      repositories: [
        { name: 'alpha', tools: ['Grype'], findings: [] },
        {
          name: 'beta',
          tools: ['Grype'],
          findings: [{ key: 'k', ruleId: 'CVE-9', severity: 'Low' as const, cwes: [] }],
        },
      ],
      scanners: [{ tool: 'Grype', rules: ['CVE-9'], cwes: [] }],
    }))
    const facts = await sourceOf({ ...indexes, policyFacts }).policyFacts!()
    expect(policyFacts).toHaveBeenCalledWith({
      repositories: [
        { name: 'alpha', tools: ['Grype'], described: false },
        { name: 'beta', tools: ['Grype'], described: false },
      ],
      now: expect.any(Number),
      onProgress: expect.any(Function),
    })
    expect(names(facts)).toEqual([
      ['alpha', []],
      ['beta', ['CVE-9']],
    ])
    expect(facts.repositories[1].scanners).toEqual([{ tool: 'Grype', rules: ['CVE-9'], cwes: [] }])
  })

  it('works the facts out on the page when the worker fails, and not when a newer read asked', async () => {
    const { indexes } = storage(1)
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    const failing = { ...indexes, policyFacts: async () => Promise.reject(new Error('The worker could not start')) }
    expect(names(await sourceOf(failing).policyFacts!())).toEqual([
      ['alpha', ['GHSA-x']],
      ['beta', ['CVE-1', 'CVE-2']],
    ])
    expect(warn).toHaveBeenCalledWith('The policy facts are worked out on the page', expect.any(Error))
    warn.mockRestore()
    const superseded = { ...indexes, policyFacts: async () => Promise.reject(new SupersededFactsError()) }
    await expect(sourceOf(superseded).policyFacts!()).rejects.toBeInstanceOf(SupersededFactsError)
  })

  it('tells everyone who asked how far the reading is, while it goes on', async () => {
    const { indexes } = storage(1)
    let report: (progress: PolicyFactsProgress) => void = () => undefined
    let finish: () => void = () => undefined
    const policyFacts: WorkspaceIndexes['policyFacts'] = async ({ onProgress }) => {
      report = (progress) => onProgress?.(progress)
      await new Promise<void>((resolve) => (finish = resolve))
      return { repositories: [], scanners: [] }
    }
    const source = sourceOf({ ...indexes, policyFacts })
    const first: PolicyFactsProgress[] = []
    const again: PolicyFactsProgress[] = []
    const asked = source.policyFacts!((progress) => first.push(progress))
    await Promise.resolve()
    report({ read: 1, total: 2 })
    // A screen opened again asks again: the same facts, and it hears the rest of the reading.
    const askedAgain = source.policyFacts!((progress) => again.push(progress))
    report({ read: 2, total: 2 })
    finish()
    expect(await askedAgain).toBe(await asked)
    expect(first).toEqual([
      { read: 1, total: 2 },
      { read: 2, total: 2 },
    ])
    expect(again).toEqual([{ read: 2, total: 2 }])
    const late: PolicyFactsProgress[] = []
    report({ read: 2, total: 2 })
    await source.policyFacts!((progress) => late.push(progress))
    expect(late).toEqual([])
  })
})
