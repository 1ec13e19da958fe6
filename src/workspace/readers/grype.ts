import { canonicalAdvisory } from '@/workspace/model/advisory-ids'
import { FindingCollector } from '@/workspace/model/duplicate-findings'
import { findingKey, runIdOf } from '@/workspace/model/finding-keys'
import { packageIdentity } from '@/workspace/model/package-identity'
import {
  asArray,
  asIsoTime,
  asNumber,
  asObject,
  asObjects,
  asStrings,
  asText,
  own,
  plural,
  unique,
  type JsonObject,
} from '@/workspace/files/json'
import type {
  EpssScore,
  ExploitSignals,
  KnownExploited,
  ReadOptions,
  ReadResult,
  VulnerabilityFinding,
} from '@/workspace/model/model'
import { imageName, isLocalPath } from '@/workspace/model/repository-name'
import { preferredScore, scoreVector, severityOfScore, severityOfWord } from '@/workspace/model/severity'
import { fixAbove, schemeOf } from '@/workspace/model/versions'

/** What Grype's fix state says when it names no fixed version. */
const adviceOfState = new Map<string, string>([
  ['not-fixed', 'No fixed version has been published yet.'],
  ['wont-fix', 'The vendor will not fix this.'],
])

/** An image as Grype's user input names it, without a source scheme (`docker:`, `registry:`...). */
const withoutScheme = (input: string) =>
  input.replace(/^(docker|podman|containerd|registry|docker-archive|oci-archive|oci-dir|singularity):/, '')

/** The image reference a Grype source names, without its tag and digest; none for a local archive. */
function imageOf(source: JsonObject): string | undefined {
  const target = own(source, 'target')
  const object = asObject(target)
  const candidates = [
    typeof target === 'string' ? target : asText(own(object, 'userInput')),
    ...asStrings(own(object, 'tags')),
    ...asStrings(own(object, 'repoDigests')),
  ]
  const reference = candidates
    .filter((candidate): candidate is string => !!candidate)
    .map(withoutScheme)
    .find((candidate) => !isLocalPath(candidate))
  return reference ? imageName(reference) : undefined
}

/**
 * The run a report is: its source's type and target (an image without its tag). A path on the
 * scanning machine (`dir:.`, `/src/go.sum`, an image's archive without tags) names nothing two
 * scans can be told apart by, so the file's path in the repository folder names that run; the
 * target's run is then the one an older Vigil gave it.
 */
function runOfSource(source: JsonObject, options: ReadOptions): Pick<ReadResult, 'run' | 'formerRuns'> {
  const type = asText(own(source, 'type'))
  const target = own(source, 'target')
  const image = type === 'image' ? imageOf(source) : undefined
  const name =
    image ??
    (typeof target === 'string'
      ? asText(target)
      : (asText(own(asObject(target), 'userInput')) ?? asText(own(asObject(target), 'path'))))
  if (!name) return { run: runIdOf('Grype', options.fileName) }
  const byTarget = runIdOf('Grype', `${type ?? 'source'}:${name}`)
  const local = image === undefined && (isLocalPath(withoutScheme(name)) || type === 'directory' || type === 'file')
  return local && options.fileName
    ? { run: runIdOf('Grype', options.fileName), formerRuns: [byTarget] }
    : { run: byTarget }
}

function epssOf(entries: JsonObject[], ids: string[]): EpssScore | undefined {
  const scored = entries.filter((entry) => asNumber(own(entry, 'epss')) !== undefined)
  const entry =
    scored.find((candidate) => ids.includes(asText(own(candidate, 'cve'))?.toUpperCase() ?? '')) ?? scored[0]
  if (!entry) return undefined
  return {
    score: asNumber(own(entry, 'epss'))!,
    percentile: asNumber(own(entry, 'percentile')),
    date: asText(own(entry, 'date')),
  }
}

function knownExploitedOf(entries: JsonObject[]): KnownExploited[] {
  const byCve = new Map<string, KnownExploited>()
  for (const entry of entries) {
    const cve = asText(own(entry, 'cve'))
    const key = cve ?? `#${byCve.size}`
    if (byCve.has(key)) continue
    byCve.set(key, {
      cve,
      dateAdded: asText(own(entry, 'dateAdded')),
      dueDate: asText(own(entry, 'dueDate')),
      requiredAction: asText(own(entry, 'requiredAction')),
      knownRansomwareCampaignUse: asText(own(entry, 'knownRansomwareCampaignUse')),
    })
  }
  return [...byCve.values()]
}

/** CWE ids of Grype's `cwes` entries ({cve, cwe: "CWE-79"}). */
const cwesOf = (entries: JsonObject[]) =>
  unique(
    entries
      .map((entry) => asText(own(entry, 'cwe')))
      .filter((cwe): cwe is string => !!cwe && /^CWE-\d+$/i.test(cwe))
      .map((cwe) => cwe.toUpperCase()),
  )

/** Reads Grype's JSON output (`grype -o json`): one finding per match of an advisory to an artifact. */
export function readGrype(report: JsonObject, options: ReadOptions = {}): ReadResult {
  const descriptor = asObject(own(report, 'descriptor'))
  const source = asObject(own(report, 'source'))
  const collector = new FindingCollector<VulnerabilityFinding>()
  const ecosystems: string[] = []
  const files: string[] = []
  let unscored = 0
  let unnamed = 0
  for (const match of asObjects(own(report, 'matches'))) {
    const vulnerability = asObject(own(match, 'vulnerability'))
    const artifact = asObject(own(match, 'artifact'))
    const id = asText(own(vulnerability, 'id'))
    if (!id) {
      unnamed += 1
      continue
    }
    const related = asObjects(own(match, 'relatedVulnerabilities'))
    const metadata = [vulnerability, ...related]
    const { advisoryId, aliases } = canonicalAdvisory([id, ...related.map((entry) => asText(own(entry, 'id')))])
    const cvss = preferredScore(
      metadata.flatMap((entry) => asObjects(own(entry, 'cvss')).map((score) => scoreVector(own(score, 'vector')))),
    )
    const word = asText(own(vulnerability, 'severity'))
    const severity = cvss ? severityOfScore(cvss.score) : severityOfWord(word)
    if (severity === 'Unknown') unscored += 1
    const packageName = asText(own(artifact, 'name')) ?? 'unknown package'
    const packageVersion = asText(own(artifact, 'version'))
    const ecosystem = asText(own(artifact, 'type'))
    const purl = asText(own(artifact, 'purl'))
    if (ecosystem) ecosystems.push(ecosystem)
    const path = asText(own(asObjects(own(artifact, 'locations'))[0] ?? {}, 'path'))?.replace(/^\/+/, '')
    if (path) files.push(path)
    const fix = asObject(own(vulnerability, 'fix'))
    const state = asText(own(fix, 'state'))
    // Grype suggests the fix for the installed version itself; else the lowest fix above it.
    const suggested = asObjects(own(match, 'matchDetails'))
      .map((detail) => asText(own(asObject(own(detail, 'fix')), 'suggestedVersion')))
      .find(Boolean)
    const fixedVersion =
      state === 'fixed'
        ? (suggested ?? fixAbove(packageVersion, asStrings(own(fix, 'versions')), schemeOf(ecosystem)))
        : undefined
    const ids = [advisoryId, ...aliases].map((alias) => alias.toUpperCase())
    const epss = epssOf(
      metadata.flatMap((entry) => asObjects(own(entry, 'epss'))),
      ids,
    )
    const knownExploited = knownExploitedOf(metadata.flatMap((entry) => asObjects(own(entry, 'knownExploited'))))
    // Grype writes a risk of 0 when it has nothing to score it with.
    const risk = asNumber(own(vulnerability, 'risk'))
    const exploit: ExploitSignals = {
      ...(epss ? { epss } : {}),
      ...(knownExploited.length ? { knownExploited } : {}),
      ...(risk !== undefined && risk > 0 ? { risk } : {}),
    }
    const description =
      asText(own(vulnerability, 'description')) ??
      related.map((entry) => asText(own(entry, 'description'))).find(Boolean) ??
      ''
    collector.add({
      kind: 'vulnerability',
      key: findingKey({
        kind: 'package',
        advisoryId,
        package: packageIdentity({ purl, ecosystem, name: packageName, version: packageVersion }),
        location: path,
      }),
      tool: 'Grype',
      advisoryId,
      aliases,
      title: description.split('\n')[0] || advisoryId,
      description,
      severity,
      toolSeverity: word,
      cvss,
      epss: epss?.score,
      exploit: Object.keys(exploit).length ? exploit : undefined,
      cwes: cwesOf(metadata.flatMap((entry) => asObjects(own(entry, 'cwes')))),
      packageName,
      packageVersion,
      ecosystem,
      purl,
      fixedVersion,
      advice: fixedVersion ? undefined : state ? adviceOfState.get(state) : undefined,
      location: path ? { file: path } : undefined,
      url: asText(own(vulnerability, 'dataSource')),
    })
  }
  const warnings: string[] = []
  if (unscored) warnings.push(`${plural(unscored, 'match', 'matches')} had no severity: shown as Unknown`)
  if (unnamed) warnings.push(`${plural(unnamed, 'match', 'matches')} without a vulnerability id left out`)
  const ignored = asArray(own(report, 'ignoredMatches')).length
  if (ignored)
    warnings.push(
      `${plural(ignored, 'match', 'matches')} Grype ignored (its ignore rules or a VEX document) not imported`,
    )
  if (collector.repeated)
    warnings.push(
      `${plural(collector.repeated, 'match', 'matches')} repeated in the file (the same advisory, package and place) counted once`,
    )
  return {
    format: 'grype',
    tool: 'Grype',
    ...runOfSource(source, options),
    // Only an image names a project: a directory or file source names a path on the scanning machine.
    repository: asText(own(source, 'type')) === 'image' ? imageOf(source) : undefined,
    scannedAt: asIsoTime(own(descriptor, 'timestamp')),
    findings: collector.findings(),
    warnings,
    files: unique(files),
    ecosystems: unique(ecosystems),
  }
}
