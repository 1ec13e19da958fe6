import type { EnforcementStatus } from '@/data/findings'
import { asArray, asNumber, asObject, asObjects, asText, own, plural, unique, type JsonObject } from '@/workspace/json'
import type { CvssScore, Finding, ReadResult } from '@/workspace/model'
import { repositoryNameOf } from '@/workspace/repository-name'
import { preferredScore, scoreVector, severityOfScore, severityOfWord } from '@/workspace/severity'
import { primaryAdvisoryId } from './osv'

/** Trivy misconfiguration severity -> enforcement of the policy issue. */
const enforcementOf: Record<string, EnforcementStatus> = {
  CRITICAL: 'Mandatory',
  HIGH: 'Mandatory',
  MEDIUM: 'Recommended',
  LOW: 'Optional',
  UNKNOWN: 'Optional',
}

/** Every CVSS vector Trivy gives, from every source (nvd, ghsa, redhat...). */
function trivyScores(cvss: JsonObject): (CvssScore | undefined)[] {
  return Object.values(cvss).flatMap((source) => {
    const entry = asObject(source)
    return [
      scoreVector(own(entry, 'V40Vector')),
      scoreVector(own(entry, 'V3Vector')),
      scoreVector(own(entry, 'V2Vector')),
    ]
  })
}

/** Reads Trivy's JSON output (schema 2): vulnerabilities, and misconfigurations as policy issues. */
export function readTrivy(report: JsonObject): ReadResult {
  const findings: Finding[] = []
  const ecosystems: string[] = []
  const files: string[] = []
  let unscored = 0
  let passed = 0
  for (const result of asObjects(own(report, 'Results'))) {
    const target = asText(own(result, 'Target')) ?? ''
    const type = asText(own(result, 'Type'))
    if (target) files.push(target)
    for (const vulnerability of asObjects(own(result, 'Vulnerabilities'))) {
      const id = asText(own(vulnerability, 'VulnerabilityID'))
      if (!id) continue
      const aliases = unique(
        asArray(own(vulnerability, 'VendorIDs')).filter(
          (alias): alias is string => typeof alias === 'string' && alias !== id,
        ),
      )
      const advisoryId = primaryAdvisoryId(id, aliases)
      const cvss = preferredScore(trivyScores(asObject(own(vulnerability, 'CVSS'))))
      const word = asText(own(vulnerability, 'Severity'))
      const severity = cvss ? severityOfScore(cvss.score) : severityOfWord(word)
      if (severity === 'Unknown') unscored += 1
      if (type) ecosystems.push(type)
      const packageName = asText(own(vulnerability, 'PkgName')) ?? 'unknown package'
      const packageVersion = asText(own(vulnerability, 'InstalledVersion'))
      findings.push({
        kind: 'vulnerability',
        key: `${advisoryId}|${packageName}@${packageVersion ?? ''}`,
        tool: 'Trivy',
        advisoryId,
        aliases: unique([id, ...aliases].filter((alias) => alias !== advisoryId)),
        title: asText(own(vulnerability, 'Title')) ?? advisoryId,
        description: asText(own(vulnerability, 'Description')) ?? '',
        severity,
        toolSeverity: word,
        cvss,
        cwes: asArray(own(vulnerability, 'CweIDs')).filter((cwe): cwe is string => typeof cwe === 'string'),
        packageName,
        packageVersion,
        ecosystem: type,
        fixedVersion: asText(own(vulnerability, 'FixedVersion'))?.split(',')[0].trim(),
        location: target ? { file: asText(own(vulnerability, 'PkgPath')) ?? target } : undefined,
        url: asText(own(vulnerability, 'PrimaryURL')),
      })
    }
    for (const misconfiguration of asObjects(own(result, 'Misconfigurations'))) {
      if (asText(own(misconfiguration, 'Status')) === 'PASS') {
        passed += 1
        continue
      }
      const ruleId = asText(own(misconfiguration, 'AVDID')) ?? asText(own(misconfiguration, 'ID'))
      if (!ruleId) continue
      const cause = asObject(own(misconfiguration, 'CauseMetadata'))
      const line = asNumber(own(cause, 'StartLine'))
      const word = asText(own(misconfiguration, 'Severity'))
      findings.push({
        kind: 'policy-issue',
        key: `${ruleId}|${target}:${line ?? ''}`,
        tool: 'Trivy',
        ruleId,
        title: asText(own(misconfiguration, 'Title')) ?? ruleId,
        message: [asText(own(misconfiguration, 'Message')), asText(own(misconfiguration, 'Resolution'))]
          .filter(Boolean)
          .join(' '),
        enforcementStatus: enforcementOf[word?.toUpperCase() ?? 'UNKNOWN'] ?? 'Optional',
        severity: severityOfWord(word),
        toolSeverity: word,
        cwes: [],
        helpUri: asText(own(misconfiguration, 'PrimaryURL')),
        location: target ? { file: target, line: line && line > 0 ? line : undefined } : undefined,
      })
    }
  }
  const warnings: string[] = []
  if (unscored)
    warnings.push(`${plural(unscored, 'vulnerability', 'vulnerabilities')} had no severity: shown as Unknown`)
  if (passed) warnings.push(`${plural(passed, 'passed check')} left out`)
  const artifactType = asText(own(report, 'ArtifactType'))
  const artifact = asText(own(report, 'ArtifactName'))
  return {
    format: 'trivy',
    tool: 'Trivy',
    // A filesystem scan names the scanned path (often "."): only a repository or image names the project.
    repository: artifact && artifact !== '.' && artifactType !== 'filesystem' ? repositoryNameOf(artifact) : undefined,
    scannedAt: asText(own(report, 'CreatedAt')),
    findings,
    warnings,
    files: unique(files),
    ecosystems: unique(ecosystems),
  }
}
