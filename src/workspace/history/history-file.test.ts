import { gzipSync } from 'node:zlib'
import { Validator, type Schema } from '@cfworker/json-schema'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  addScan,
  addScans,
  emptyHistory,
  findingHistory,
  toSeconds,
  type HistoryState,
  type Scan,
} from './finding-history'
import { compactHistory, HistoryFileError, mergeHistory, readHistoryFile, writeHistoryFile } from './history-file'
import historySchema from './history.schema.json'
import { sampleRuns, sampleScans, sampleState } from './sample-history'

const day = (n: number, hour = 2) => new Date(Date.UTC(2026, 0, 1 + n, hour)).toISOString()

function scan(at: string, keys: string[], extra: Partial<Scan> = {}): Scan {
  return {
    repository: 'shop',
    run: 'trivy|shop',
    tool: 'Trivy',
    scannedAt: at,
    timeSource: 'scan',
    findingKeys: keys,
    severities: keys.map(() => 'High'),
    ...extra,
  }
}

/** A state as plain data, to compare two states. */
function plain(state: HistoryState) {
  return [...state.repositories]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([repository, runs]) => ({
      repository,
      runs: [...runs.values()]
        .sort((a, b) => (a.run < b.run ? -1 : 1))
        .map((run) => ({ ...run, findings: [...run.findings].sort(([a], [b]) => (a < b ? -1 : 1)) })),
    }))
}

const sample = addScans(emptyHistory, [
  scan(day(0), ['package|CVE-2024-1|npm/a@1|package-lock.json', 'b']),
  scan(day(1), ['b']),
  scan(day(2), ['package|CVE-2024-1|npm/a@1|package-lock.json']),
  scan(day(2), ['b'], { run: 'semgrep|shop', tool: 'Semgrep', timeSource: 'file' }),
  scan(day(0), ['b', 'c'], { repository: 'api', run: 'grype|api', tool: 'Grype', severities: ['Critical', 'Low'] }),
])

/** A written file with one part changed, for the refused inputs. */
function changed(edit: (file: Record<string, unknown>) => void): string {
  const file = JSON.parse(writeHistoryFile(sample, '2026-01-05T00:00:00.000Z'))
  edit(file)
  return JSON.stringify(file)
}
type Run = { scans?: number[]; findings: (string | number)[][] }
/** The trivy run of shop: b fixed on day 2, and a package finding fixed on day 1 and back on day 2. */
const trivyRun = (file: Record<string, unknown>) => (file.repositories as { runs: Run[] }[])[1].runs[1]

describe('history file', () => {
  it('writes a history and reads it back the same', () => {
    const text = writeHistoryFile(sample, '2026-01-05T00:00:00.000Z')
    const file = readHistoryFile(text)
    expect(file.generatedAt).toBe('2026-01-05T00:00:00.000Z')
    expect(plain(file.history)).toEqual(plain(sample))
    expect(findingHistory(file.history, 'shop', 'trivy|shop', 'b')).toEqual({
      firstSeen: day(0),
      lastSeen: day(1),
      fixedAt: day(2),
      scans: 2,
    })
    // The full schema agrees with the reader's checks.
    const validator = new Validator(historySchema as unknown as Schema, '2020-12', false)
    expect(validator.validate(JSON.parse(text)).valid).toBe(true)
    // Every key once, sorted; one repository a line.
    expect(JSON.parse(text).keys).toEqual(['b', 'c', 'package|CVE-2024-1|npm/a@1|package-lock.json'])
    expect(text.split('\n').filter((line) => line.startsWith('{"name"'))).toHaveLength(2)
    const empty = writeHistoryFile(emptyHistory, day(0))
    expect(empty).toBe(`{"vigilHistory":1,"generatedAt":"${day(0)}",\n"keys":[\n\n],\n"repositories":[\n\n]}\n`)
    expect(readHistoryFile(empty).history.repositories.size).toBe(0)
  })

  it.each([
    ['an HTML page', '<!doctype html><title>Sign in</title>', 'is an HTML page'],
    ['a cut-off file', '{"vigilHistory": 1, "keys": [', 'not valid JSON'],
    [
      'a newer version',
      '{"vigilHistory": 2, "keys": [], "repositories": []}',
      'of version 2, newer than this Vigil reads (1)',
    ],
    ['no version', '{"keys": [], "repositories": []}', "does not match Vigil's history format"],
    ['an empty key', '{"vigilHistory": 1, "keys": [""], "repositories": []}', '/keys/0: a key is text'],
    ['a run without scans', changed((file) => delete trivyRun(file).scans), 'scans'],
    [
      'a scan at the same time as the one before',
      changed((file) => trivyRun(file).scans!.push(0)),
      '/repositories/1/runs/1/scans/3: each next scan',
    ],
    [
      'an unknown severity',
      changed((file) => (trivyRun(file).findings[0][1] = 'X')),
      '/findings/0/1: the severity is one of C, H, M, L, U',
    ],
    [
      'a count of no scans',
      changed((file) => (trivyRun(file).findings[0][2] = 0)),
      '/findings/0/2: the count of scans',
    ],
    [
      'a negative time',
      changed((file) => (trivyRun(file).findings[0][3] = -5)),
      '/findings/0/3: a time is a whole number',
    ],
    [
      'a fraction of a second',
      changed((file) => (trivyRun(file).findings[0][3] = 1.5)),
      '/findings/0/3: a time is a whole number',
    ],
    [
      'a finding without times',
      changed((file) => trivyRun(file).findings[0].splice(3)),
      '/findings/0: a finding is an array of 5',
    ],
    [
      'a key index past the keys',
      changed((file) => (trivyRun(file).findings[0][0] = 99)),
      'names key 99, but the file lists 3 keys',
    ],
    ['a key twice in a run', changed((file) => (trivyRun(file).findings[1][0] = 0)), 'repeats the key "b" of its run'],
    [
      'a finding with four times',
      changed((file) => trivyRun(file).findings[0].push(86_400)),
      'has 4 times: a finding has its first seen',
    ],
    [
      'a fix at its last-seen time',
      changed((file) => (trivyRun(file).findings[0][5] = 0)),
      'its times must grow from one to the next (value 5 is 0)',
    ],
    [
      'an open finding not in the newest scan',
      changed((file) => trivyRun(file).findings[0].pop()),
      "is still reported but was last seen before the run's newest scan",
    ],
    [
      'a fix after the newest scan',
      changed((file) => (trivyRun(file).findings[0][5] = 10 * 86_400)),
      "was fixed after the run's newest scan",
    ],
    [
      'a repository twice',
      changed((file) => (file.repositories as unknown[]).push((file.repositories as unknown[])[0])),
      'lists the repository "api" twice (the second at /repositories/2)',
    ],
    [
      'a run twice',
      changed(
        (file) =>
          trivyRun(file).findings.length && (file.repositories as { runs: unknown[] }[])[1].runs.push(trivyRun(file)),
      ),
      'lists the run "trivy|shop" of shop twice',
    ],
  ])('refuses %s', (_, text, reason) => {
    expect(() => readHistoryFile(text)).toThrow(HistoryFileError)
    expect(() => readHistoryFile(text)).toThrow(reason)
  })

  it('refuses whatever the full schema refuses, though it checks the small arrays itself', () => {
    const validator = new Validator(historySchema as unknown as Schema, '2020-12', false)
    const value = fc.oneof(fc.integer({ min: -2, max: 3 }), fc.constantFrom('H', 'X', 1.5, null, [], 86_400))
    fc.assert(
      fc.property(
        fc.array(value, { maxLength: 7 }),
        fc.array(value, { minLength: 0, maxLength: 3 }),
        (finding, scans) => {
          const document = {
            vigilHistory: 1,
            keys: ['a'],
            repositories: [
              { name: 'r', runs: [{ run: 'x', tool: 'T', timeSource: 'scan', scans, findings: [finding] }] },
            ],
          }
          if (!validator.validate(document).valid) {
            expect(() => readHistoryFile(JSON.stringify(document))).toThrow("does not match Vigil's history format")
          }
        },
      ),
      { numRuns: 500 },
    )
  })

  it('keeps the recent scans of each run, forgets old fixes and silent runs, and stays exact for newer scans', () => {
    const limits = { scanDays: 3, maxScans: 400, forgetDays: 10 }
    const scans = [0, 1, 2, 3, 4, 5, 6, 7].map((n) => scan(day(n), n % 3 === 0 ? ['a'] : ['a', `only-${n}`]))
    const full = addScans(emptyHistory, [...scans, scan(day(0), ['z'], { repository: 'old', run: 'old' })])
    const now = new Date(day(13))
    const compacted = compactHistory(full, now, limits)
    const run = compacted.repositories.get('shop')!.get('trivy|shop')!
    // Days 4 to 7, and day 3 before them.
    expect(run.scans).toEqual([3, 4, 5, 6, 7].map((n) => toSeconds(day(n))))
    expect(run.truncated).toBe(true)
    // Fixed on day 2 or earlier: more than 10 days before day 13.
    expect([...run.findings.keys()].sort()).toEqual(['a', 'only-2', 'only-4', 'only-5', 'only-7'])
    expect(compacted.repositories.has('old')).toBe(false)
    // A scan older than what is kept only moves first-seen times earlier.
    const late = addScan(compacted, scan(day(1), ['only-4', 'new']))
    expect(findingHistory(late, 'shop', 'trivy|shop', 'only-4')).toMatchObject({ firstSeen: day(1), lastSeen: day(4) })
    expect(findingHistory(late, 'shop', 'trivy|shop', 'new')).toEqual({
      firstSeen: day(1),
      lastSeen: day(1),
      fixedAt: day(3),
      scans: 1,
    })

    // After compaction, any scans newer than the oldest kept scan give what they give the full history.
    const newer = fc.record({
      time: fc.integer({ min: toSeconds(day(3)), max: toSeconds(day(10)) }),
      keys: fc.subarray(['a', 'only-4', 'only-5', 'only-7', 'x']),
    })
    fc.assert(
      fc.property(fc.array(newer, { maxLength: 8 }), (later) => {
        const more = later.map(({ time, keys }) => scan(new Date(time * 1000).toISOString(), keys))
        expect(plain(compactHistory(addScans(compacted, more), now, limits))).toEqual(
          plain(compactHistory(addScans(full, more), now, limits)),
        )
      }),
    )
  })

  it('merges a CI run’s scans into the previous history, within the limits', () => {
    const previous = readHistoryFile(writeHistoryFile(sample, day(3))).history
    const merged = mergeHistory(previous, [scan(day(3), ['b'])], { now: new Date(day(3)) })
    expect(findingHistory(merged, 'shop', 'trivy|shop', 'b')).toEqual({
      firstSeen: day(0),
      lastSeen: day(3),
      reintroducedAt: [day(3)],
      scans: 3,
    })
    expect(findingHistory(merged, 'shop', 'trivy|shop', 'package|CVE-2024-1|npm/a@1|package-lock.json')).toMatchObject({
      fixedAt: day(3),
    })
    const muchLater = mergeHistory(merged, [], { now: new Date(day(500)) })
    expect(muchLater.repositories.size).toBe(0)
  })

  it('measures on a sample whose history is what its scans give', () => {
    const runs = sampleRuns({ repositories: 3, days: 120, start: Date.UTC(2025, 0, 1) / 1000, seed: 7 })
    const history = sampleState(runs)
    expect(plain(addScans(emptyHistory, sampleScans(runs)))).toEqual(plain(history))
    const reintroduced = [...history.repositories.values()].flatMap((byRun) =>
      [...byRun.values()].flatMap((run) => [...run.findings.values()].filter((record) => record.stretches.length > 3)),
    )
    expect(reintroduced.length).toBeGreaterThan(0)
  })

  // A tenth of the 10,000-repository case, whose size scripts/measure-history.mjs measures (docs/history.md).
  it(
    'writes 1,000 repositories of a year of daily scans in about 10 MB, under 3 MB gzipped',
    { timeout: 60_000 },
    () => {
      const start = Date.UTC(2025, 0, 1) / 1000
      const history = compactHistory(
        sampleState(sampleRuns({ repositories: 1_000, days: 365, start })),
        new Date((start + 365 * 86_400) * 1000),
      )
      let findings = 0
      for (const runs of history.repositories.values()) for (const run of runs.values()) findings += run.findings.size
      const text = writeHistoryFile(history, new Date((start + 365 * 86_400) * 1000).toISOString())
      const gzipped = gzipSync(text).length
      expect(findings).toBeGreaterThan(100_000)
      expect(text.length).toBeLessThan(11e6)
      expect(gzipped).toBeLessThan(3e6)
    },
  )
})
