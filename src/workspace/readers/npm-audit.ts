import { asArray, asNumber, asObject, asText, isObject, own, plural, unique, type JsonObject } from '@/workspace/json'
import { ReaderError, type ReadResult, type VulnerabilityFinding } from '@/workspace/model'
import { scoreVector, severityOfScore, severityOfWord } from '@/workspace/severity'

const GHSA = /GHSA(?:-[23456789cfghjmpqrvwx]{4}){3}/i

/** The `fixAvailable` of a package: a version to move to, or undefined when there is none. */
function fixOf(fixAvailable: unknown): string | undefined {
  if (isObject(fixAvailable)) {
    const name = asText(own(fixAvailable, 'name'))
    const version = asText(own(fixAvailable, 'version'))
    return name && version ? `${name}@${version}` : version
  }
  return fixAvailable === true ? 'available (npm audit fix)' : undefined
}

/**
 * Reads `npm audit --json` of npm 7 and later (auditReportVersion 2). Each advisory a package is
 * vulnerable to `via` is a finding; a package vulnerable only through another package is counted
 * where the advisory is, not again.
 */
export function readNpmAudit(report: JsonObject): ReadResult {
  if (own(report, 'auditReportVersion') !== 2) {
    throw new ReaderError(
      'This is an npm audit report of npm 6 or older; Vigil reads the report of npm 7 and later (auditReportVersion 2).',
    )
  }
  const findings: VulnerabilityFinding[] = []
  let unscored = 0
  const packages = asObject(own(report, 'vulnerabilities'))
  for (const key of Object.keys(packages)) {
    const entry = asObject(own(packages, key))
    const packageName = asText(own(entry, 'name')) ?? key
    const nodes = asArray(own(entry, 'nodes')).filter((node): node is string => typeof node === 'string')
    for (const via of asArray(own(entry, 'via'))) {
      if (!isObject(via)) continue // the name of another vulnerable package: counted there
      const url = asText(own(via, 'url'))
      const ghsa = url ? GHSA.exec(url)?.[0] : undefined
      const source = asNumber(own(via, 'source'))
      const advisoryId = ghsa ?? (source !== undefined ? `npm-${source}` : undefined)
      if (!advisoryId) continue
      const cvssEntry = asObject(own(via, 'cvss'))
      const cvss = scoreVector(own(cvssEntry, 'vectorString'))
      const score = cvss?.score ?? asNumber(own(cvssEntry, 'score'))
      const word = asText(own(via, 'severity')) ?? asText(own(entry, 'severity'))
      const severity = score ? severityOfScore(score) : severityOfWord(word)
      if (severity === 'Unknown') unscored += 1
      const range = asText(own(via, 'range'))
      findings.push({
        kind: 'vulnerability',
        key: `${advisoryId}|${packageName}@${range ?? ''}`,
        tool: 'npm audit',
        advisoryId,
        aliases: [],
        title: asText(own(via, 'title')) ?? advisoryId,
        description: range ? `Affected versions: ${range}` : '',
        severity,
        toolSeverity: word,
        cvss,
        cwes: asArray(own(via, 'cwe')).filter((cwe): cwe is string => typeof cwe === 'string'),
        packageName,
        packageVersion: range,
        ecosystem: 'npm',
        fixedVersion: fixOf(own(entry, 'fixAvailable')),
        location: nodes[0] ? { file: nodes[0] } : { file: 'package-lock.json' },
        url,
      })
    }
  }
  return {
    format: 'npm-audit',
    tool: 'npm audit',
    findings,
    warnings: unscored ? [`${plural(unscored, 'advisory', 'advisories')} had no severity: shown as Unknown`] : [],
    files: ['package.json'],
    ecosystems: unique(findings.length ? ['npm'] : []),
  }
}
