import { describe, expect, it } from 'vitest'
import type { DecisionEntry } from './decision-log'
import { DecisionsFileError, readDecisionsFile, unpublishedEntries, writeDecisionsFile } from './decisions-file'
import { alice } from '@tests/helpers/triage'

const entry = (id: string, at = '2026-01-01T10:00:00Z', change: Partial<DecisionEntry> = {}): DecisionEntry => ({
  id,
  at,
  by: alice,
  scope: { kind: 'advisory', advisoryId: 'CVE-2024-0001' },
  previousState: 'needs-triage',
  state: 'in-triage',
  reason: '',
  severity: 'High',
  ...change,
})
const file = (decisions: unknown[], extra: object = {}) =>
  JSON.stringify({ vigilDecisions: 1, generatedAt: '2026-01-02T00:00:00Z', decisions, ...extra })

describe('decisions file', () => {
  it('writes the log and reads it back as it was', () => {
    const log = [
      entry('a'),
      entry('b', '2026-01-01T11:00:00Z', {
        scope: { kind: 'path', repository: 'api', pattern: 'test/**' },
        state: 'accepted-risk',
        previousState: 'in-triage',
        reason: 'Fixtures only',
        expiresOn: '2026-06-30',
        usedInTests: true,
        bulkStep: 'step-1',
      }),
      entry('c', '2026-01-01T12:00:00Z', {
        scope: { kind: 'finding', repository: 'api', findingKey: 'CVE-1|a@1' },
        state: 'not-affected',
        justification: 'vulnerable_code_not_in_execute_path',
        undoes: 'step-0',
      }),
    ]
    const text = writeDecisionsFile(log, '2026-01-02T00:00:00.000Z')
    expect(
      text
        .trimEnd()
        .split('\n')
        .filter((line) => line.startsWith('    {"id"')),
    ).toHaveLength(3)
    expect(readDecisionsFile(text)).toEqual({ generatedAt: '2026-01-02T00:00:00.000Z', decisions: log })
    expect(readDecisionsFile(writeDecisionsFile([], '2026-01-02T00:00:00Z')).decisions).toEqual([])
  })

  it.each([
    ['an HTML page', '<!doctype html><p>Sign in</p>', 'is an HTML page'],
    ['broken JSON', '{"vigilDecisions": 1, "decisions": [', 'not valid JSON'],
    ['no version', '{"decisions": []}', "does not match Vigil's decisions format"],
    ['a newer version', '{"vigilDecisions": 2, "decisions": []}', 'newer than this Vigil reads (1): reload Vigil'],
    ['version 0', '{"vigilDecisions": 0, "decisions": []}', '/vigilDecisions'],
    ['an unknown state', file([{ ...entry('a'), state: 'ignored' }]), '/decisions/0/state'],
    ['a time that is no time', file([{ ...entry('a'), at: 'yesterday' }]), '/decisions/0/at'],
    ['an author without issuer and subject', file([{ ...entry('a'), by: { name: 'A' } }]), '/decisions/0/by'],
    [
      'a finding scope without its finding',
      file([{ ...entry('a'), scope: { kind: 'finding', repository: 'r' } }]),
      '/decisions/0/scope',
    ],
    ['an unknown scope', file([{ ...entry('a'), scope: { kind: 'repository' } }]), '/decisions/0/scope/kind'],
    [
      'a scope with an unknown field',
      file([{ ...entry('a'), scope: { kind: 'advisory', advisoryId: 'X', extra: 1 } }]),
      '/decisions/0/scope',
    ],
    ['not affected without justification', file([{ ...entry('a'), state: 'not-affected' }]), '/decisions/0'],
    ['accepted risk without expiry', file([{ ...entry('a'), state: 'accepted-risk', reason: 'r' }]), '/decisions/0'],
    [
      'accepted risk without reason',
      file([{ ...entry('a'), state: 'accepted-risk', expiresOn: '2026-01-01' }]),
      '/decisions/0/reason',
    ],
    ['an unknown justification', file([{ ...entry('a'), justification: 'unknown' }]), '/decisions/0/justification'],
    ['an unknown severity', file([{ ...entry('a'), severity: 'Severe' }]), '/decisions/0/severity'],
    ['an unknown field', file([{ ...entry('a'), comment: 'x' }]), '/decisions/0'],
    ['an id twice', file([entry('a'), entry('a')]), 'two entries with the id "a" (the second at /decisions/1)'],
    [
      'a day that does not exist',
      file([{ ...entry('a'), dueOn: '2026-02-30' }]),
      'The day "2026-02-30" of /decisions/0 does not exist',
    ],
    [
      'a broken path pattern',
      file([{ ...entry('a'), scope: { kind: 'path', repository: 'r', pattern: 'test/{a' } }]),
      '/decisions/0/scope/pattern: The braces',
    ],
  ])('refuses %s', (_, text, reason) => {
    expect(() => readDecisionsFile(text)).toThrow(DecisionsFileError)
    expect(() => readDecisionsFile(text)).toThrow(reason)
  })

  it('reads a log of 10,000 entries', () => {
    const log = Array.from({ length: 10_000 }, (_, index) =>
      entry(`e-${index}`, new Date(Date.UTC(2026, 0, 1) + index * 1000).toISOString(), {
        scope: { kind: 'finding', repository: `repo-${index % 40}`, findingKey: `CVE-2024-${index}|pkg@1.0.${index}` },
        state: index % 2 ? 'false-positive' : 'accepted-risk',
        reason: 'Checked by the team',
        expiresOn: index % 2 ? undefined : '2026-12-31',
      }),
    )
    expect(readDecisionsFile(writeDecisionsFile(log, '2026-01-02T00:00:00Z')).decisions).toHaveLength(10_000)
  })

  it('lists the local entries the feed lacks', () => {
    const feed = [entry('a', '2026-01-01T10:00:00Z'), entry('c', '2026-01-01T12:00:00Z')]
    const local = [
      entry('b', '2026-01-01T11:00:00Z'),
      entry('c', '2026-01-01T12:00:00Z'),
      entry('d', '2026-01-01T12:00:00Z'),
    ]
    expect(unpublishedEntries(local, feed).map((e) => e.id)).toEqual(['b', 'd'])
    expect(unpublishedEntries(feed, feed)).toEqual([])
  })
})
