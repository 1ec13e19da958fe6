import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { CheckedFinding } from '@/data/policy-checks'
import { FactsPacker, FactsUnpacker, FINDINGS_PER_PART, partsOf } from './packed-facts'
import type { RepositoryFacts } from './policy-facts'

/** A finding as the checks read it: the fields a packed part carries, whatever else the object holds. */
const checked = ({ key, tool, ruleId, severity, kind, cwes, count, kevOverdue }: CheckedFinding): CheckedFinding => ({
  key,
  severity,
  cwes: [...cwes],
  count: count ?? 1,
  ...(tool === undefined ? {} : { tool }),
  ...(ruleId === undefined ? {} : { ruleId }),
  ...(kind === undefined ? {} : { kind }),
  // Only a finding past KEV's due date says so.
  ...(kevOverdue === true ? { kevOverdue } : {}),
})

const roundTrip = (parts: RepositoryFacts[][]) => {
  const packer = new FactsPacker()
  const unpacker = new FactsUnpacker()
  return parts.flatMap((part) => unpacker.unpack(packer.pack(part)))
}

const log4j = {
  kind: 'vulnerability',
  key: 'CVE-2021-44228|log4j-core@2.14.1',
  tool: 'Grype',
  ruleId: 'CVE-2021-44228',
  severity: 'Critical',
  cwes: ['CWE-502', 'CWE-917'],
  count: 1,
  closed: false,
} as const
const xss: CheckedFinding = { key: 'js/xss|a.ts', ruleId: 'js/xss', severity: 'High', cwes: ['CWE-79'], count: 3 }

describe('the policy facts packed for the page', () => {
  it('unpacks each repository with its findings, tools and endpoints, across parts', () => {
    const endpoint = { method: 'GET', path: '/users', pii: true, pci: false, phi: false, auth: 'None' as const }
    const parts: RepositoryFacts[][] = [
      [
        { name: 'billing', tools: ['Grype'], findings: [log4j, xss] },
        { name: 'docs', tools: [], findings: [] },
      ],
      [{ name: 'api', tools: ['Grype', 'CodeQL'], findings: [{ ...log4j }], endpoints: [endpoint] }],
    ]
    const unpacked = roundTrip(parts)
    expect(unpacked).toEqual([
      { name: 'billing', tools: ['Grype'], findings: [checked(log4j), xss] },
      { name: 'docs', tools: [], findings: [] },
      { name: 'api', tools: ['Grype', 'CodeQL'], findings: [checked(log4j)], endpoints: [endpoint] },
    ])
  })

  it('makes one object of a finding alike in many repositories, and sends its texts once', () => {
    const packer = new FactsPacker()
    const first = packer.pack([{ name: 'a', tools: ['Grype'], findings: [log4j] }])
    // In a later part, a copy of the same finding is sent as where it is; a group of two of it is
    // a finding of its own, its texts not sent again.
    const second = packer.pack([
      { name: 'b', tools: ['Grype'], findings: [{ ...log4j }] },
      { name: 'c', tools: ['Grype'], findings: [{ ...log4j, count: 2 }] },
    ])
    expect(first.texts).toEqual(expect.arrayContaining(['Grype', 'Critical', 'CWE-502']))
    expect(first.keys).toEqual([log4j.key])
    expect(second.texts).toEqual([])
    expect(second.keys).toEqual([log4j.key])
    expect([...second.order]).toEqual([0, 1])
    const unpacker = new FactsUnpacker()
    const [a, b, c] = [...unpacker.unpack(first), ...unpacker.unpack(second)]
    expect(a.findings[0]).toBe(b.findings[0])
    expect(c.findings[0]).not.toBe(a.findings[0])
    expect(c.findings[0].count).toBe(2)
    expect(c.findings[0].cwes).toBe(a.findings[0].cwes)
  })

  it('gives back what was packed, for any facts', () => {
    const text = fc.constantFrom('', 'a', 'CWE-79', 'Grype', 'x|y', 'é', 'a\nb', 'b')
    const finding = fc.record(
      {
        key: text,
        tool: text,
        ruleId: text,
        severity: fc.constantFrom('Critical', 'High', 'Medium', 'Low', 'Unknown' as const),
        kind: fc.constantFrom('vulnerability', 'policy-issue' as const),
        cwes: fc.array(text, { maxLength: 3 }),
        count: fc.integer({ min: 1, max: 5 }),
        kevOverdue: fc.boolean(),
      },
      { requiredKeys: ['key', 'severity', 'cwes'] },
    )
    const repository = fc.record({
      name: fc.string(),
      tools: fc.array(text, { maxLength: 2 }),
      findings: fc.array(finding, { maxLength: 6 }),
    })
    fc.assert(
      fc.property(fc.array(fc.array(repository, { maxLength: 4 }), { maxLength: 4 }), (parts) => {
        const expected = parts
          .flat()
          .map((repository) => ({ ...repository, findings: repository.findings.map(checked) }))
        expect(roundTrip(parts)).toEqual(expected)
      }),
    )
  })

  it('keeps a finding past KEV’s due date apart from the same finding that is not', () => {
    const late = { ...log4j, kevOverdue: true }
    const [a, b] = roundTrip([
      [
        { name: 'a', tools: ['Grype'], findings: [late] },
        { name: 'b', tools: ['Grype'], findings: [{ ...log4j, kevOverdue: false }] },
      ],
    ])
    expect(a.findings[0].kevOverdue).toBe(true)
    expect(b.findings[0].kevOverdue).toBeUndefined()
  })

  it('hands the repositories over in parts of about FINDINGS_PER_PART findings, in order', () => {
    const findings = Array.from({ length: 7_000 }, () => xss)
    const repositories = Array.from({ length: 9 }, (_, index) => ({ name: `r${index}`, tools: [], findings }))
    const parts = partsOf(repositories)
    expect(parts.map((part) => part.length)).toEqual([3, 3, 3])
    expect(parts.flat()).toEqual(repositories)
    expect(parts.every((part) => part.flatMap((repository) => repository.findings).length >= FINDINGS_PER_PART)).toBe(
      true,
    )
    expect(partsOf([])).toEqual([])
  })
})
