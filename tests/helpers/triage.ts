import type { Decision } from '@/workspace/triage/decision'
import { recordDecisions, type DecisionAuthor, type DecisionEntry } from '@/workspace/triage/decision-log'
import type { DecidableFinding } from '@/workspace/triage/resolve'

/** Shared fixtures of the triage tests. */
export const alice: DecisionAuthor = { name: 'Alice', issuer: 'https://id.example.com', subject: 'u-1' }
export const bob: DecisionAuthor = { name: 'Bob', issuer: 'https://id.example.com', subject: 'u-2' }

export function sequentialIds(prefix = 'e') {
  let next = 0
  return () => `${prefix}-${++next}`
}

/** A log built one decision at a time, a minute apart from `start`. */
export function logOf(
  decisions: (Decision & { severity?: DecidableFinding['severity'] })[],
  start = '2026-01-01T09:00:00Z',
) {
  const makeId = sequentialIds()
  let log: DecisionEntry[] = []
  decisions.forEach(({ severity, ...decision }, index) => {
    const at = new Date(Date.parse(start) + index * 60_000).toISOString()
    log = [...log, ...recordDecisions(log, [{ decision, severity: severity ?? 'High' }], { by: alice, at, makeId })]
  })
  return log
}

export const vulnerability = (change: Partial<DecidableFinding> = {}): DecidableFinding => ({
  repository: 'payments',
  key: 'CVE-2024-0001|lodash@4.17.20',
  kind: 'vulnerability',
  advisoryId: 'CVE-2024-0001',
  aliases: ['GHSA-aaaa-bbbb-cccc'],
  packageName: 'lodash',
  packageVersion: '4.17.20',
  ecosystem: 'npm',
  file: 'package-lock.json',
  severity: 'High',
  tool: 'Trivy',
  ...change,
})

export const codeIssue = (change: Partial<DecidableFinding> = {}): DecidableFinding => ({
  repository: 'payments',
  key: 'js/sql-injection|src/db.ts:12|',
  kind: 'policy-issue',
  ruleId: 'js/sql-injection',
  file: 'src/db.ts',
  line: 12,
  message: 'This query depends on a user-provided value.',
  level: 'error',
  severity: 'High',
  tool: 'CodeQL',
  ...change,
})

/**
 * A workspace of every kind of decision, resolved on 2026-03-01: what the export tests write.
 * Two repositories: payments (decided) and storefront (one open finding of an advisory that
 * payments accepted).
 */
export function decidedScenario() {
  const findings: DecidableFinding[] = [
    vulnerability(),
    vulnerability({
      key: 'CVE-2024-0002|minimist@1.2.5',
      advisoryId: 'CVE-2024-0002',
      aliases: [],
      packageName: 'minimist',
      packageVersion: '1.2.5',
    }),
    vulnerability({
      key: 'GHSA-xxxx-yyyy-zzzz|django@4.2.0',
      advisoryId: 'GHSA-xxxx-yyyy-zzzz',
      aliases: ['CVE-2024-0003'],
      packageName: 'Django',
      packageVersion: '4.2.0',
      ecosystem: 'PyPI',
      file: 'requirements.txt',
      tool: 'OSV-Scanner',
    }),
    vulnerability({
      key: 'CVE-2024-0004|express@4.17.1',
      advisoryId: 'CVE-2024-0004',
      aliases: [],
      packageName: 'express',
      packageVersion: '4.17.1',
    }),
    vulnerability({
      key: 'CVE-2024-0005|github.com/gin-gonic/gin@v1.9.0',
      advisoryId: 'CVE-2024-0005',
      aliases: [],
      packageName: 'github.com/gin-gonic/gin',
      packageVersion: 'v1.9.0',
      ecosystem: 'Go',
      file: 'go.mod',
    }),
    vulnerability({
      key: 'CVE-2024-0006|org.apache.logging.log4j:log4j-core@2.14.0',
      advisoryId: 'CVE-2024-0006',
      aliases: [],
      packageName: 'org.apache.logging.log4j:log4j-core',
      packageVersion: '2.14.0',
      ecosystem: 'Maven',
      file: 'pom.xml',
    }),
    vulnerability({
      key: 'CVE-2024-0007|axios@0.21.0',
      advisoryId: 'CVE-2024-0007',
      aliases: [],
      packageName: 'axios',
      packageVersion: '0.21.0',
    }),
    vulnerability({
      key: 'CVE-2024-0008|qs@6.0.0',
      advisoryId: 'CVE-2024-0008',
      aliases: [],
      packageName: 'qs',
      packageVersion: '6.0.0',
    }),
    codeIssue(),
    codeIssue({
      key: 'js/xss|test/ui.spec.ts:3|',
      ruleId: 'js/xss',
      file: 'test/ui.spec.ts',
      line: 3,
      message: 'Cross-site scripting.',
      level: 'warning',
    }),
    codeIssue({
      key: 'js/path-injection|src/files.ts:40|',
      ruleId: 'js/path-injection',
      file: 'src/files.ts',
      line: 40,
      message: 'This path depends on a user-provided value.',
    }),
    codeIssue({
      key: 'AVD-AWS-0086|infra/main.tf:5',
      ruleId: 'AVD-AWS-0086',
      file: 'infra/main.tf',
      line: 5,
      message: 'No public access block so not blocking public acls.',
      level: undefined,
      tool: 'Trivy',
    }),
    codeIssue({
      key: 'aws-access-key-id|test/fixtures/keys.env:1',
      ruleId: 'aws-access-key-id',
      file: 'test/fixtures/keys.env',
      line: 1,
      message: 'AWS access key ID.',
      tool: 'Trivy',
      secret: true,
    }),
    vulnerability({
      repository: 'storefront',
      key: 'CVE-2024-0002|minimist@1.2.6',
      advisoryId: 'CVE-2024-0002',
      aliases: [],
      packageName: 'minimist',
      packageVersion: '1.2.6',
    }),
  ]
  const payments = 'payments'
  const log = logOf([
    {
      state: 'not-affected',
      justification: 'vulnerable_code_not_in_execute_path',
      scope: { kind: 'finding', repository: payments, findingKey: findings[0].key },
      reason: 'Only the command-line tool calls it.',
    },
    {
      state: 'accepted-risk',
      expiresOn: '2026-06-30',
      scope: { kind: 'advisory', repository: payments, advisoryId: 'CVE-2024-0002' },
      reason: 'No untrusted input reaches the parser.',
    },
    {
      state: 'false-positive',
      scope: { kind: 'advisory', advisoryId: 'ghsa-xxxx-yyyy-zzzz' },
      reason: 'The advisory is about another package of the same name.',
    },
    {
      state: 'affected',
      dueOn: '2026-04-01',
      scope: { kind: 'finding', repository: payments, findingKey: findings[3].key },
      reason: 'Upgrade to 4.19.2.',
    },
    { state: 'fixed', scope: { kind: 'finding', repository: payments, findingKey: findings[4].key }, reason: '' },
    { state: 'in-triage', scope: { kind: 'finding', repository: payments, findingKey: findings[5].key }, reason: '' },
    {
      state: 'accepted-risk',
      expiresOn: '2026-02-01',
      scope: { kind: 'finding', repository: payments, findingKey: findings[6].key },
      reason: 'Until the January release.',
    },
    {
      state: 'false-positive',
      scope: { kind: 'finding', repository: payments, findingKey: findings[8].key },
      reason: 'The value is a constant.',
    },
    {
      state: 'accepted-risk',
      expiresOn: '2026-09-01',
      usedInTests: true,
      scope: { kind: 'path', repository: payments, pattern: 'test/**' },
      reason: 'Test code.',
    },
    {
      state: 'false-positive',
      scope: { kind: 'rule', repository: payments, ruleId: 'AVD-AWS-0086' },
      reason: 'The bucket is private by policy.',
    },
  ])
  return { findings, log, now: new Date('2026-03-01T00:00:00Z') }
}
