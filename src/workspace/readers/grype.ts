import { asArray, asNumber, asObject, asObjects, asText, own, plural, unique, type JsonObject } from '@/workspace/json'
import type { ReadResult, VulnerabilityFinding } from '@/workspace/model'
import { preferredScore, scoreVector, severityOfScore, severityOfWord } from '@/workspace/severity'
import { primaryAdvisoryId } from './osv'

const strings = (value: unknown) => asArray(value).filter((item): item is string => typeof item === 'string')

/** Reads Grype's JSON output (`grype -o json`): one finding per match of an advisory to an artifact. */
export function readGrype(report: JsonObject): ReadResult {
  const descriptor = asObject(own(report, 'descriptor'))
  const source = asObject(own(report, 'source'))
  const target = own(source, 'target')
  const findings: VulnerabilityFinding[] = []
  const ecosystems: string[] = []
  const files: string[] = []
  let unscored = 0
  for (const match of asObjects(own(report, 'matches'))) {
    const vulnerability = asObject(own(match, 'vulnerability'))
    const artifact = asObject(own(match, 'artifact'))
    const id = asText(own(vulnerability, 'id'))
    if (!id) continue
    const related = asObjects(own(match, 'relatedVulnerabilities'))
    const aliases = unique(
      related.map((entry) => asText(own(entry, 'id'))).filter((alias): alias is string => !!alias && alias !== id),
    )
    const advisoryId = primaryAdvisoryId(id, aliases)
    const cvss = preferredScore(
      [vulnerability, ...related].flatMap((entry) =>
        asObjects(own(entry, 'cvss')).map((score) => scoreVector(own(score, 'vector'))),
      ),
    )
    const word = asText(own(vulnerability, 'severity'))
    const severity = cvss ? severityOfScore(cvss.score) : severityOfWord(word)
    if (severity === 'Unknown') unscored += 1
    const packageName = asText(own(artifact, 'name')) ?? 'unknown package'
    const packageVersion = asText(own(artifact, 'version'))
    const ecosystem = asText(own(artifact, 'type'))
    if (ecosystem) ecosystems.push(ecosystem)
    const path = asText(own(asObjects(own(artifact, 'locations'))[0] ?? {}, 'path'))
    if (path) files.push(path)
    const fix = asObject(own(vulnerability, 'fix'))
    const epss = asObjects(own(vulnerability, 'epss'))
      .map((entry) => asNumber(own(entry, 'epss')))
      .find((value) => value !== undefined)
    const description =
      asText(own(vulnerability, 'description')) ??
      related.map((entry) => asText(own(entry, 'description'))).find(Boolean) ??
      ''
    findings.push({
      kind: 'vulnerability',
      key: `${advisoryId}|${packageName}@${packageVersion ?? ''}`,
      tool: 'Grype',
      advisoryId,
      aliases: unique([id, ...aliases].filter((alias) => alias !== advisoryId)),
      title: description.split('\n')[0] || advisoryId,
      description,
      severity,
      toolSeverity: word,
      cvss,
      epss,
      cwes: [],
      packageName,
      packageVersion,
      ecosystem,
      fixedVersion: asText(own(fix, 'state')) === 'fixed' ? strings(own(fix, 'versions'))[0] : undefined,
      location: path ? { file: path.replace(/^\/+/, '') } : undefined,
      url: asText(own(vulnerability, 'dataSource')),
    })
  }
  const targetName = typeof target === 'string' ? target : asText(own(asObject(target), 'userInput'))
  return {
    format: 'grype',
    tool: 'Grype',
    repository: asText(own(source, 'type')) === 'directory' ? undefined : targetName,
    scannedAt: asText(own(descriptor, 'timestamp')),
    findings,
    warnings: unscored ? [`${plural(unscored, 'match', 'matches')} had no severity: shown as Unknown`] : [],
    files: unique(files),
    ecosystems: unique(ecosystems),
  }
}
