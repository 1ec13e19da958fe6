import type { EnforcementStatus } from '@/data/findings'
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
  CvssScore,
  ReadOptions,
  ReadResult,
  ScanFinding,
  VexStatus,
  VulnerabilityFinding,
} from '@/workspace/model/model'
import { imageName, isLocalPath, isRepositoryAddress, repositoryNameOf } from '@/workspace/model/repository-name'
import { preferredScore, scoreVector, severityOfScore, severityOfWord } from '@/workspace/model/severity'
import { fixAbove, schemeOf } from '@/workspace/model/versions'
import { maskSecret } from './secret-mask'

/** Trivy severity -> enforcement of a misconfiguration or secret. */
const enforcementOf = new Map<string, EnforcementStatus>([
  ['CRITICAL', 'Mandatory'],
  ['HIGH', 'Mandatory'],
  ['MEDIUM', 'Recommended'],
  ['LOW', 'Optional'],
  ['UNKNOWN', 'Optional'],
])

/** What Trivy's fix status says when there is no fixed version to name. */
const adviceOfStatus = new Map<string, string>([
  ['will_not_fix', 'The vendor will not fix this in this release.'],
  ['fix_deferred', 'The vendor has deferred the fix.'],
  ['end_of_life', 'The package or its distribution is at end of life: no fix will come.'],
  ['affected', 'No fixed version has been published yet.'],
])

/** VEX statuses Trivy writes on findings it set aside (ExperimentalModifiedFindings). */
const vexStatuses = new Map<string, VexStatus>([
  ['not_affected', 'not_affected'],
  ['fixed', 'fixed'],
  ['affected', 'affected'],
  ['under_investigation', 'under_investigation'],
])

/** Every CVSS vector Trivy gives, from every source (nvd, ghsa, redhat...). */
function trivyScores(cvss: JsonObject): (CvssScore | undefined)[] {
  return Object.keys(cvss).flatMap((source) => {
    const entry = asObject(own(cvss, source))
    return [
      scoreVector(own(entry, 'V40Vector')),
      scoreVector(own(entry, 'V3Vector')),
      scoreVector(own(entry, 'V2Vector')),
    ]
  })
}

const enforcement = (word: string | undefined) => enforcementOf.get(word?.toUpperCase() ?? 'UNKNOWN') ?? 'Optional'
const positive = (value: number | undefined) => (value !== undefined && value > 0 ? Math.floor(value) : undefined)

/** The repository a Trivy report names: an image without its tag, a repository's URL; never a local path. */
function namedRepository(report: JsonObject): string | undefined {
  const type = asText(own(report, 'ArtifactType'))
  const artifact = asText(own(report, 'ArtifactName'))
  const metadata = asObject(own(report, 'Metadata'))
  const looksLikeImage = !!artifact && !isRepositoryAddress(artifact) && /[:@]/.test(artifact)
  if (type === 'container_image' || (type === undefined && looksLikeImage)) {
    const reference = [artifact, ...asStrings(own(metadata, 'RepoTags')), ...asStrings(own(metadata, 'RepoDigests'))]
      .filter((candidate): candidate is string => !!candidate)
      .find((candidate) => !isLocalPath(candidate) && !candidate.includes('://'))
    return reference ? imageName(reference) : undefined
  }
  if (type === 'repository' || type === undefined) {
    const address = [asText(own(metadata, 'RepoURL')), artifact].find(
      (candidate) => candidate !== undefined && isRepositoryAddress(candidate),
    )
    return address ? repositoryNameOf(address) : undefined
  }
  // A filesystem, an SBOM, a VM or a cloud account names a path or an id, not a project.
  return undefined
}

/**
 * The run a report is: its artifact's type and name (an image without its tag). A path on the
 * scanning machine (`.`, `/builds/app`, an image's archive) names nothing two scans can be told
 * apart by, so the file's path in the repository folder names the run of a filesystem scan; the
 * artifact's run is then the one an older Vigil gave it.
 */
function runOfReport(report: JsonObject, options: ReadOptions): Pick<ReadResult, 'run' | 'formerRuns'> {
  const type = asText(own(report, 'ArtifactType'))
  const artifact = asText(own(report, 'ArtifactName'))
  if (!artifact) return { run: runIdOf('Trivy', options.fileName) }
  const local = isLocalPath(artifact) || type === 'filesystem' || type === 'rootfs'
  const name = type === 'container_image' && !local ? imageName(artifact) : artifact
  const byArtifact = runIdOf('Trivy', `${type ?? 'artifact'}:${name}`)
  return local && options.fileName
    ? { run: runIdOf('Trivy', options.fileName), formerRuns: [byArtifact] }
    : { run: byArtifact }
}

interface Counts {
  unscored: number
  passed: number
  excepted: number
  licences: number
  custom: number
  ignored: number
  modifiedOther: number
  unnamed: number
}

function vulnerabilityFinding(
  vulnerability: JsonObject,
  result: JsonObject,
  counts: Counts,
): VulnerabilityFinding | undefined {
  const id = asText(own(vulnerability, 'VulnerabilityID'))
  if (!id) {
    counts.unnamed += 1
    return undefined
  }
  const target = asText(own(result, 'Target'))
  const resultClass = asText(own(result, 'Class'))
  const type = asText(own(result, 'Type'))
  const { advisoryId, aliases } = canonicalAdvisory([id, ...asStrings(own(vulnerability, 'VendorIDs'))])
  const cvss = preferredScore(trivyScores(asObject(own(vulnerability, 'CVSS'))))
  const word = asText(own(vulnerability, 'Severity'))
  const severity = cvss ? severityOfScore(cvss.score) : severityOfWord(word)
  if (severity === 'Unknown') counts.unscored += 1
  const packageName = asText(own(vulnerability, 'PkgName')) ?? 'unknown package'
  const packageVersion = asText(own(vulnerability, 'InstalledVersion'))
  const purl = asText(own(asObject(own(vulnerability, 'PkgIdentifier')), 'PURL'))
  // An OS package's target names the image and its tag; the package's own path (language packages) does not.
  const file = asText(own(vulnerability, 'PkgPath')) ?? (resultClass === 'os-pkgs' ? undefined : target)
  const fixedVersion = fixAbove(
    packageVersion,
    (asText(own(vulnerability, 'FixedVersion')) ?? '').split(','),
    schemeOf(type),
  )
  const status = asText(own(vulnerability, 'Status'))
  return {
    kind: 'vulnerability',
    key: findingKey({
      kind: 'package',
      advisoryId,
      package: packageIdentity({ purl, ecosystem: type, name: packageName, version: packageVersion }),
      location: file,
    }),
    tool: 'Trivy',
    advisoryId,
    aliases,
    title: asText(own(vulnerability, 'Title')) ?? advisoryId,
    description: asText(own(vulnerability, 'Description')) ?? '',
    severity,
    toolSeverity: word,
    cvss,
    cwes: asStrings(own(vulnerability, 'CweIDs')),
    packageName,
    packageVersion,
    ecosystem: type,
    purl,
    fixedVersion,
    advice: fixedVersion ? undefined : status ? adviceOfStatus.get(status) : undefined,
    location: file ? { file } : undefined,
    url: asText(own(vulnerability, 'PrimaryURL')),
  }
}

/** Reads Trivy's JSON output (schema 2): vulnerabilities, misconfigurations and secrets. */
export function readTrivy(report: JsonObject, options: ReadOptions = {}): ReadResult {
  const collector = new FindingCollector<ScanFinding>()
  const ecosystems: string[] = []
  const files: string[] = []
  const counts: Counts = {
    unscored: 0,
    passed: 0,
    excepted: 0,
    licences: 0,
    custom: 0,
    ignored: 0,
    modifiedOther: 0,
    unnamed: 0,
  }
  for (const result of asObjects(own(report, 'Results'))) {
    const target = asText(own(result, 'Target')) ?? ''
    const type = asText(own(result, 'Type'))
    const resultClass = asText(own(result, 'Class'))
    if (target && resultClass !== 'os-pkgs') files.push(target)
    for (const vulnerability of asObjects(own(result, 'Vulnerabilities'))) {
      const finding = vulnerabilityFinding(vulnerability, result, counts)
      if (!finding) continue
      if (type) ecosystems.push(type)
      collector.add(finding)
    }
    for (const misconfiguration of asObjects(own(result, 'Misconfigurations'))) {
      const status = asText(own(misconfiguration, 'Status'))
      if (status === 'PASS') {
        counts.passed += 1
        continue
      }
      if (status === 'EXCEPTION') {
        counts.excepted += 1
        continue
      }
      const ruleId = asText(own(misconfiguration, 'AVDID')) ?? asText(own(misconfiguration, 'ID'))
      if (!ruleId) {
        counts.unnamed += 1
        continue
      }
      const cause = asObject(own(misconfiguration, 'CauseMetadata'))
      const line = positive(asNumber(own(cause, 'StartLine')))
      const word = asText(own(misconfiguration, 'Severity'))
      const code = asObjects(own(asObject(own(cause, 'Code')), 'Lines'))
        .filter((codeLine) => own(codeLine, 'IsCause') === true)
        .map((codeLine) => asText(own(codeLine, 'Content')) ?? '')
        .join('\n')
      const message = [asText(own(misconfiguration, 'Message')), asText(own(misconfiguration, 'Resolution'))]
        .filter(Boolean)
        .join(' ')
      collector.add(
        {
          kind: 'policy-issue',
          key: findingKey({
            kind: 'code',
            ruleId,
            file: target,
            // The resource (`aws_s3_bucket.logs`) or the offending code, not the line.
            context: asText(own(cause, 'Resource')) ?? (code || message),
          }),
          tool: 'Trivy',
          ruleId,
          title: asText(own(misconfiguration, 'Title')) ?? ruleId,
          message,
          enforcementStatus: enforcement(word),
          severity: severityOfWord(word),
          toolSeverity: word,
          cwes: [],
          helpUri: asText(own(misconfiguration, 'PrimaryURL')),
          location: target ? { file: target, line, endLine: positive(asNumber(own(cause, 'EndLine'))) } : undefined,
          category: 'misconfiguration',
        },
        { line, text: message },
      )
    }
    for (const secret of asObjects(own(result, 'Secrets'))) {
      const ruleId = asText(own(secret, 'RuleID')) ?? 'secret'
      const word = asText(own(secret, 'Severity'))
      const line = positive(asNumber(own(secret, 'StartLine')))
      const title = asText(own(secret, 'Title')) ?? ruleId
      const category = asText(own(secret, 'Category'))
      // The match is masked again here, whatever Trivy did: no secret is ever stored.
      const maskedMatch = maskSecret(asText(own(secret, 'Match')))
      collector.add(
        {
          kind: 'policy-issue',
          key: findingKey({ kind: 'secret', ruleId, file: target, context: maskedMatch }),
          tool: 'Trivy',
          ruleId,
          title,
          message: `${category ? `${category} secret` : 'A secret'} in ${target || 'the scanned artifact'}: ${maskedMatch}`,
          enforcementStatus: enforcement(word),
          severity: severityOfWord(word),
          toolSeverity: word,
          cwes: [],
          location: target ? { file: target, line, endLine: positive(asNumber(own(secret, 'EndLine'))) } : undefined,
          category: 'secret',
          maskedMatch,
        },
        { line, column: asNumber(own(secret, 'Offset')) },
      )
    }
    counts.licences += asArray(own(result, 'Licenses')).length
    counts.custom += asArray(own(result, 'CustomResources')).length
    for (const modified of asObjects(own(result, 'ExperimentalModifiedFindings'))) {
      const status = asText(own(modified, 'Status'))
      const vexStatus = status ? vexStatuses.get(status) : undefined
      if (asText(own(modified, 'Type')) !== 'vulnerability' || !vexStatus) {
        if (status === 'ignored') counts.ignored += 1
        else counts.modifiedOther += 1
        continue
      }
      const finding = vulnerabilityFinding(asObject(own(modified, 'Finding')), result, counts)
      if (!finding) continue
      const statement = asText(own(modified, 'Statement'))
      const source = asText(own(modified, 'Source'))
      collector.add({
        ...finding,
        vexStatus,
        analysis: {
          state: status,
          response: [],
          detail: [statement, source ? `(${source})` : undefined].filter(Boolean).join(' ') || undefined,
        },
      })
    }
  }
  const warnings: string[] = []
  if (counts.unscored)
    warnings.push(`${plural(counts.unscored, 'vulnerability', 'vulnerabilities')} had no severity: shown as Unknown`)
  if (counts.unnamed)
    warnings.push(
      `${plural(counts.unnamed, 'vulnerability or check', 'vulnerabilities or checks')} without an id left out`,
    )
  if (counts.passed) warnings.push(`${plural(counts.passed, 'passed check')} left out`)
  if (counts.excepted) warnings.push(`${plural(counts.excepted, 'check')} excepted in Trivy's configuration left out`)
  if (counts.licences)
    warnings.push(`${plural(counts.licences, 'licence finding')} not imported: licences are not shown`)
  if (counts.custom) warnings.push(`${plural(counts.custom, 'custom resource')} not imported`)
  if (counts.ignored) warnings.push(`${plural(counts.ignored, 'finding')} ignored in Trivy's configuration left out`)
  if (counts.modifiedOther)
    warnings.push(`${plural(counts.modifiedOther, 'finding')} Trivy set aside (not a vulnerability) left out`)
  if (collector.repeated)
    warnings.push(`${plural(collector.repeated, 'finding')} repeated in the file (the same finding twice) counted once`)
  return {
    format: 'trivy',
    tool: 'Trivy',
    ...runOfReport(report, options),
    repository: namedRepository(report),
    scannedAt: asIsoTime(own(report, 'CreatedAt')),
    findings: collector.findings(),
    warnings,
    files: unique(files),
    ecosystems: unique(ecosystems),
  }
}
