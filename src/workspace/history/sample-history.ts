import type { FindingSeverity } from '@/data/findings'
import { lowerBound, type FindingRecord, type HistoryState, type RunHistory, type Scan } from './finding-history'

/**
 * A made-up year of daily scans with realistic churn, for the tests that measure the history file
 * and the trends: each repository has a dependency scan (about 20 open findings) and a code scan
 * (about 10), scanned once a day around 02:00 UTC with a few days missed; a finding lives about
 * 100 days, new ones arrive at the same pace, and 2% of fixed ones come back within two weeks.
 */

export interface SampleOptions {
  repositories: number
  days: number
  /** The first day's midnight, in seconds. */
  start: number
  seed?: number
}

interface SampleFinding {
  key: string
  severity: FindingSeverity
  /** Stretches of presence as indexes into the run's scan list: from, to (inclusive), pairs. */
  present: number[]
}

export interface SampleRun {
  repository: string
  run: string
  tool: string
  scans: number[]
  findings: SampleFinding[]
}

/** mulberry32: a small seeded generator, so that every run of a test sees the same data. */
function random(seed: number) {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

const severities: FindingSeverity[] = [
  'Critical',
  'High',
  'High',
  'Medium',
  'Medium',
  'Medium',
  'Low',
  'Low',
  'Unknown',
]
const syllables = ['lo', 'da', 'sh', 'ex', 'pre', 'ss', 'ax', 'ios', 're', 'act', 'mo', 'ment', 'ya', 'ml', 'jw', 'ts']
const ecosystems = [
  ['npm', 'package-lock.json'],
  ['pypi', 'requirements.txt'],
  ['golang', 'go.sum'],
  ['maven', 'pom.xml'],
] as const
const rules = [
  'js/xss',
  'js/sql-injection',
  'js/path-injection',
  'js/insecure-randomness',
  'js/regex-injection',
  'typescript.react.security.audit.react-dangerouslysetinnerhtml',
  'python.django.security.injection.sql.sql-injection-db-cursor-execute',
  'go/unsafe-quoting',
  'java/ssrf',
  'generic.secrets.security.detected-generic-api-key',
]
const folders = ['src/components', 'src/api', 'src/server/routes', 'lib', 'app/models', 'internal/handlers']

/**
 * Dependencies repeat across an organisation's repositories: a dependency finding is drawn from a
 * shared pool of 20,000 advisory-package-version keys, the popular ones far more often (Zipf).
 * Code findings are each repository's own.
 */
function dependencyPool(next: () => number): { keys: string[]; weights: number[] } {
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]
  const keys: string[] = []
  const weights: number[] = []
  let total = 0
  for (let rank = 1; rank <= 20_000; rank += 1) {
    const [type, lockfile] = pick(ecosystems)
    const name = `${pick(syllables)}${pick(syllables)}${next() < 0.3 ? `-${pick(syllables)}${pick(syllables)}` : ''}`
    const version = `${Math.floor(next() * 5)}.${Math.floor(next() * 20)}.${Math.floor(next() * 30)}`
    const cve = `CVE-${2019 + Math.floor(next() * 8)}-${10000 + Math.floor(next() * 50000)}`
    keys.push(`package|${cve}|${type}/${name}@${version}|${lockfile}`)
    total += 1 / rank
    weights.push(total)
  }
  return { keys, weights: weights.map((weight) => weight / total) }
}

function sampleKey(next: () => number, pool: { keys: string[]; weights: number[] } | undefined): string {
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]
  if (pool) return pool.keys[Math.min(lowerBound(pool.weights, next()), pool.keys.length - 1)]
  const hash = Math.floor(next() * 2 ** 52)
    .toString(16)
    .padStart(14, '0')
  return `code|${pick(rules)}|${pick(folders)}/${pick(syllables)}${pick(syllables)}.ts|ctx:${hash}`
}

/** A lifetime in days: geometric, about 100 days on average. */
const lifetime = (next: () => number) => 1 + Math.floor(Math.log(1 - next()) / Math.log(1 - 1 / 100))

function sampleRun(
  next: () => number,
  repository: string,
  pool: { keys: string[]; weights: number[] } | undefined,
  options: SampleOptions,
): SampleRun {
  const dependency = pool !== undefined
  const scans: number[] = []
  for (let day = 0; day < options.days; day += 1) {
    if (day > 0 && day < options.days - 1 && next() < 0.03) continue
    scans.push(options.start + day * 86_400 + 7_200 + Math.floor(next() * 1_200))
  }
  const dayOf = (scan: number) => Math.floor((scan - options.start) / 86_400)
  // The first scan on or after a day, as an index (scans.length when none is left).
  const firstScanFrom = (day: number) => lowerBound(scans, options.start + day * 86_400)
  const steady = dependency ? 20 : 10
  const findings: SampleFinding[] = []
  const arrivals: number[] = Array.from({ length: steady }, () => 0)
  const perDay = steady / 100
  for (let day = 1; day < options.days; day += 1) {
    // Poisson arrivals, one draw per possible arrival.
    for (let chance = perDay; chance > 0; chance -= 1) if (next() < Math.min(chance, 1)) arrivals.push(day)
  }
  for (const arrival of arrivals) {
    const present: number[] = []
    let from = firstScanFrom(arrival)
    while (from < scans.length) {
      const until = firstScanFrom(dayOf(scans[from]) + lifetime(next))
      present.push(from, until - 1)
      if (until >= scans.length || next() >= 0.02) break
      from = firstScanFrom(dayOf(scans[until]) + 1 + Math.floor(next() * 14))
    }
    if (present.length === 0) continue
    findings.push({
      key: sampleKey(next, pool),
      severity: severities[Math.floor(next() * severities.length)],
      present,
    })
  }
  const unique = new Map(findings.map((finding) => [finding.key, finding]))
  return {
    repository,
    run: dependency ? `trivy|${repository}` : `semgrep|${repository}`,
    tool: dependency ? 'Trivy' : 'Semgrep',
    scans,
    findings: [...unique.values()],
  }
}

export function sampleRuns(options: SampleOptions): SampleRun[] {
  const next = random(options.seed ?? 1)
  const pool = dependencyPool(next)
  const runs: SampleRun[] = []
  for (let index = 0; index < options.repositories; index += 1) {
    const repository = `team-${index % 97}/service-${index}`
    runs.push(sampleRun(next, repository, pool, options), sampleRun(next, repository, undefined, options))
  }
  return runs
}

/** The history the runs' scans make, built directly (adding millions of scans one by one takes long). */
export function sampleState(runs: readonly SampleRun[]): HistoryState {
  const repositories = new Map<string, Map<string, RunHistory>>()
  for (const run of runs) {
    const findings = new Map<string, FindingRecord>()
    for (const finding of run.findings) {
      const stretches: number[] = []
      let count = 0
      for (let at = 0; at < finding.present.length; at += 2) {
        const [from, to] = [finding.present[at], finding.present[at + 1]]
        stretches.push(run.scans[from], run.scans[to], to + 1 < run.scans.length ? run.scans[to + 1] : Infinity)
        count += to - from + 1
      }
      findings.set(finding.key, { severity: finding.severity, scans: count, stretches })
    }
    const byRun = repositories.get(run.repository) ?? new Map<string, RunHistory>()
    byRun.set(run.run, {
      repository: run.repository,
      run: run.run,
      tool: run.tool,
      timeSource: 'scan',
      scans: run.scans,
      truncated: false,
      findings,
    })
    repositories.set(run.repository, byRun)
  }
  return { repositories }
}

/** The same runs as scans, for a small sample to check `sampleState` against `addScans`. */
export function sampleScans(runs: readonly SampleRun[]): Scan[] {
  return runs.flatMap((run) =>
    run.scans.map((time, index) => {
      const present = run.findings.filter((finding) =>
        finding.present.some((value, at) => at % 2 === 0 && value <= index && index <= finding.present[at + 1]),
      )
      return {
        repository: run.repository,
        run: run.run,
        tool: run.tool,
        scannedAt: new Date(time * 1000).toISOString(),
        timeSource: 'scan' as const,
        findingKeys: present.map((finding) => finding.key),
        severities: present.map((finding) => finding.severity),
      }
    }),
  )
}
