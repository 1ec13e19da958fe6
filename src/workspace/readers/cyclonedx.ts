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
import {
  ReaderError,
  type CvssScore,
  type FindingSeverity,
  type ReadOptions,
  type ReadResult,
  type VexAnalysis,
  type VexStatus,
  type VulnerabilityFinding,
} from '@/workspace/model/model'
import { imageName, isLocalPath, isRepositoryAddress, repositoryNameOf } from '@/workspace/model/repository-name'
import { preferredScore, scoreVector, severityOfScore, severityOfWord } from '@/workspace/model/severity'
import { compareVersions, schemeOf, withinVers } from '@/workspace/model/versions'

const SUPPORTED = ['1.4', '1.5', '1.6', '1.7']

/**
 * What an analysis state says of the package. A closed state (not affected, false positive,
 * resolved) keeps its finding, marked, with the analysis: the screens show it as closed and
 * leave it out of the open counts, and the justification stays readable.
 */
const vexStatusOf = new Map<string, VexStatus>([
  ['not_affected', 'not_affected'],
  ['false_positive', 'not_affected'],
  ['resolved', 'fixed'],
  ['resolved_with_pedigree', 'fixed'],
  ['exploitable', 'affected'],
  ['in_triage', 'under_investigation'],
])

/** The ecosystem of a package URL (`pkg:npm/…` → npm). */
export function ecosystemOfPurl(purl: string | undefined): string | undefined {
  return purl ? /^pkg:([a-z0-9.+-]+)\//i.exec(purl)?.[1]?.toLowerCase() : undefined
}

function toolName(metadata: JsonObject): string {
  const tools = own(metadata, 'tools')
  // 1.4: an array of tools; 1.5+: { components: [...], services: [...] }.
  const list = Array.isArray(tools) ? asObjects(tools) : asObjects(own(asObject(tools), 'components'))
  const tool = list[0]
  const name = tool ? asText(own(tool, 'name')) : undefined
  return name ? `${name} (CycloneDX)` : 'CycloneDX'
}

/**
 * The repository the BOM's subject names: an image without its tag, a repository's address, a
 * project's name; never a path on the scanning machine (Trivy names a scanned folder by its path).
 */
function namedRepository(component: JsonObject): string | undefined {
  const name = asText(own(component, 'name'))
  if (!name) return undefined
  if (asText(own(component, 'type')) === 'container') return isLocalPath(name) ? undefined : imageName(name)
  if (isRepositoryAddress(name)) return repositoryNameOf(name)
  if (isLocalPath(name)) return undefined
  // `testdata/fixtures/repo/npm` is a folder; `@acme/web` and `github.com/acme/api` name projects.
  const [first] = name.split('/')
  if (name.includes('/') && !first.startsWith('@') && !first.includes('.')) return undefined
  return name
}

function ratingScores(ratings: JsonObject[]): { cvss?: CvssScore; scored: number | undefined; word?: string } {
  const cvss = preferredScore(
    ratings.map((rating) => scoreVector(own(rating, 'vector'), asText(own(rating, 'method')))),
  )
  const scored =
    cvss?.score ?? ratings.map((rating) => asNumber(own(rating, 'score'))).find((score) => score !== undefined)
  const word = ratings
    .map((rating) => asText(own(rating, 'severity')))
    .find((severity) => severity && severity !== 'unknown')
  return { cvss, scored, word }
}

function analysisOf(vulnerability: JsonObject): VexAnalysis | undefined {
  const analysis = own(vulnerability, 'analysis')
  if (analysis === undefined) return undefined
  const object = asObject(analysis)
  const result: VexAnalysis = {
    state: asText(own(object, 'state')),
    justification: asText(own(object, 'justification')),
    response: asStrings(own(object, 'response')),
    detail: asText(own(object, 'detail')),
  }
  return result.state || result.justification || result.response.length || result.detail ? result : undefined
}

/**
 * What `affects[].versions` says of the installed version: the status of the entries that name
 * it (a version equal to it, or a vers range that holds it; `affected` when none is written).
 * Unaffected wins over affected; undefined when no entry names it.
 */
export function versionStatus(
  versions: JsonObject[],
  installed: string | undefined,
  ecosystem: string | undefined,
): 'affected' | 'unaffected' | 'unknown' | undefined {
  if (!installed) return undefined
  const statuses = new Set<string>()
  for (const entry of versions) {
    const version = asText(own(entry, 'version'))
    const range = asText(own(entry, 'range'))
    const names =
      (version !== undefined && compareVersions(version, installed, schemeOf(ecosystem)) === 0) ||
      (range !== undefined && withinVers(installed, range) === true)
    if (names) statuses.add(asText(own(entry, 'status')) ?? 'affected')
  }
  if (statuses.has('unaffected')) return 'unaffected'
  if (statuses.has('affected')) return 'affected'
  return statuses.has('unknown') ? 'unknown' : undefined
}

/** Reads a CycloneDX 1.4–1.7 JSON BOM with `vulnerabilities` (an SBOM with findings, or a VEX). */
export function readCycloneDx(bom: JsonObject, options: ReadOptions = {}): ReadResult {
  const specVersion = asText(own(bom, 'specVersion'))
  if (!specVersion || !SUPPORTED.includes(specVersion)) {
    throw new ReaderError(
      `This CycloneDX BOM is version ${specVersion ?? '(none)'}; Vigil reads versions ${SUPPORTED.join(', ')}.`,
    )
  }
  const metadata = asObject(own(bom, 'metadata'))
  const tool = toolName(metadata)
  const components = new Map<string, JsonObject>()
  const collect = (list: unknown) => {
    for (const component of asObjects(list)) {
      const ref = asText(own(component, 'bom-ref'))
      if (ref && !components.has(ref)) components.set(ref, component)
      collect(own(component, 'components'))
    }
  }
  collect(own(bom, 'components'))
  const subject = asObject(own(metadata, 'component'))
  const subjectRef = asText(own(subject, 'bom-ref'))
  if (subjectRef && !components.has(subjectRef)) components.set(subjectRef, subject)
  if (!Array.isArray(own(bom, 'vulnerabilities'))) {
    // An SBOM alone says what is installed, not what is vulnerable.
    throw new ReaderError(
      'This CycloneDX BOM lists components but no vulnerabilities: scan it (for example with Grype or Trivy) and import the result.',
    )
  }

  const collector = new FindingCollector<VulnerabilityFinding>()
  const ecosystems: string[] = []
  let closed = 0
  let unknownRefs = 0
  let unscored = 0
  let unnamed = 0
  for (const vulnerability of asObjects(own(bom, 'vulnerabilities'))) {
    const id = asText(own(vulnerability, 'id'))
    if (!id) {
      unnamed += 1
      continue
    }
    const analysis = analysisOf(vulnerability)
    const { advisoryId, aliases } = canonicalAdvisory([
      id,
      ...asObjects(own(vulnerability, 'references')).map((reference) => asText(own(reference, 'id'))),
    ])
    const { cvss, scored, word } = ratingScores(asObjects(own(vulnerability, 'ratings')))
    const severity: FindingSeverity = scored !== undefined ? severityOfScore(scored) : severityOfWord(word)
    const cwes = asArray(own(vulnerability, 'cwes'))
      .map((cwe) => asNumber(cwe))
      .filter((cwe): cwe is number => cwe !== undefined)
      .map((cwe) => `CWE-${cwe}`)
    // A recommendation is a sentence ("Upgrade libssl1.1 to version 1.1.1n-r0"), never a version.
    const advice =
      [asText(own(vulnerability, 'recommendation')), asText(own(vulnerability, 'workaround'))]
        .filter(Boolean)
        .join(' ') || undefined
    const affects = asObjects(own(vulnerability, 'affects'))
    for (const affected of affects.length ? affects : [{}]) {
      const ref = asText(own(affected, 'ref'))
      const component = ref ? components.get(ref) : undefined
      if (ref && !component) unknownRefs += 1
      const purl = asText(own(component ?? {}, 'purl'))
      const group = asText(own(component ?? {}, 'group'))
      const name = asText(own(component ?? {}, 'name'))
      const packageName = name ? (group ? `${group}/${name}` : name) : (ref ?? 'unknown package')
      const packageVersion = asText(own(component ?? {}, 'version'))
      const ecosystem = ecosystemOfPurl(purl)
      if (ecosystem) ecosystems.push(ecosystem)
      const status = versionStatus(asObjects(own(affected, 'versions')), packageVersion, ecosystem)
      // The installed version named unaffected is not affected, whatever the analysis of the others.
      const vexStatus =
        status === 'unaffected' ? 'not_affected' : analysis?.state ? vexStatusOf.get(analysis.state) : undefined
      if (vexStatus === 'not_affected' || vexStatus === 'fixed') closed += 1
      else if (severity === 'Unknown') unscored += 1
      collector.add({
        kind: 'vulnerability',
        key: findingKey({
          kind: 'package',
          advisoryId,
          package: packageIdentity({ purl, ecosystem, name: packageName, version: packageVersion }),
        }),
        tool,
        advisoryId,
        aliases,
        title: asText(own(vulnerability, 'description'))?.split('\n')[0] ?? advisoryId,
        description: asText(own(vulnerability, 'detail')) ?? asText(own(vulnerability, 'description')) ?? '',
        severity,
        toolSeverity: word,
        cvss,
        cwes,
        packageName,
        packageVersion,
        ecosystem,
        purl,
        advice,
        url: asText(own(asObject(own(vulnerability, 'source')), 'url')),
        analysis,
        vexStatus,
      })
    }
  }
  const warnings: string[] = []
  if (closed)
    warnings.push(
      `${plural(closed, 'finding')} closed by VEX (not affected, false positive, resolved, or an unaffected version): kept and marked closed`,
    )
  if (unnamed) warnings.push(`${plural(unnamed, 'vulnerability', 'vulnerabilities')} without an id left out`)
  if (unknownRefs) warnings.push(`${plural(unknownRefs, 'affected reference')} named no component of the BOM`)
  if (unscored) warnings.push(`${plural(unscored, 'vulnerability', 'vulnerabilities')} had no rating: shown as Unknown`)
  if (collector.repeated)
    warnings.push(
      `${plural(collector.repeated, 'vulnerability', 'vulnerabilities')} listed twice for one component counted once`,
    )
  return {
    format: 'cyclonedx',
    tool,
    run: runIdOf(tool, options.fileName),
    repository: namedRepository(subject),
    scannedAt: asIsoTime(own(metadata, 'timestamp')),
    findings: collector.findings(),
    warnings,
    files: [],
    ecosystems: unique(ecosystems),
  }
}
