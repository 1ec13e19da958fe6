// Generated SARIF logs for the import benchmark: shaped like a real SAST tool's output (rules with
// tags and help, results with locations, fingerprints and message arguments), sized by result count.

const words = ['input', 'query', 'header', 'cookie', 'body', 'param', 'path', 'token', 'session', 'payload']

/** A SARIF 2.1.0 log of `runs` runs, each of `results` results over `rules` rules. */
export function sarifLog({ runs, results, rules = 120, padding = 0 }) {
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
