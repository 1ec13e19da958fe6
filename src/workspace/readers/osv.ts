import { canonicalAdvisory } from '@/workspace/model/advisory-ids'
import { FindingCollector } from '@/workspace/model/duplicate-findings'
import { findingKey, runIdOf } from '@/workspace/model/finding-keys'
import { packageIdentity } from '@/workspace/model/package-identity'
import {
  asArray,
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
import type { CvssScore, ReadOptions, ReadResult, VulnerabilityFinding } from '@/workspace/model/model'
import { preferredScore, scoreVector, severityOfScore, severityOfWord } from '@/workspace/model/severity'
import { compareVersions, schemeOf, type VersionScheme } from '@/workspace/model/versions'
import { relativeToScanRoot } from './scan-root'

/** CVSS scores from an OSV `severity` list ({type: CVSS_V3, score: 'CVSS:3.1/…'}). */
export function osvScores(severity: unknown): (CvssScore | undefined)[] {
  return asObjects(severity).map((entry) => scoreVector(own(entry, 'score')))
}

type RangeEvent = { kind: 'introduced' | 'fixed' | 'last_affected'; version: string }

function eventsOf(range: JsonObject): RangeEvent[] {
  const events: RangeEvent[] = []
  for (const event of asObjects(own(range, 'events'))) {
    for (const kind of ['introduced', 'fixed', 'last_affected'] as const) {
      const version = asText(own(event, kind))
      if (version) events.push({ kind, version })
    }
  }
  return events
}

/**
 * Where an installed version stands in one ECOSYSTEM or SEMVER range, by the OSV schema's
 * evaluation: events in version order (`0` first), each `introduced` at or below the version
 * opens, each `fixed` at or below it (or `last_affected` below it) closes. When the version is
 * in the range, its fix is the range's next `fixed` event above it; a `last_affected` there
 * first means no fix is known.
 */
export function rangeStanding(
  range: JsonObject,
  installed: string,
  scheme: VersionScheme,
): { contains: boolean; fixed?: string } {
  const compare = (a: string, b: string) => compareVersions(a, b, scheme)
  const events = eventsOf(range).sort((a, b) =>
    a.version === '0' ? (b.version === '0' ? 0 : -1) : b.version === '0' ? 1 : compare(a.version, b.version),
  )
  let contains = false
  for (const event of events) {
    if (event.kind === 'introduced' && (event.version === '0' || compare(installed, event.version) >= 0)) {
      contains = true
    } else if (event.kind === 'fixed' && compare(installed, event.version) >= 0) {
      contains = false
    } else if (event.kind === 'last_affected' && compare(installed, event.version) > 0) {
      contains = false
    }
  }
  if (!contains) return { contains }
  const next = events.find((event) =>
    event.kind === 'last_affected' ? compare(event.version, installed) >= 0 : compare(event.version, installed) > 0,
  )
  return { contains, fixed: next?.kind === 'fixed' ? next.version : undefined }
}

/**
 * The version that fixes an installed package, from the OSV entries of one advisory: the fix of
 * the range that holds the installed version. GIT ranges (commits) are never a version to
 * install; when several ranges hold it, the highest fix leaves them all.
 */
export function osvFixFor(
  entries: JsonObject[],
  pkg: { name: string; ecosystem?: string },
  installed: string | undefined,
): string | undefined {
  if (!installed) return undefined
  const wanted = packageIdentity({ ecosystem: pkg.ecosystem, name: pkg.name })
  const fixes: string[] = []
  let scheme: VersionScheme = schemeOf(pkg.ecosystem)
  for (const entry of entries) {
    for (const affected of asObjects(own(entry, 'affected'))) {
      const affectedPackage = asObject(own(affected, 'package'))
      const name = asText(own(affectedPackage, 'name'))
      if (!name) continue
      const ecosystem = asText(own(affectedPackage, 'ecosystem')) ?? pkg.ecosystem
      const identity = packageIdentity({ ecosystem, name })
      if (identity.name !== wanted.name || (pkg.ecosystem && identity.type !== wanted.type)) continue
      for (const range of asObjects(own(affected, 'ranges'))) {
        const type = asText(own(range, 'type'))
        if (type !== 'ECOSYSTEM' && type !== 'SEMVER') continue
        scheme = type === 'SEMVER' ? 'semver' : schemeOf(ecosystem)
        const standing = rangeStanding(range, installed, scheme)
        if (standing.contains && standing.fixed) fixes.push(standing.fixed)
      }
    }
  }
  return fixes.sort((a, b) => compareVersions(a, b, scheme)).at(-1)
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
export function readOsvScanner(report: JsonObject, options: ReadOptions = {}): ReadResult {
  const collector = new FindingCollector<VulnerabilityFinding>()
  const ecosystems: string[] = []
  const files: string[] = []
  let unscored = 0
  let licenceViolations = 0
  let unnamed = 0
  const results = asObjects(own(report, 'results'))
  const sourcePathOf = (result: JsonObject) => asText(own(asObject(own(result, 'source')), 'path'))
  // OSV-Scanner writes each source's absolute path on the scanning machine.
  const relative = relativeToScanRoot(
    results.flatMap((result) => sourcePathOf(result) ?? []),
    options.repository,
  )
  for (const result of results) {
    const written = sourcePathOf(result)
    const sourcePath = written === undefined ? undefined : (relative.get(written) ?? written)
    if (sourcePath) files.push(sourcePath)
    for (const entry of asObjects(own(result, 'packages'))) {
      licenceViolations += asArray(own(entry, 'license_violations')).length
      const pkg = asObject(own(entry, 'package'))
      const packageName = asText(own(pkg, 'name')) ?? 'unknown package'
      const packageVersion = asText(own(pkg, 'version'))
      const ecosystem = asText(own(pkg, 'ecosystem'))
      if (ecosystem) ecosystems.push(ecosystem)
      const vulnerabilities = asObjects(own(entry, 'vulnerabilities'))
      const byId = new Map<string, JsonObject>()
      for (const vulnerability of vulnerabilities) {
        const id = asText(own(vulnerability, 'id'))
        if (id && !byId.has(id)) byId.set(id, vulnerability)
      }
      // OSV-Scanner groups the entries of one advisory; its max_severity is a CVSS score as text.
      const groups = asObjects(own(entry, 'groups'))
      const seen = new Set<string>()
      for (const vulnerability of vulnerabilities) {
        const id = asText(own(vulnerability, 'id'))
        if (!id) unnamed += 1
        if (!id || seen.has(id)) continue
        const group = groups.find((candidate) => asArray(own(candidate, 'ids')).includes(id))
        const groupIds = asStrings(own(group ?? {}, 'ids'))
        for (const member of [id, ...groupIds]) seen.add(member)
        const members = unique([id, ...groupIds])
          .map((member) => byId.get(member))
          .filter((member): member is JsonObject => member !== undefined)
        const { advisoryId, aliases } = canonicalAdvisory([
          id,
          ...groupIds,
          ...asStrings(own(group ?? {}, 'aliases')),
          ...members.flatMap((member) => asStrings(own(member, 'aliases'))),
        ])
        const cvss = preferredScore(members.flatMap((member) => osvScores(own(member, 'severity'))))
        const word = members.map(osvSeverityWord).find(Boolean)
        const groupScore = asNumber(own(group ?? {}, 'max_severity'))
        const severity =
          cvss !== undefined
            ? severityOfScore(cvss.score)
            : groupScore !== undefined
              ? severityOfScore(groupScore)
              : severityOfWord(word)
        if (severity === 'Unknown') unscored += 1
        collector.add({
          kind: 'vulnerability',
          key: findingKey({
            kind: 'package',
            advisoryId,
            package: packageIdentity({ ecosystem, name: packageName, version: packageVersion }),
            location: sourcePath,
          }),
          tool: 'OSV-Scanner',
          advisoryId,
          aliases,
          title: members.map((member) => asText(own(member, 'summary'))).find(Boolean) ?? advisoryId,
          description: members.map((member) => asText(own(member, 'details'))).find(Boolean) ?? '',
          severity,
          toolSeverity: word ?? (groupScore !== undefined ? String(groupScore) : undefined),
          cvss,
          cwes: unique(
            members.flatMap((member) => asStrings(own(asObject(own(member, 'database_specific')), 'cwe_ids'))),
          ),
          packageName,
          packageVersion,
          ecosystem,
          fixedVersion: osvFixFor(members, { name: packageName, ecosystem }, packageVersion),
          location: sourcePath ? { file: sourcePath } : undefined,
        })
      }
    }
  }
  const warnings: string[] = []
  if (unscored) warnings.push(`${plural(unscored, 'advisory', 'advisories')} had no severity: shown as Unknown`)
  if (unnamed) warnings.push(`${plural(unnamed, 'vulnerability', 'vulnerabilities')} without an id left out`)
  if (licenceViolations)
    warnings.push(`${plural(licenceViolations, 'licence violation')} not imported: licences are not shown`)
  if (collector.repeated)
    warnings.push(
      `${plural(collector.repeated, 'advisory', 'advisories')} repeated in the file for the same package counted once`,
    )
  return {
    format: 'osv-scanner',
    tool: 'OSV-Scanner',
    run: runIdOf('OSV-Scanner', options.fileName),
    findings: collector.findings(),
    warnings,
    files: unique(files),
    ecosystems: unique(ecosystems),
  }
}
