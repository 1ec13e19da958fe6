import { asArray, asNumber, asObject, asObjects, asText, own, plural, unique, type JsonObject } from '@/workspace/json'
import type { CvssScore, ReadResult, VulnerabilityFinding } from '@/workspace/model'
import { preferredScore, scoreVector, severityOfScore, severityOfWord } from '@/workspace/severity'

/** The advisory id Vigil shows: a CVE among the id and aliases when there is one, else the id. */
export function primaryAdvisoryId(id: string, aliases: string[]): string {
  return [id, ...aliases].find((candidate) => /^CVE-/i.test(candidate)) ?? id
}

/** CVSS scores from an OSV `severity` list ({type: CVSS_V3, score: 'CVSS:3.1/…'}). */
export function osvScores(severity: unknown): (CvssScore | undefined)[] {
  return asObjects(severity).map((entry) => scoreVector(own(entry, 'score')))
}

/** The first version an OSV entry says fixes the package (ranges' `fixed` events). */
export function osvFixedVersion(entry: JsonObject, packageName: string): string | undefined {
  for (const affected of asObjects(own(entry, 'affected'))) {
    const name = asText(own(asObject(own(affected, 'package')), 'name'))
    if (name && name !== packageName) continue
    for (const range of asObjects(own(affected, 'ranges'))) {
      for (const event of asObjects(own(range, 'events'))) {
        const fixed = asText(own(event, 'fixed'))
        if (fixed) return fixed
      }
    }
  }
  return undefined
}

/** An OSV entry's severity word (GitHub's `database_specific.severity`), if any. */
function osvSeverityWord(entry: JsonObject): string | undefined {
  return (
    asText(own(asObject(own(entry, 'database_specific')), 'severity')) ??
    asObjects(own(entry, 'affected'))
      .map((affected) => asText(own(asObject(own(affected, 'database_specific')), 'severity')))
      .find(Boolean)
  )
}

/** Reads OSV-Scanner's JSON output (`osv-scanner --format json`): results → packages → vulnerabilities. */
export function readOsvScanner(report: JsonObject): ReadResult {
  const findings: VulnerabilityFinding[] = []
  const ecosystems: string[] = []
  const files: string[] = []
  let unscored = 0
  for (const result of asObjects(own(report, 'results'))) {
    const sourcePath = asText(own(asObject(own(result, 'source')), 'path'))
    if (sourcePath) files.push(sourcePath)
    for (const entry of asObjects(own(result, 'packages'))) {
      const pkg = asObject(own(entry, 'package'))
      const packageName = asText(own(pkg, 'name')) ?? 'unknown package'
      const packageVersion = asText(own(pkg, 'version'))
      const ecosystem = asText(own(pkg, 'ecosystem'))
      if (ecosystem) ecosystems.push(ecosystem)
      // OSV-Scanner groups aliases of one advisory; its max_severity is a CVSS score as text.
      const groups = asObjects(own(entry, 'groups'))
      const seen = new Set<string>()
      for (const vulnerability of asObjects(own(entry, 'vulnerabilities'))) {
        const id = asText(own(vulnerability, 'id'))
        if (!id || seen.has(id)) continue
        const group = groups.find((candidate) => asArray(own(candidate, 'ids')).includes(id))
        const groupIds = asArray(own(group ?? {}, 'ids')).filter((value): value is string => typeof value === 'string')
        for (const member of groupIds) seen.add(member)
        const aliases = unique(
          [...asArray(own(vulnerability, 'aliases')), ...groupIds].filter(
            (alias): alias is string => typeof alias === 'string' && alias !== id,
          ),
        )
        const cvss = preferredScore(osvScores(own(vulnerability, 'severity')))
        const word = osvSeverityWord(vulnerability)
        const groupScore = asNumber(own(group ?? {}, 'max_severity'))
        const severity =
          cvss !== undefined
            ? severityOfScore(cvss.score)
            : groupScore !== undefined
              ? severityOfScore(groupScore)
              : severityOfWord(word)
        if (severity === 'Unknown') unscored += 1
        const advisoryId = primaryAdvisoryId(id, aliases)
        findings.push({
          kind: 'vulnerability',
          key: `${advisoryId}|${packageName}@${packageVersion ?? ''}`,
          tool: 'OSV-Scanner',
          advisoryId,
          aliases: unique([id, ...aliases].filter((alias) => alias !== advisoryId)),
          title: asText(own(vulnerability, 'summary')) ?? advisoryId,
          description: asText(own(vulnerability, 'details')) ?? '',
          severity,
          toolSeverity: word ?? (groupScore !== undefined ? String(groupScore) : undefined),
          cvss,
          cwes: asArray(own(asObject(own(vulnerability, 'database_specific')), 'cwe_ids')).filter(
            (cwe): cwe is string => typeof cwe === 'string',
          ),
          packageName,
          packageVersion,
          ecosystem,
          fixedVersion: osvFixedVersion(vulnerability, packageName),
          location: sourcePath ? { file: sourcePath } : undefined,
        })
      }
    }
  }
  return {
    format: 'osv-scanner',
    tool: 'OSV-Scanner',
    findings,
    warnings: unscored ? [`${plural(unscored, 'advisory', 'advisories')} had no severity: shown as Unknown`] : [],
    files: unique(files),
    ecosystems: unique(ecosystems),
  }
}
