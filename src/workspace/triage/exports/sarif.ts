import { statementOf, isSuppressed, routed, type DecidedFinding } from './routing'

export const sarifSchemaUri =
  'https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json'

const levelOf = (severity: string): 'error' | 'warning' | 'note' =>
  severity === 'Critical' || severity === 'High' ? 'error' : severity === 'Medium' ? 'warning' : 'note'

/** A path as a SARIF URI reference: slashes kept, anything else a URI cannot hold escaped. */
const uriOf = (path: string) => path.replace(/\\/g, '/').split('/').map(encodeURIComponent).join('/')

/**
 * A SARIF 2.1.0 log that re-emits the code findings, one run per tool, each decided not affected,
 * false positive or accepted risk (in force) carrying an external, accepted suppression whose
 * justification is the decision in words; the others carry none, so a code-scanning service keeps
 * them open. Undefined when there is no code finding.
 */
export function exportSarif(items: readonly DecidedFinding[]): string | undefined {
  const runs = new Map<string, { rules: Set<string>; results: object[] }>()
  for (const { finding, decision } of routed('sarif', items)) {
    let run = runs.get(finding.tool)
    if (run === undefined) {
      run = { rules: new Set(), results: [] }
      runs.set(finding.tool, run)
    }
    const ruleId = finding.ruleId ?? finding.key
    run.rules.add(ruleId)
    run.results.push({
      ruleId,
      level: finding.level ?? levelOf(finding.severity),
      message: { text: finding.message?.trim() || ruleId },
      ...(finding.file
        ? {
            locations: [
              {
                physicalLocation: {
                  artifactLocation: { uri: uriOf(finding.file) },
                  ...(finding.line && finding.line > 0 ? { region: { startLine: finding.line } } : {}),
                },
              },
            ],
          }
        : {}),
      suppressions: isSuppressed(decision)
        ? [{ kind: 'external', status: 'accepted', justification: statementOf(decision.entry!) }]
        : [],
    })
  }
  if (runs.size === 0) return undefined
  const log = {
    $schema: sarifSchemaUri,
    version: '2.1.0',
    runs: [...runs.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([tool, { rules, results }]) => ({
        tool: { driver: { name: tool, rules: [...rules].sort().map((id) => ({ id })) } },
        results,
      })),
  }
  return `${JSON.stringify(log, null, 2)}\n`
}
