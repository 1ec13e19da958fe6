import type { Decision } from './decision'
import { recordDecisions, type DecisionAuthor, type DecisionEntry } from './decision-log'
import type { DecidableFinding } from './resolve'

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
