import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { buildManifest, updateHistory } from '@/workspace/feed/build/feed-builder'
import { HistoryFileError, readHistoryFile } from '@/workspace/history/history-file'
import { DecisionsFileError, readDecisionsFile, writeDecisionsFile } from '@/workspace/triage/decisions-file'
import type { DecisionEntry } from '@/workspace/triage/decision-log'

/**
 * A fuzz pass over the feed's team files (the history and the decisions file): documents made by
 * Vigil's own writers, mutated at random paths (odd keys, any JSON value), and random text. Each is
 * read, or refused with the reader's own error, never another.
 */

const trivy = (createdAt: string) =>
  JSON.stringify({
    SchemaVersion: 2,
    CreatedAt: createdAt,
    ArtifactName: 'registry.test/payments:1',
    ArtifactType: 'container_image',
    Results: [
      {
        Target: 'package-lock.json',
        Class: 'lang-pkgs',
        Type: 'npm',
        Vulnerabilities: [
          { VulnerabilityID: 'CVE-2024-0001', PkgName: 'lodash', InstalledVersion: '4.17.20', Severity: 'CRITICAL' },
          { VulnerabilityID: 'CVE-2024-0002', PkgName: 'qs', InstalledVersion: '6.0.0', Severity: 'HIGH' },
        ],
      },
    ],
  })

async function historyText(): Promise<string> {
  let history: string | undefined
  for (const createdAt of ['2026-11-01T03:00:00Z', '2026-11-08T03:00:00Z']) {
    const built = await buildManifest(
      [{ path: 'payments/trivy.json', bytes: new TextEncoder().encode(trivy(createdAt)) }],
      '',
      createdAt,
    )
    history = updateHistory(history, built.scans, createdAt).text
  }
  return history!
}

const decision = (id: string, scope: DecisionEntry['scope']): DecisionEntry => ({
  id,
  at: '2026-11-02T10:00:00.000Z',
  by: { name: 'Ada', issuer: 'https://id.test', subject: 'ada' },
  scope,
  previousState: 'needs-triage',
  state: 'accepted-risk',
  reason: 'mitigated upstream',
  severity: 'High',
  expiresOn: '2027-01-01',
})

const decisionsText = writeDecisionsFile(
  [
    decision('a', { kind: 'advisory', repository: 'payments', advisoryId: 'CVE-2024-0001' }),
    decision('b', { kind: 'path', repository: 'payments', pattern: 'src/**/*.test.ts' }),
    decision('c', { kind: 'advisory', advisoryId: 'GHSA-xvch-5gv4-984h', purl: 'pkg:npm/minimist@1.2.5' }),
  ],
  '2026-11-08T03:00:00Z',
)

const oddKeys = fc.constantFrom(
  '__proto__',
  'constructor',
  'toString',
  'version',
  'repositories',
  'runs',
  'id',
  'scope',
)
const anyValue = fc.oneof(fc.jsonValue({ maxDepth: 3 }), fc.constantFrom('__proto__', '\u202Eevil', -1, 1e308, 2 ** 53))

/** Sets an own property, `__proto__` included. */
const define = (target: object, key: string, value: unknown) =>
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true })

/** A copy of the document with one value replaced, deleted or set at a random path. */
function mutate(document: unknown, path: number[], kind: 'replace' | 'delete' | 'set', key: string, value: unknown) {
  const root = structuredClone(document)
  let parent: Record<string, unknown> | undefined
  let at: string | undefined
  let node: unknown = root
  for (const step of path) {
    if (node === null || typeof node !== 'object') break
    const keys = Object.keys(node)
    if (keys.length === 0) break
    parent = node as Record<string, unknown>
    at = keys[step % keys.length]
    node = parent[at]
  }
  if (kind === 'set' && node !== null && typeof node === 'object' && !Array.isArray(node)) define(node, key, value)
  else if (kind === 'delete' && parent && at !== undefined) {
    if (Array.isArray(parent)) parent.splice(Number(at), 1)
    else delete parent[at]
  } else if (parent && at !== undefined) parent[at] = value
  else return value
  return root
}

const mutations = fc.array(
  fc.tuple(
    fc.array(fc.nat(), { maxLength: 8 }),
    fc.constantFrom('replace' as const, 'delete' as const, 'set' as const),
    fc.oneof(oddKeys, fc.string({ maxLength: 6 })),
    anyValue,
  ),
  { minLength: 1, maxLength: 4 },
)

function readOrRefuse(read: (text: string) => unknown, refusal: new (...args: never[]) => Error, text: string) {
  try {
    structuredClone(read(text))
  } catch (error) {
    if (!(error instanceof refusal)) throw error
  }
}

describe('the team’s history and decisions files under random and mutated input', () => {
  it('reads every mutated history file or refuses it with a HistoryFileError', async () => {
    const text = await historyText()
    expect(readHistoryFile(text).history.repositories.get('payments')?.size).toBe(1)
    const document = JSON.parse(text) as unknown
    fc.assert(
      fc.property(mutations, (steps) => {
        const mutated = steps.reduce((value, step) => mutate(value, ...step), document)
        readOrRefuse(readHistoryFile, HistoryFileError, JSON.stringify(mutated) ?? '')
      }),
      { numRuns: 1000 },
    )
  })

  it('reads every mutated decisions file or refuses it with a DecisionsFileError', () => {
    expect(readDecisionsFile(decisionsText).decisions.map((entry) => entry.id)).toEqual(['a', 'b', 'c'])
    const document = JSON.parse(decisionsText) as unknown
    fc.assert(
      fc.property(mutations, (steps) => {
        const mutated = steps.reduce((value, step) => mutate(value, ...step), document)
        readOrRefuse(readDecisionsFile, DecisionsFileError, JSON.stringify(mutated) ?? '')
      }),
      { numRuns: 1000 },
    )
  })

  it('refuses random text with the reader’s own error', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ maxLength: 300 }), fc.json()), (text) => {
        readOrRefuse(readHistoryFile, HistoryFileError, text)
        readOrRefuse(readDecisionsFile, DecisionsFileError, text)
      }),
      { numRuns: 500 },
    )
  })
})
