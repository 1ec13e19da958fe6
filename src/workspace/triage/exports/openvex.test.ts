import { describe, expect, it } from 'vitest'
import { justifications } from '@/workspace/triage/decision'
import { exportScenario } from '@tests/helpers/triage-export-scenario'
import { exportOpenVex, openVexContext } from './openvex'

const options = { author: 'Payments team <payments@example.com>', timestamp: '2026-03-01T10:00:00Z' }
const isoTime = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}:\d{2})$/

/**
 * No installed package ships OpenVEX's JSON schema: the document is checked field by field against
 * the specification (OpenVEX 0.2.0: document, statement, vulnerability and product fields).
 */
function expectValidOpenVex(document: Record<string, unknown>) {
  expect(
    Object.keys(document).every((key) =>
      ['@context', '@id', 'author', 'role', 'timestamp', 'last_updated', 'version', 'tooling', 'statements'].includes(
        key,
      ),
    ),
  ).toBe(true)
  expect(document['@context']).toBe('https://openvex.dev/ns/v0.2.0')
  expect(() => new URL(document['@id'] as string)).not.toThrow()
  expect(typeof document.author).toBe('string')
  expect(document.timestamp).toMatch(isoTime)
  expect(Number.isInteger(document.version) && (document.version as number) >= 1).toBe(true)
  const statements = document.statements as Record<string, unknown>[]
  expect(statements.length).toBeGreaterThanOrEqual(1)
  expect(new Set(statements.map((statement) => JSON.stringify(statement))).size).toBe(statements.length)
  for (const statement of statements) {
    const allowed = [
      '@id',
      'version',
      'vulnerability',
      'timestamp',
      'last_updated',
      'products',
      'status',
      'supplier',
      'status_notes',
      'justification',
      'impact_statement',
      'action_statement',
      'action_statement_timestamp',
    ]
    expect(Object.keys(statement).filter((key) => !allowed.includes(key))).toEqual([])
    const vulnerability = statement.vulnerability as Record<string, unknown>
    expect(typeof vulnerability.name).toBe('string')
    expect(Object.keys(vulnerability).every((key) => ['@id', 'name', 'description', 'aliases'].includes(key))).toBe(
      true,
    )
    if (vulnerability.aliases)
      expect(new Set(vulnerability.aliases as string[]).size).toBe((vulnerability.aliases as string[]).length)
    expect(['not_affected', 'affected', 'fixed', 'under_investigation']).toContain(statement.status)
    if (statement.timestamp) expect(statement.timestamp).toMatch(isoTime)
    if (statement.action_statement_timestamp) expect(statement.action_statement_timestamp).toMatch(isoTime)
    if (statement.justification !== undefined) expect(justifications).toContain(statement.justification)
    if (statement.status === 'not_affected') expect(statement.justification ?? statement.impact_statement).toBeTruthy()
    if (statement.status === 'affected') expect(typeof statement.action_statement).toBe('string')
    const products = statement.products as Record<string, unknown>[]
    expect(products.length).toBeGreaterThanOrEqual(1)
    for (const product of products) {
      expect(Object.keys(product).every((key) => ['@id', 'identifiers', 'hashes', 'subcomponents'].includes(key))).toBe(
        true,
      )
      expect(product['@id']).toMatch(/^pkg:[a-z]+\//)
      expect(Object.keys(product.identifiers as object)).toEqual(['purl'])
    }
  }
}

describe('OpenVEX export', () => {
  it('writes a valid OpenVEX 0.2.0 document with one statement per decision and advisory', () => {
    const { payments } = exportScenario()
    const document = JSON.parse(exportOpenVex(payments, options)!)
    expectValidOpenVex(document)
    expect(document['@context']).toBe(openVexContext)
    const byName = Object.fromEntries(
      document.statements.map((statement: { vulnerability: { name: string } }) => [
        statement.vulnerability.name,
        statement,
      ]),
    )
    expect(byName['CVE-2024-0001']).toEqual({
      vulnerability: { name: 'CVE-2024-0001', aliases: ['GHSA-aaaa-bbbb-cccc'] },
      timestamp: '2026-01-01T09:00:00.000Z',
      products: [{ '@id': 'pkg:npm/lodash@4.17.20', identifiers: { purl: 'pkg:npm/lodash@4.17.20' } }],
      status: 'not_affected',
      justification: 'vulnerable_code_not_in_execute_path',
      impact_statement: 'Only the command-line tool calls it.',
    })
    expect(byName['GHSA-xxxx-yyyy-zzzz']).toMatchObject({
      status: 'not_affected',
      impact_statement:
        "The scanner's report is a false positive: The advisory is about another package of the same name.",
      products: [{ '@id': 'pkg:pypi/django@4.2.0' }],
    })
    expect(byName['GHSA-xxxx-yyyy-zzzz'].justification).toBeUndefined()
    expect(byName['CVE-2024-0002']).toMatchObject({
      status: 'affected',
      action_statement: 'Risk accepted until 2026-06-30: No untrusted input reaches the parser.',
    })
    expect(byName['CVE-2024-0004']).toMatchObject({
      status: 'affected',
      action_statement: 'Upgrade to 4.19.2. To be fixed by 2026-04-01.',
    })
    expect(byName['CVE-2024-0005']).toMatchObject({
      status: 'fixed',
      products: [{ '@id': 'pkg:golang/github.com/gin-gonic/gin@v1.9.0' }],
    })
    expect(byName['CVE-2024-0006']).toMatchObject({
      status: 'under_investigation',
      products: [{ '@id': 'pkg:maven/org.apache.logging.log4j/log4j-core@2.14.0' }],
    })
    // The expired accepted risk and the undecided finding say nothing.
    expect(byName['CVE-2024-0007']).toBeUndefined()
    expect(byName['CVE-2024-0008']).toBeUndefined()
  })

  it('gathers the packages of one advisory decision into one statement', () => {
    const { items } = exportScenario()
    const document = JSON.parse(exportOpenVex(items, options)!)
    expectValidOpenVex(document)
    expect(
      document.statements.filter(
        (statement: { vulnerability: { name: string } }) => statement.vulnerability.name === 'GHSA-xxxx-yyyy-zzzz',
      ),
    ).toHaveLength(1)
  })

  it('writes nothing when no decision is for VEX', () => {
    const { items } = exportScenario()
    expect(
      exportOpenVex(
        items.filter((item) => item.finding.kind === 'policy-issue'),
        options,
      ),
    ).toBeUndefined()
  })
})
