import { asArray, asNumber, asObject, asObjects, asText, own, plural, unique, type JsonObject } from '@/workspace/json'
import {
  ReaderError,
  type CvssScore,
  type FindingSeverity,
  type ReadResult,
  type VulnerabilityFinding,
} from '@/workspace/model'
import { preferredScore, scoreVector, severityOfScore, severityOfWord } from '@/workspace/severity'
import { primaryAdvisoryId } from './osv'

const SUPPORTED = ['1.4', '1.5', '1.6', '1.7']
/** VEX analysis states that close a finding. */
const CLOSED = new Set(['not_affected', 'false_positive', 'resolved', 'resolved_with_pedigree'])

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

/** Reads a CycloneDX 1.4–1.7 JSON BOM with `vulnerabilities` (an SBOM with findings, or a VEX). */
export function readCycloneDx(bom: JsonObject): ReadResult {
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
  const vulnerabilities = asObjects(own(bom, 'vulnerabilities'))
  if (!Array.isArray(own(bom, 'vulnerabilities'))) {
    // An SBOM alone says what is installed, not what is vulnerable.
    throw new ReaderError(
      'This CycloneDX BOM lists components but no vulnerabilities: scan it (for example with Grype or Trivy) and import the result.',
    )
  }

  const findings: VulnerabilityFinding[] = []
  const ecosystems: string[] = []
  let closed = 0
  let unknownRefs = 0
  let unscored = 0
  for (const vulnerability of vulnerabilities) {
    const id = asText(own(vulnerability, 'id'))
    if (!id) continue
    const state = asText(own(asObject(own(vulnerability, 'analysis')), 'state'))
    if (state && CLOSED.has(state)) {
      closed += 1
      continue
    }
    const aliases = unique(
      asObjects(own(vulnerability, 'references'))
        .map((reference) => asText(own(reference, 'id')))
        .filter((alias): alias is string => !!alias && alias !== id),
    )
    const advisoryId = primaryAdvisoryId(id, aliases)
    const { cvss, scored, word } = ratingScores(asObjects(own(vulnerability, 'ratings')))
    const severity: FindingSeverity = scored !== undefined ? severityOfScore(scored) : severityOfWord(word)
    if (severity === 'Unknown') unscored += 1
    const cwes = asArray(own(vulnerability, 'cwes'))
      .map((cwe) => asNumber(cwe))
      .filter((cwe): cwe is number => cwe !== undefined)
      .map((cwe) => `CWE-${cwe}`)
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
      findings.push({
        kind: 'vulnerability',
        key: `${advisoryId}|${packageName}@${packageVersion ?? ''}`,
        tool,
        advisoryId,
        aliases: unique([id, ...aliases].filter((alias) => alias !== advisoryId)),
        title: asText(own(vulnerability, 'description'))?.split('\n')[0] ?? advisoryId,
        description: asText(own(vulnerability, 'detail')) ?? asText(own(vulnerability, 'description')) ?? '',
        severity,
        toolSeverity: word,
        cvss,
        cwes,
        packageName,
        packageVersion,
        ecosystem,
        fixedVersion: asText(own(vulnerability, 'recommendation')),
        url: asText(own(asObject(own(vulnerability, 'source')), 'url')),
      })
    }
  }
  const component = asObject(own(metadata, 'component'))
  const warnings: string[] = []
  if (closed)
    warnings.push(`${plural(closed, 'finding')} closed by VEX analysis (not affected, false positive or resolved)`)
  if (unknownRefs) warnings.push(`${plural(unknownRefs, 'affected reference')} named no component of the BOM`)
  if (unscored) warnings.push(`${plural(unscored, 'vulnerability', 'vulnerabilities')} had no rating: shown as Unknown`)
  return {
    format: 'cyclonedx',
    tool,
    repository: asText(own(component, 'name')),
    scannedAt: asText(own(metadata, 'timestamp')),
    findings,
    warnings,
    files: [],
    ecosystems: unique(ecosystems),
  }
}
