import { describe, expect, it } from 'vitest'
import { recordDecisions } from './decision-log'
import { exportCycloneDxVex } from './exports/cyclonedx-vex'
import { exportScenario } from '@tests/helpers/triage-export-scenario'
import { exportOpenVex } from './exports/openvex'
import { resolveDecisions } from './resolve'
import { alice, sequentialIds, vulnerability } from '@tests/helpers/triage'
import { detectVex, importVex, VexImportError } from './vex-import'

const openVex = (statements: unknown[]) =>
  JSON.stringify({
    '@context': 'https://openvex.dev/ns/v0.2.0',
    '@id': 'https://vendor.example/vex/1',
    author: 'Vendor Security',
    timestamp: '2026-02-01T00:00:00Z',
    version: 1,
    statements,
  })

describe('VEX import', () => {
  it('turns OpenVEX statements into decisions over the advisory and the packages it names', () => {
    const { decisions, format, warnings } = importVex(
      openVex([
        {
          vulnerability: { name: 'CVE-2024-0001' },
          products: [{ '@id': 'pkg:npm/lodash@4.17.20' }],
          status: 'not_affected',
          justification: 'vulnerable_code_not_in_execute_path',
          impact_statement: 'The template function is never called.',
        },
        {
          vulnerability: { name: 'CVE-2024-0009' },
          products: [{ '@id': 'pkg:oci/app', subcomponents: [{ '@id': 'pkg:npm/%40babel/core@7.0.0' }] }],
          status: 'affected',
          action_statement: 'Upgrade.',
        },
        {
          vulnerability: { name: 'CVE-2024-0010' },
          products: [{ '@id': 'https://vendor.example/app' }],
          status: 'fixed',
        },
      ]),
      'payments',
    )
    expect(format).toBe('openvex')
    expect(warnings).toEqual([])
    expect(decisions).toEqual([
      {
        state: 'not-affected',
        scope: {
          kind: 'advisory',
          repository: 'payments',
          advisoryId: 'CVE-2024-0001',
          purl: 'pkg:npm/lodash@4.17.20',
        },
        reason: 'The template function is never called. (OpenVEX by Vendor Security)',
        justification: 'vulnerable_code_not_in_execute_path',
      },
      {
        state: 'affected',
        scope: {
          kind: 'advisory',
          repository: 'payments',
          advisoryId: 'CVE-2024-0009',
          purl: 'pkg:npm/%40babel/core@7.0.0',
        },
        reason: 'Upgrade. (OpenVEX by Vendor Security)',
      },
      {
        state: 'fixed',
        scope: { kind: 'advisory', repository: 'payments', advisoryId: 'CVE-2024-0010' },
        reason: '(OpenVEX by Vendor Security)',
      },
    ])
  })

  it('lets the newer of two statements about the same advisory and package count', () => {
    const { decisions } = importVex(
      openVex([
        {
          vulnerability: { name: 'CVE-1' },
          timestamp: '2026-01-02T00:00:00Z',
          products: [{ '@id': 'pkg:npm/a@1' }],
          status: 'fixed',
        },
        {
          vulnerability: { name: 'CVE-1' },
          timestamp: '2026-01-01T00:00:00Z',
          products: [{ '@id': 'pkg:npm/a@1' }],
          status: 'under_investigation',
        },
      ]),
      'r',
    )
    expect(decisions.map((decision) => decision.state)).toEqual(['fixed'])
  })

  it('imports a not-affected statement without a justification as in triage, and says so', () => {
    const { decisions, warnings } = importVex(
      openVex([
        {
          vulnerability: { name: 'CVE-1' },
          products: [{ '@id': 'pkg:npm/a@1' }],
          status: 'not_affected',
          impact_statement: 'Trust us.',
        },
      ]),
      'r',
    )
    expect(decisions[0].state).toBe('in-triage')
    expect(warnings).toEqual([
      'Statement 1 says CVE-1 does not affect it without one of the five justifications: imported as in triage, for the team to choose one.',
    ])
  })

  it("reads back Vigil's own OpenVEX and CycloneDX exports as the same decisions", () => {
    const { payments, findings, now } = exportScenario()
    const expected = payments
      .filter((item) => item.finding.kind === 'vulnerability' && item.decision.entry && !item.decision.expired)
      .map((item) => [
        item.finding.advisoryId,
        item.decision.state === 'accepted-risk' ? 'affected' : item.decision.state,
      ])
    for (const text of [
      exportOpenVex(payments, { author: 'Vigil', timestamp: '2026-03-01T00:00:00Z' })!,
      exportCycloneDxVex(payments, { timestamp: '2026-03-01T00:00:00Z' })!,
    ]) {
      const { decisions } = importVex(text, 'payments')
      const states = decisions.map((decision) => [
        decision.scope.kind === 'advisory' && decision.scope.advisoryId,
        decision.state,
      ])
      // OpenVEX has no false positive: it comes back as in triage (not affected, no justification).
      expect(states.map(([id]) => id).sort()).toEqual(expected.map(([id]) => id).sort())
      const log = recordDecisions(
        [],
        decisions.map((decision) => ({ decision, severity: 'High' as const })),
        { by: alice, at: '2026-03-02T00:00:00Z', makeId: sequentialIds() },
      )
      const { effective, stale } = resolveDecisions(findings, log, { now })
      expect(stale).toEqual([])
      expect(effective.filter((decision) => decision.entry).length).toBe(decisions.length)
    }
  })

  it('reads CycloneDX VEX analyses, its affects resolved through the components', () => {
    const bom = {
      bomFormat: 'CycloneDX',
      specVersion: '1.6',
      components: [{ type: 'library', 'bom-ref': 'comp-1', name: 'lodash', purl: 'pkg:npm/lodash@4.17.20' }],
      vulnerabilities: [
        {
          id: 'CVE-2024-0001',
          analysis: {
            state: 'not_affected',
            justification: 'requires_environment',
            detail: 'Needs a flag we never set.',
          },
          affects: [{ ref: 'comp-1' }],
        },
        {
          id: 'CVE-2024-0002',
          analysis: { state: 'exploitable', response: ['will_not_fix'] },
          affects: [{ ref: 'urn:cdx:x/1#y' }],
        },
        { id: 'CVE-2024-0003', analysis: { state: 'resolved_with_pedigree' } },
        { id: 'CVE-2024-0004', analysis: { state: 'false_positive' }, affects: [{ ref: 'pkg:pypi/django@4.2.0' }] },
      ],
    }
    const { decisions, format } = importVex(JSON.stringify(bom), 'payments')
    expect(format).toBe('cyclonedx-vex')
    expect(
      decisions.map((decision) => [decision.state, decision.justification, decision.scope, decision.reason]),
    ).toEqual([
      [
        'not-affected',
        'vulnerable_code_cannot_be_controlled_by_adversary',
        { kind: 'advisory', repository: 'payments', advisoryId: 'CVE-2024-0001', purl: 'pkg:npm/lodash@4.17.20' },
        'Needs a flag we never set.',
      ],
      [
        'affected',
        undefined,
        { kind: 'advisory', repository: 'payments', advisoryId: 'CVE-2024-0002' },
        '(response: will_not_fix)',
      ],
      ['fixed', undefined, { kind: 'advisory', repository: 'payments', advisoryId: 'CVE-2024-0003' }, ''],
      [
        'false-positive',
        undefined,
        { kind: 'advisory', repository: 'payments', advisoryId: 'CVE-2024-0004', purl: 'pkg:pypi/django@4.2.0' },
        '',
      ],
    ])
    const log = recordDecisions(
      [],
      decisions.map((decision) => ({ decision, severity: 'High' as const })),
      { by: alice, at: '2026-03-02T00:00:00Z', makeId: sequentialIds() },
    )
    const [lodash] = resolveDecisions([vulnerability()], log, { now: new Date('2026-03-03T00:00:00Z') }).effective
    expect(lodash.state).toBe('not-affected')
  })

  it.each([
    ['broken JSON', '{', 'not valid JSON'],
    [
      'a scan file',
      JSON.stringify({ bomFormat: 'CycloneDX', vulnerabilities: [{ id: 'CVE-1' }] }),
      'it is a scan, not VEX',
    ],
    ['something else', JSON.stringify({ runs: [] }), 'neither OpenVEX'],
    [
      'no usable statement',
      openVex([{ vulnerability: { name: 'CVE-1' }, status: 'unknown' }]),
      'no statement Vigil can use',
    ],
  ])('refuses %s', (_, text, message) => {
    expect(() => importVex(text, 'r')).toThrow(VexImportError)
    expect(() => importVex(text, 'r')).toThrow(message)
  })

  it('tells VEX from other JSON', () => {
    expect(detectVex({ '@context': 'https://openvex.dev/ns/v0.2.0' })).toBe('openvex')
    expect(detectVex({ bomFormat: 'CycloneDX', vulnerabilities: [] })).toBeUndefined()
    expect(detectVex([])).toBeUndefined()
  })
})

describe('VEX values that name Object’s own members', () => {
  it.each(['constructor', '__proto__', 'toString'])(
    'leaves out a statement whose status is %s, with a warning',
    (status) => {
      const { decisions, warnings } = importVex(
        JSON.stringify({
          '@context': 'https://openvex.dev/ns/v0.2.0',
          '@id': 'https://vex.test/1',
          author: 'Security team',
          timestamp: '2026-11-20T10:00:00Z',
          version: 1,
          statements: [
            { vulnerability: { name: 'CVE-2024-0001' }, products: [{ '@id': 'pkg:npm/a@1.0.0' }], status },
            { vulnerability: { name: 'CVE-2024-0002' }, products: [{ '@id': 'pkg:npm/a@1.0.0' }], status: 'fixed' },
          ],
        }),
        'billing',
      )
      expect(decisions.map((decision) => decision.state)).toEqual(['fixed'])
      expect(warnings).toContain('Statement 1 names no vulnerability or no status Vigil knows: left out.')
    },
  )
})
