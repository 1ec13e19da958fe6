import {
  emptyCounts,
  enforcementStatuses,
  findingSeverities,
  type PolicyViolation,
  type Vulnerability,
} from '@/data/findings'
import type { Organisation, RepositoryFindings } from '@/data/organisation'
import type { Repository, TabSummary } from '@/data/repositories'
import { plural } from '@/lib/format'
import { relativeTime } from '@/data/relative-time'
import type { ApiEndpoint } from '@/data/endpoints'
import type { EndpointFinding, Finding, PolicyIssueFinding, VulnerabilityFinding } from './model'
import { dedupe, emptyApiSummary, type RepositorySummary } from './store'

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
      fixedVersion: finding.fixedVersion,
      aliases: finding.aliases,
      cvss: finding.cvss,
      epss: finding.epss,
      tool: finding.tool,
      toolSeverity: finding.toolSeverity,
      url: finding.url,
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
  const exposure = (endpoint: EndpointFinding) =>
    (endpoint.pii || endpoint.pci || endpoint.phi ? 0 : 2) + (endpoint.auth === 'None' ? 0 : 1)
  return [...findings]
    .sort((a, b) => exposure(a) - exposure(b) || a.path.localeCompare(b.path) || a.method.localeCompare(b.method))
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

/** A repository of the workspace as the lists show it. */
export function repositoryOf(summary: RepositorySummary, now: number): Repository {
  const scanned = Date.parse(summary.scannedAt)
  return {
    id: `workspace:${summary.name}`,
    name: summary.name,
    description: summary.description || `Scanned by ${summary.tools.join(', ') || 'no tool yet'}`,
    url: summary.url,
    language: summary.languages[0] ?? '',
    languages: summary.languages,
    stars: 0,
    lastUpdated: relativeTime(Number.isNaN(scanned) ? 0 : Math.max(0, (now - scanned) / 60_000)),
    isPrivate: summary.isPrivate,
    apiCount: (summary.apis ?? emptyApiSummary()).endpoints,
    policyViolations: summary.counts.policyIssues,
    vulnerabilities: summary.counts.vulnerabilities,
    tabSummary: tabSummaryOf(summary),
  }
}

/** The summary card's texts for an imported repository, from its counts. */
function tabSummaryOf({ counts, tools, apis = emptyApiSummary() }: RepositorySummary): TabSummary {
  const { bySeverity, byEnforcement } = counts
  const unknown = bySeverity.Unknown ? `, ${bySeverity.Unknown} of unknown severity` : ''
  return {
    policyIssues: `${plural(counts.policyIssues, 'policy issue')}, ${byEnforcement.Mandatory} of them mandatory, from ${tools.join(', ') || 'no scan yet'}.`,
    vulnerabilities: `${plural(counts.vulnerabilities, 'vulnerability', 'vulnerabilities')}: ${bySeverity.Critical} critical, ${bySeverity.High} high, ${bySeverity.Medium} medium, ${bySeverity.Low} low${unknown}.`,
    apiSurface:
      apis.endpoints === 0
        ? 'No API description has been imported for this repository.'
        : `${plural(apis.endpoints, 'endpoint')} from ${plural(apis.documents.length, 'API description')}: ${apis.sensitive} handle personal, card or health data, ${apis.exposed} of them with no authentication.`,
    securityContext: 'Imported scans do not describe the security context yet.',
    sourceGraph: 'Imported scans do not describe the source graph yet.',
  }
}

/** The workspace as a data source: summaries up front, findings read from storage when opened. */
export function workspaceOrganisation(
  summaries: RepositorySummary[],
  loadFindings: (repository: string) => Promise<Finding[]>,
  now = Date.now(),
): Organisation {
  const sorted = [...summaries].sort((a, b) => a.name.localeCompare(b.name))
  const repositories = sorted.map((summary) => repositoryOf(summary, now))
  const byName = new Map(
    repositories.map((repository, index) => [repository.name, { repository, summary: sorted[index] }]),
  )
  return {
    kind: 'workspace',
    repositories,
    findRepository: (name) => byName.get(name)?.repository,
    endpointStats: (repository) => {
      const apis = byName.get(repository.name)?.summary.apis ?? emptyApiSummary()
      return { sensitive: apis.sensitive, exposed: apis.exposed }
    },
    findingCounts: (repository) => byName.get(repository.name)?.summary.counts ?? emptyCounts(),
    // Two tools reporting one advisory for one package show it once (the first tool's words).
    findings: async (repository) => findingViews(dedupe(await loadFindings(repository.name))),
  }
}
