import type { FindingRecord, RunHistory } from '../../src/workspace/history/finding-history'
import type { Finding, ReadResult } from '../../src/workspace/model/model'
import type { WorkspaceDatabase } from '../../src/workspace/store/records'
import { importResults } from '../../src/workspace/store/import-transaction'
import { openSignedInWorkspace } from './signed-in-workspace'

/**
 * Fills the signed-in user's workspace (same origin as Vigil) through the real store: `repos`
 * repositories of `findings` findings each, one import a repository, as a team's feed would.
 */
const params = new URLSearchParams(location.search)
const repositories = Number(params.get('repos') ?? '10000')
const perRepository = Number(params.get('findings') ?? '100')
/** Days of daily scans each repository's history holds (1: the seeded import's own scan). */
const historyDays = Number(params.get('history') ?? '1')
/**
 * `aliases=advisory`: each advisory's alias names its CVE, so that each CVE is an advisory of its
 * own. By default a finding's alias follows its place in the repository (`GHSA-bench-<index>`), and
 * aliases shared across CVEs merge every advisory of the workspace into one on /vulnerabilities.
 */
const aliasPerAdvisory = params.get('aliases') === 'advisory'
const status = document.getElementById('status') as HTMLElement
const severities = ['Critical', 'High', 'Medium', 'Low', 'Unknown'] as const

function findingsOf(repository: number): Finding[] {
  return Array.from({ length: perRepository }, (_, index): Finding => {
    if (index % 2 === 0) {
      return {
        kind: 'vulnerability',
        key: `CVE-2026-${(repository * 7 + index) % 9000}|pkg-${index % 40}@1.${index % 9}.0`,
        tool: 'Grype',
        advisoryId: `CVE-2026-${(repository * 7 + index) % 9000}`,
        aliases: [`GHSA-bench-${aliasPerAdvisory ? `cve-${(repository * 7 + index) % 9000}` : index}`],
        title: `Advisory ${index} in pkg-${index % 40}`,
        description: 'A benchmark advisory with a description of ordinary length for a vulnerability.',
        severity: severities[(repository + index) % severities.length],
        cwes: ['CWE-79'],
        packageName: `pkg-${index % 40}`,
        packageVersion: `1.${index % 9}.0`,
        ecosystem: 'npm',
        fixedVersion: `1.${index % 9}.1`,
        location: { file: 'package-lock.json' },
      }
    }
    return {
      kind: 'policy-issue',
      key: `rule-${index % 30}|src/file-${index}.ts:${index}|`,
      tool: 'Semgrep',
      ruleId: `rule-${index % 30}`,
      title: `Benchmark rule ${index % 30}`,
      message: 'Untrusted input reaches a sensitive call.',
      enforcementStatus: (['Mandatory', 'Recommended', 'Optional'] as const)[index % 3],
      severity: 'Medium',
      cwes: ['CWE-89'],
      location: { file: `src/file-${index}.ts`, line: index + 1 },
    }
  })
}

const DAY = 86_400

/**
 * A year (`historyDays`) of daily scans for each run the imports wrote: each finding the last scan
 * reports was first seen on a day of its own, and as many more were reported for a while and fixed.
 */
async function writeDailyHistory(database: WorkspaceDatabase) {
  const last = Math.floor(Date.parse('2026-11-20T10:00:00Z') / 1000)
  const scans = Array.from({ length: historyDays }, (_, day) => last - (historyDays - 1 - day) * DAY)
  const records = await database.getAll('repositoryRuns')
  let index = 0
  for (const [done, record] of records.entries()) {
    record.history = record.history.map((run) => dailyRun(run, index++, scans, last))
    await database.put('repositoryRuns', record, record.repository)
    if (done % 500 === 0) status.textContent = `History of ${done} of ${records.length} repositories`
  }
}

/** A run's history of `scans` (daily, the last at `last`), its findings spread over them by `index`. */
function dailyRun(run: RunHistory, index: number, scans: number[], last: number): RunHistory {
  const findings = new Map<string, FindingRecord>()
  let at = 0
  for (const [key, record] of run.findings) {
    const from = scans[(at * 7919 + index) % historyDays]
    findings.set(key, {
      severity: record.severity,
      scans: (last - from) / DAY + 1,
      stretches: [from, last, Infinity],
    })
    const fixedFrom = (at * 104_729 + index) % historyDays
    const fixedAfter = Math.min(historyDays - 1, fixedFrom + 1 + (at % 30))
    if (fixedAfter < historyDays - 1)
      findings.set(`fixed-${key}`, {
        severity: record.severity,
        scans: fixedAfter - fixedFrom,
        stretches: [scans[fixedFrom], scans[fixedAfter - 1], scans[fixedAfter]],
      })
    at += 1
  }
  return { ...run, scans, findings }
}

async function seed() {
  const database = await openSignedInWorkspace()
  const started = performance.now()
  for (let repository = 0; repository < repositories; repository++) {
    const name = `service-${String(repository).padStart(5, '0')}`
    const result: ReadResult = {
      format: 'sarif',
      tool: 'Bench',
      run: 'Bench',
      findings: findingsOf(repository),
      warnings: [],
      files: ['src/index.ts', 'package.json'],
      ecosystems: ['npm'],
      scannedAt: '2026-11-20T10:00:00Z',
    }
    await importResults(database, {
      file: `${name}.sarif`,
      repository: name,
      results: [result],
      now: new Date().toISOString(),
    })
    if (repository % 500 === 0) status.textContent = `Seeded ${repository} of ${repositories}`
  }
  if (historyDays > 1) await writeDailyHistory(database)
  database.close()
  document.body.dataset.seconds = String(Math.round((performance.now() - started) / 100) / 10)
  document.body.dataset.done = 'true'
  status.textContent = 'Done'
}

seed().catch((error: unknown) => {
  document.body.dataset.error = String(error)
  status.textContent = String(error)
})
