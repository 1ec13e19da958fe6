import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { decodeText, detectFormat, parseJson, readDocument, readScanText } from './detect'
import { ReaderError } from '@/workspace/model/model'
import { scoreVector, severityOfScore, severityOfWord } from '@/workspace/model/severity'

const encode = (text: string) => new TextEncoder().encode(text)

describe('format detection', () => {
  it.each([
    [{ version: '2.1.0', runs: [] }, 'sarif'],
    [{ bomFormat: 'CycloneDX', specVersion: '1.5' }, 'cyclonedx'],
    [{ openapi: '3.1.0', paths: {} }, 'openapi'],
    [{ swagger: '2.0', paths: {} }, 'openapi'],
    [{ auditReportVersion: 2, vulnerabilities: {} }, 'npm-audit'],
    [{ SchemaVersion: 2, ArtifactName: '.', Results: [] }, 'trivy'],
    [{ matches: [], descriptor: { name: 'grype' } }, 'grype'],
    [{ results: [{ source: { path: 'go.sum' }, packages: [] }] }, 'osv-scanner'],
  ])('knows %j by its content', (document, format) => {
    expect(detectFormat(document)).toBe(format)
  })

  it('never goes by a file name: the same content is the same format whatever it is called', () => {
    expect(readScanText(JSON.stringify({ auditReportVersion: 2, vulnerabilities: {} }))[0].format).toBe('npm-audit')
  })

  it.each([
    [[], 'a JSON list'],
    [42, 'a single JSON value'],
    [{ openapi: '3.1.0', paths: {} }, 'description has no operations'],
    [{ advisories: {}, metadata: {} }, 'npm 6 or older'],
    [{ hello: 'world' }, 'its top-level fields: hello'],
  ])('refuses %j with a reason', (document, reason) => {
    expect(() => readDocument(document)).toThrow(ReaderError)
    expect(() => readDocument(document)).toThrow(reason)
  })
})

describe('bad input gets a clear reason', () => {
  it('refuses an empty file, a binary file and text that is not UTF-8', () => {
    expect(() => decodeText(new Uint8Array())).toThrow('The file is empty.')
    expect(() => decodeText(new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x00, 0x00]))).toThrow('binary')
    expect(() => decodeText(new Uint8Array([0x7b, 0xff, 0xfe, 0x7d]))).toThrow('not UTF-8')
    expect(decodeText(encode('{"a":1}'))).toBe('{"a":1}')
  })

  it('refuses truncated JSON and whitespace, and reads JSON with a byte-order mark', () => {
    expect(() => parseJson('{"version": "2.1.0", "runs": [')).toThrow(/not valid JSON \(it may be cut short\)/)
    expect(() => parseJson('  \n')).toThrow('The file is empty.')
    expect(parseJson('\uFEFF{"a":1}')).toEqual({ a: 1 })
  })

  it('treats __proto__ keys as data, never as the prototype', () => {
    const text =
      '{"auditReportVersion":2,"vulnerabilities":{"__proto__":{"name":"evil","via":[{"url":"https://github.com/advisories/GHSA-xvch-5gv4-984h","title":"t","severity":"high"}]}}}'
    const [result] = readScanText(text)
    expect(result.findings.map((finding) => finding.kind === 'vulnerability' && finding.packageName)).toEqual(['evil'])
    expect(({} as Record<string, unknown>).name).toBeUndefined()
  })

  it('reads deeply nested JSON without running out of stack', () => {
    const deep =
      '{"version":"2.1.0","runs":[{"tool":{"driver":{"name":"x"}},"results":[],"properties":' +
      '['.repeat(50_000) +
      ']'.repeat(50_000) +
      '}]}'
    expect(readScanText(deep)[0].findings).toEqual([])
  })

  it('reads a SARIF log of 20 runs of 25,000 results', () => {
    const results = Array.from({ length: 25_000 }, (_, index) => ({
      ruleId: `rule-${index % 50}`,
      level: 'warning',
      message: { text: `finding ${index}` },
      locations: [
        { physicalLocation: { artifactLocation: { uri: `src/file-${index % 400}.ts` }, region: { startLine: index } } },
      ],
    }))
    const log = {
      version: '2.1.0',
      runs: Array.from({ length: 20 }, (_, run) => ({ tool: { driver: { name: `tool-${run}` } }, results })),
    }
    const read = readDocument(log)
    expect(read).toHaveLength(20)
    expect(read.reduce((sum, run) => sum + run.findings.length, 0)).toBe(500_000)
  }, 60_000)

  it('reads a 100 MB file, and refuses one over 512 MB before parsing it', () => {
    const padding = 'x'.repeat(1_000)
    const results = Array.from({ length: 95_000 }, (_, index) => ({
      ruleId: `rule-${index % 50}`,
      message: { text: `finding ${index} ${padding}` },
      locations: [{ physicalLocation: { artifactLocation: { uri: `src/f-${index}.ts` }, region: { startLine: 1 } } }],
    }))
    const bytes = encode(JSON.stringify({ version: '2.1.0', runs: [{ tool: { driver: { name: 'big' } }, results }] }))
    expect(bytes.length).toBeGreaterThan(100 * 1024 * 1024)
    const [run] = readScanText(decodeText(bytes))
    expect(run.findings).toHaveLength(95_000)
    const huge = { length: 513 * 1024 * 1024, subarray: () => new Uint8Array(1) } as unknown as Uint8Array
    expect(() => decodeText(huge)).toThrow('The file is 513 MB; Vigil reads files up to 512 MB.')
  }, 120_000)
})

const anyJson = fc.jsonValue({ maxDepth: 6 })
/** Objects shaped like each format at the top, with anything below. */
const formatShaped = fc.oneof(
  fc.record({ version: fc.constantFrom('2.1.0', '1.0.0', 2), runs: fc.array(anyJson) }),
  fc.record({
    bomFormat: fc.constant('CycloneDX'),
    specVersion: fc.constantFrom('1.4', '1.5', '1.7', 1.5),
    vulnerabilities: anyJson,
    components: anyJson,
    metadata: anyJson,
  }),
  fc.record({ auditReportVersion: fc.constantFrom(2, 1, '2'), vulnerabilities: fc.dictionary(fc.string(), anyJson) }),
  fc.record({ SchemaVersion: fc.constant(2), ArtifactName: anyJson, Results: fc.array(anyJson) }),
  fc.record({
    matches: fc.array(fc.record({ vulnerability: anyJson, artifact: anyJson, relatedVulnerabilities: anyJson })),
    descriptor: fc.constant({ name: 'grype' }),
  }),
  fc.record({
    results: fc.array(
      fc.record({
        source: anyJson,
        packages: fc.array(fc.record({ package: anyJson, vulnerabilities: anyJson, groups: anyJson })),
      }),
    ),
  }),
)

/** Runs a reader, letting only its own ReaderError through. */
const onlyReaderErrors =
  <T>(read: (input: T) => unknown) =>
  (input: T) => {
    try {
      read(input)
    } catch (error) {
      if (!(error instanceof ReaderError)) throw error
    }
  }

describe('no input makes a reader throw anything but its own error', () => {
  it('holds for any JSON and for anything shaped like a supported format', () => {
    fc.assert(fc.property(fc.oneof(anyJson, formatShaped), onlyReaderErrors(readDocument)), { numRuns: 800 })
  })

  it('holds for any text', () => {
    fc.assert(fc.property(fc.string(), onlyReaderErrors(readScanText)), { numRuns: 300 })
  })
})

describe('severity', () => {
  it("uses GitHub's bands, and Unknown when there is no score", () => {
    expect([9, 8.9, 7, 6.9, 4, 3.9, 0.1, 0, undefined, NaN, 11].map(severityOfScore)).toEqual([
      'Critical',
      'High',
      'High',
      'Medium',
      'Medium',
      'Low',
      'Low',
      'Unknown',
      'Unknown',
      'Unknown',
      'Unknown',
    ])
  })

  it('reads the tools’ severity words, and nothing else as a severity', () => {
    expect(['CRITICAL', 'High', 'moderate', 'low', 'Negligible', 'info', 'UNKNOWN', 3].map(severityOfWord)).toEqual([
      'Critical',
      'High',
      'Medium',
      'Low',
      'Low',
      'Unknown',
      'Unknown',
      'Unknown',
    ])
  })

  it('scores CVSS 2.0, 3.0, 3.1 and 4.0 vectors, and nothing for a broken one', () => {
    expect(scoreVector('AV:N/AC:L/Au:N/C:P/I:P/A:P')).toMatchObject({ version: '2.0', score: 7.5 })
    expect(scoreVector('CVSS:3.0/AV:N/AC:L/PR:N/UI:R/S:U/C:L/I:L/A:N')).toMatchObject({ version: '3.0', score: 5.4 })
    expect(scoreVector('CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H')).toMatchObject({ version: '3.1', score: 9.8 })
    expect(scoreVector('CVSS:4.0/AV:N/AC:L/AT:N/PR:N/UI:N/VC:H/VI:H/VA:H/SC:N/SI:N/SA:N')).toMatchObject({
      version: '4.0',
      score: 9.3,
    })
    expect(scoreVector('CVSS:3.1/AV:X/garbage')).toBeUndefined()
    expect(scoreVector(7.5)).toBeUndefined()
  })
})
