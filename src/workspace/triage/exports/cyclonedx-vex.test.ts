import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { Validator, type Schema } from '@cfworker/json-schema'
import { describe, expect, it } from 'vitest'
import { cycloneDxJustifications, exportCycloneDxVex } from './cyclonedx-vex'
import { exportScenario } from '@tests/helpers/triage-export-scenario'

/** CycloneDX's published 1.6 schema, as its library ships it, with the schemas it refers to. */
function cycloneDxValidator() {
  const require = createRequire(import.meta.url)
  const folder = join(dirname(require.resolve('@cyclonedx/cyclonedx-library/package.json')), 'res/schema')
  const load = (name: string) => JSON.parse(readFileSync(join(folder, name), 'utf8')) as Schema
  const validator = new Validator(load('bom-1.6.SNAPSHOT.schema.json'), '7', false)
  // The BOM schema names them relative to its own $id.
  validator.addSchema(load('spdx.SNAPSHOT.schema.json'), 'http://cyclonedx.org/schema/spdx.SNAPSHOT.schema.json')
  validator.addSchema(
    load('jsf-0.82.SNAPSHOT.schema.json'),
    'http://cyclonedx.org/schema/jsf-0.82.SNAPSHOT.schema.json',
  )
  return validator
}

const options = {
  timestamp: '2026-03-01T10:00:00Z',
  serialNumber: 'urn:uuid:3e671687-395b-41f5-a30f-a58921a69b79',
  author: 'Payments team',
  subject: 'payments',
}

describe('CycloneDX VEX export', () => {
  const validator = cycloneDxValidator()

  it('writes a CycloneDX 1.6 document that its published schema accepts', () => {
    const { payments, items } = exportScenario()
    for (const text of [
      exportCycloneDxVex(payments, options)!,
      exportCycloneDxVex(items, { timestamp: options.timestamp })!,
    ]) {
      const result = validator.validate(JSON.parse(text))
      expect(result.errors.slice(0, 3)).toEqual([])
      expect(result.valid).toBe(true)
    }
  })

  it('refuses what the schema refuses: the validator is not a formality', () => {
    const { payments } = exportScenario()
    const document = JSON.parse(exportCycloneDxVex(payments, options)!)
    document.vulnerabilities[0].analysis.state = 'ignored'
    expect(validator.validate(document).valid).toBe(false)
  })

  it('maps each decision to an analysis, and points its affects at the package components', () => {
    const { payments } = exportScenario()
    const document = JSON.parse(exportCycloneDxVex(payments, options)!)
    const byId = Object.fromEntries(
      document.vulnerabilities.map((vulnerability: { id: string }) => [vulnerability.id, vulnerability]),
    )
    expect(byId['CVE-2024-0001']).toEqual({
      id: 'CVE-2024-0001',
      source: { name: 'NVD', url: 'https://nvd.nist.gov/vuln/detail/CVE-2024-0001' },
      references: [
        {
          id: 'GHSA-aaaa-bbbb-cccc',
          source: { name: 'GitHub Advisories', url: 'https://github.com/advisories/GHSA-aaaa-bbbb-cccc' },
        },
      ],
      analysis: {
        state: 'not_affected',
        justification: 'code_not_reachable',
        detail: 'Only the command-line tool calls it.',
        lastUpdated: '2026-01-01T09:00:00.000Z',
      },
      affects: [{ ref: 'pkg:npm/lodash@4.17.20' }],
    })
    expect(byId['GHSA-xxxx-yyyy-zzzz'].analysis.state).toBe('false_positive')
    expect(byId['CVE-2024-0002'].analysis).toMatchObject({
      state: 'exploitable',
      response: ['will_not_fix'],
      detail: 'Risk accepted until 2026-06-30: No untrusted input reaches the parser.',
    })
    expect(byId['CVE-2024-0004'].analysis).toMatchObject({ state: 'exploitable', response: ['update'] })
    expect(byId['CVE-2024-0005'].analysis.state).toBe('resolved')
    expect(byId['CVE-2024-0006'].analysis.state).toBe('in_triage')
    expect(byId['CVE-2024-0007']).toBeUndefined()
    const refs = new Set(document.components.map((component: { 'bom-ref': string }) => component['bom-ref']))
    for (const vulnerability of document.vulnerabilities)
      for (const { ref } of vulnerability.affects) expect(refs.has(ref)).toBe(true)
    expect(document.components).toContainEqual({
      type: 'library',
      'bom-ref': 'pkg:maven/org.apache.logging.log4j/log4j-core@2.14.0',
      group: 'org.apache.logging.log4j',
      name: 'log4j-core',
      version: '2.14.0',
      purl: 'pkg:maven/org.apache.logging.log4j/log4j-core@2.14.0',
    })
    expect(document.metadata).toEqual({
      timestamp: '2026-03-01T10:00:00Z',
      tools: { components: [{ type: 'application', name: 'Vigil' }] },
      authors: [{ name: 'Payments team' }],
      component: { type: 'application', name: 'payments' },
    })
  })

  it('maps every OpenVEX justification to one of CycloneDX', () => {
    const schema = JSON.parse(
      readFileSync(
        join(
          dirname(createRequire(import.meta.url).resolve('@cyclonedx/cyclonedx-library/package.json')),
          'res/schema/bom-1.6.SNAPSHOT.schema.json',
        ),
        'utf8',
      ),
    )
    for (const value of Object.values(cycloneDxJustifications))
      expect(schema.definitions.impactAnalysisJustification.enum).toContain(value)
  })
})
