import { enforcementStatuses, findingSeverities, type PolicyViolation, type Vulnerability } from '@/data/findings'
import type { RepositoryFindings } from '@/data/data-source'
import { exposureRank, type ApiEndpoint } from '@/data/endpoints'
import type { EndpointFinding, Finding, PolicyIssueFinding, VulnerabilityFinding } from '@/workspace/model/model'

/** How the screens show stored findings: policy issues grouped by rule, vulnerabilities and endpoints in order. */

const where = (finding: { location?: { file: string; line?: number } }) =>
  finding.location ? `${finding.location.file}${finding.location.line ? `:${finding.location.line}` : ''}` : undefined

/** Policy issues grouped by rule (per tool), each with every file:line, the strictest enforcement first. */
export function groupPolicyIssues(findings: PolicyIssueFinding[]): PolicyViolation[] {
  const groups = new Map<string, PolicyIssueFinding[]>()
  for (const finding of findings) {
    const key = `${finding.tool}\u0000${finding.ruleId}`
    const group = groups.get(key)
    if (group) group.push(finding)
    else groups.set(key, [finding])
  }
  return [...groups.values()]
    .map((group) => {
      const [first] = group
      const enforcementStatus = enforcementStatuses.find((status) =>
        group.some((finding) => finding.enforcementStatus === status),
      )!
      return {
        id: `${first.tool}:${first.ruleId}`,
        title: first.title,
        enforcementStatus,
        description: first.message && first.message !== first.title ? first.message : '',
        relevantFiles: [...new Set(group.flatMap((finding) => where(finding) ?? []))],
        rule: first.ruleId,
        tool: first.tool,
        cwes: [...new Set(group.flatMap((finding) => finding.cwes))],
        helpUri: first.helpUri,
        severity: findingSeverities.find((severity) => group.some((finding) => finding.severity === severity)),
        category: first.category,
        keys: group.map((finding) => finding.key),
      }
    })
    .sort(
      (a, b) =>
        enforcementStatuses.indexOf(a.enforcementStatus) - enforcementStatuses.indexOf(b.enforcementStatus) ||
        b.relevantFiles.length - a.relevantFiles.length ||
        a.rule.localeCompare(b.rule),
    )
}

/** Vulnerabilities as the details screen shows them, most severe first. */
export function vulnerabilityViews(findings: VulnerabilityFinding[]): Vulnerability[] {
  return findings
    .map((finding) => ({
      id: `${finding.tool}:${finding.key}`,
      title: finding.title,
      severity: finding.severity,
      description: finding.description,
      file: finding.location?.file,
      line: finding.location?.line,
      cve: finding.advisoryId,
      package: finding.packageName,
      packageVersion: finding.packageVersion,
      ecosystem: finding.ecosystem,
      fixedVersion: finding.fixedVersion,
      aliases: finding.aliases,
      cvss: finding.cvss,
      epss: finding.exploit?.epss?.score ?? finding.epss,
      tool: finding.tool,
      toolSeverity: finding.toolSeverity,
      url: finding.url,
      key: finding.key,
      advice: finding.advice,
      affectedRange: finding.affectedRange,
      purl: finding.purl,
      cwes: finding.cwes.length > 0 ? finding.cwes : undefined,
      exploit: finding.exploit && {
        epss: finding.exploit.epss,
        knownExploited: (finding.exploit.knownExploited?.length ?? 0) > 0 || undefined,
        risk: finding.exploit.risk,
      },
      vex:
        finding.vexStatus || finding.analysis
          ? {
              status: finding.vexStatus,
              state: finding.analysis?.state,
              justification: finding.analysis?.justification,
              response: finding.analysis?.response,
              detail: finding.analysis?.detail,
            }
          : undefined,
    }))
    .sort(
      (a, b) =>
        findingSeverities.indexOf(a.severity) - findingSeverities.indexOf(b.severity) ||
        (b.cvss?.score ?? 0) - (a.cvss?.score ?? 0) ||
        a.cve.localeCompare(b.cve),
    )
}

/** Endpoints as the API Surface tab shows them: the sensitive ones without auth first, then by path. */
export function endpointViews(findings: EndpointFinding[]): ApiEndpoint[] {
  return [...findings]
    .sort(
      (a, b) => exposureRank(a) - exposureRank(b) || a.path.localeCompare(b.path) || a.method.localeCompare(b.method),
    )
    .map((finding) => ({
      id: `${finding.tool}:${finding.key}`,
      method: finding.method,
      path: finding.path,
      auth: finding.auth,
      pii: finding.pii,
      pci: finding.pci,
      phi: finding.phi,
      description: finding.summary ?? '',
      reasons: finding.reasons,
      document: finding.tool,
      authDeclared: finding.authDeclared,
      authSchemes: finding.authSchemes,
      channel: finding.channel,
      operationId: finding.operationId,
      tags: finding.tags,
      deprecated: finding.deprecated,
    }))
}

export function findingViews(findings: Finding[]): RepositoryFindings {
  return {
    endpoints: endpointViews(findings.filter((finding): finding is EndpointFinding => finding.kind === 'endpoint')),
    violations: groupPolicyIssues(
      findings.filter((finding): finding is PolicyIssueFinding => finding.kind === 'policy-issue'),
    ),
    vulnerabilities: vulnerabilityViews(
      findings.filter((finding): finding is VulnerabilityFinding => finding.kind === 'vulnerability'),
    ),
  }
}
