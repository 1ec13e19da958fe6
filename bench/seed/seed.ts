import type { Finding, ReadResult } from '../../src/workspace/model'
import { importResults } from '../../src/workspace/store/import-transaction'
import { openSignedInWorkspace } from './signed-in-workspace'

/**
 * Fills the signed-in user's workspace (same origin as Vigil) through the real store: `repos`
 * repositories of `findings` findings each, one import a repository, as a team's feed would.
 */
const params = new URLSearchParams(location.search)
const repositories = Number(params.get('repos') ?? '10000')
const perRepository = Number(params.get('findings') ?? '100')
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
        aliases: [`GHSA-bench-${index}`],
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
  database.close()
  document.body.dataset.seconds = String(Math.round((performance.now() - started) / 100) / 10)
  document.body.dataset.done = 'true'
  status.textContent = 'Done'
}

seed().catch((error: unknown) => {
  document.body.dataset.error = String(error)
  status.textContent = String(error)
})
