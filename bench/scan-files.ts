import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'

// Generated SARIF logs for the import benchmark: shaped like a real SAST tool's output (rules with
// tags and help, results with locations, fingerprints and message arguments), sized by result count.

const words = ['input', 'query', 'header', 'cookie', 'body', 'param', 'path', 'token', 'session', 'payload']

interface SarifLogShape {
  runs: number
  results: number
  rules?: number
  /** Characters of filler in each result's message, to reach a file size. */
  padding?: number
}

/** A SARIF 2.1.0 log of `runs` runs, each of `results` results over `rules` rules. */
export function sarifLog({ runs, results, rules = 120, padding = 0 }: SarifLogShape) {
  const ruleList = Array.from({ length: rules }, (_, index) => ({
    id: `bench/rule-${index}`,
    name: `BenchRule${index}`,
    shortDescription: { text: `Benchmark rule ${index}: untrusted ${words[index % words.length]} reaches a sink` },
    fullDescription: { text: `Data from a ${words[(index + 3) % words.length]} flows into a sensitive call.` },
    helpUri: `https://rules.example/bench/${index}`,
    defaultConfiguration: { level: ['error', 'warning', 'note'][index % 3] },
    properties: {
      tags: ['security', `external/cwe/cwe-${(index % 900) + 20}`],
      'security-severity': String((index % 100) / 10),
    },
  }))
  const filler = 'x'.repeat(padding)
  return {
    version: '2.1.0',
    $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
    runs: Array.from({ length: runs }, (_, run) => ({
      tool: { driver: { name: `BenchScanner${run}`, semanticVersion: '1.0.0', rules: ruleList } },
      versionControlProvenance: [{ repositoryUri: 'https://github.com/bench/bench-service.git', branch: 'main' }],
      invocations: [{ executionSuccessful: true, endTimeUtc: '2026-11-20T10:00:00Z' }],
      results: Array.from({ length: results }, (_, index) => ({
        ruleId: `bench/rule-${index % rules}`,
        ruleIndex: index % rules,
        message: { text: `{0} flows into {1} ${filler}`, arguments: [words[index % 10], `sink${index % 37}`] },
        locations: [
          {
            physicalLocation: {
              artifactLocation: { uri: `src/module-${index % 800}/file-${index % 53}.ts`, uriBaseId: '%SRCROOT%' },
              region: { startLine: (index % 400) + 1, startColumn: (index % 80) + 1 },
            },
          },
        ],
        partialFingerprints: { primaryLocationLineHash: `${(index * 2654435761) % 4294967296}:${run}` },
      })),
    })),
  }
}

const fieldSets = [
  ['id', 'status', 'created_at', 'updated_at', 'total', 'currency', 'reference', 'notes'],
  ['id', 'email', 'first_name', 'last_name', 'phone', 'date_of_birth', 'street', 'city', 'postal_code'],
  ['id', 'card_number', 'exp_month', 'exp_year', 'cvc', 'cardholder_name', 'amount'],
  ['id', 'diagnosis', 'medications', 'allergies', 'lab_results', 'mrn', 'encounter_date'],
  ['id', 'sku', 'title', 'description', 'price', 'quantity', 'colour', 'size', 'weight'],
]

/**
 * An OpenAPI 3.1 description of `operations` operations over shared component schemas, with
 * request bodies, parameters and inline response objects (a fifth of them with personal, card
 * or health fields), padded with descriptions towards `padding` characters per operation.
 */
export function openApiDocument({ operations, padding = 0 }: { operations: number; padding?: number }) {
  const filler = 'Lorem ipsum dolor sit amet. '.repeat(Math.ceil(padding / 28)).slice(0, padding)
  const schemas = Object.fromEntries(
    fieldSets.map((fields, index) => [
      `Resource${index}`,
      {
        type: 'object',
        description: filler.slice(0, 200),
        properties: Object.fromEntries(
          fields.map((field) => [field, { type: 'string', description: `The ${field}.` }]),
        ),
      },
    ]),
  )
  const paths: Record<string, object> = {}
  for (let index = 0; index < operations; index += 2) {
    const fields = fieldSets[(index / 2) % fieldSets.length]
    const resource = `#/components/schemas/Resource${(index / 2) % fieldSets.length}`
    paths[`/area-${index % 97}/items-${index}/{id}`] = {
      parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
      get: {
        operationId: `getItem${index}`,
        summary: `Read item ${index}`,
        description: filler,
        tags: [`area-${index % 97}`],
        parameters: [{ name: 'expand', in: 'query', schema: { type: 'string' } }],
        responses: {
          200: {
            description: 'The item',
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  properties: {
                    data: { $ref: resource },
                    links: { type: 'object', properties: { self: { type: 'string' }, next: { type: 'string' } } },
                    extra: {
                      type: 'object',
                      properties: Object.fromEntries(fields.map((field) => [`${field}_note`, { type: 'string' }])),
                    },
                  },
                },
              },
            },
          },
          404: { description: 'Not found' },
        },
      },
      put: {
        operationId: `putItem${index}`,
        summary: `Replace item ${index}`,
        description: filler,
        security: index % 10 === 0 ? [] : [{ bearer: [] }],
        requestBody: { content: { 'application/json': { schema: { $ref: resource } } } },
        responses: { 204: { description: 'Replaced' } },
      },
    }
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Bench API', version: '1.0.0' },
    security: [{ bearer: [] }],
    paths,
    components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } }, schemas },
  }
}

/**
 * A feed's folder: `repositories` repositories of three files each (a SARIF log, an npm audit
 * report and an OpenAPI description), small as most CI scans of one repository are.
 */
export function feedFolder(dir: string, repositories: number): { files: number; bytes: number } {
  let files = 0
  let bytes = 0
  const write = (path: string, document: object) => {
    const text = JSON.stringify(document)
    mkdirSync(dirname(path), { recursive: true })
    writeFileSync(path, text)
    files += 1
    bytes += Buffer.byteLength(text)
  }
  rmSync(dir, { recursive: true, force: true })
  for (let index = 0; index < repositories; index++) {
    const name = `service-${String(index).padStart(5, '0')}`
    // A feed's file belongs to the repository whose folder holds it: the log names none.
    const sarif: { runs: { versionControlProvenance?: unknown }[] } = sarifLog({ runs: 1, results: 8, rules: 4 })
    sarif.runs[0].versionControlProvenance = undefined
    write(join(dir, name, 'semgrep.sarif'), sarif)
    write(join(dir, name, 'npm-audit.json'), {
      auditReportVersion: 2,
      vulnerabilities: Object.fromEntries(
        ['lodash', 'minimist', 'qs'].slice(0, (index % 3) + 1).map((pkg, at) => [
          pkg,
          {
            name: pkg,
            via: [
              {
                source: 1000 + at,
                title: `${pkg} advisory`,
                severity: 'high',
                url: `https://advisories.example/${pkg}`,
              },
            ],
          },
        ]),
      ),
    })
    write(join(dir, name, 'openapi.json'), openApiDocument({ operations: 6 }))
  }
  return { files, bytes }
}
