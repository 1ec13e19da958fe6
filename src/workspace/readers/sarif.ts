import type { EnforcementStatus } from '@/data/findings'
import {
  FindingCollector,
  canonicalAdvisory,
  findingKey,
  leadingAdvisoryId,
  packageIdentity,
  purlTypeOf,
  runOf,
  textHash,
} from '@/workspace/model/identity'
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
  valueText,
  unique,
  type JsonObject,
} from '@/workspace/files/json'
import {
  ReaderError,
  type PolicyIssueFinding,
  type ReadOptions,
  type ReadResult,
  type ScanFinding,
  type SecuritySeverity,
  type VulnerabilityFinding,
} from '@/workspace/model/model'
import { imageName, isLocalPath, repositoryNameOf } from '@/workspace/model/repository-name'
import { preferredScore, scoreVector, severityOfScore, severityOfWord } from '@/workspace/model/severity'
import { fixAbove, schemeOf } from '@/workspace/model/versions'
import { maskSecret } from './secret-mask'
import { checkoutEnd } from './scan-root'

/** SARIF level -> enforcement (error Mandatory, warning Recommended, note/none Optional). */
const enforcementOf = new Map<string, EnforcementStatus>([
  ['error', 'Mandatory'],
  ['warning', 'Recommended'],
  ['note', 'Optional'],
  ['none', 'Optional'],
])

/** Trivy names its rules by what they are about (its SARIF writer's `name`). */
const trivyPackageRules = new Set(['OsPackageVulnerability', 'LanguageSpecificPackageVulnerability'])

/** Secret scanners: their snippets are the secrets, so a result is keyed by its masked snippet. */
const secretScanners = new Set(['gitleaks', 'trufflehog', 'detect-secrets', 'ggshield', 'betterleaks'])

/** Messages are read for a package up to this length: a scanner's sentence, never a document. */
const MESSAGE_SCAN = 2000

/** CWE ids from tags in their real spellings: `external/cwe/cwe-079`, `CWE-22: …`, `cwe:79`. */
export function cwesOf(tags: unknown[]): string[] {
  const found: string[] = []
  for (const tag of tags) {
    if (typeof tag !== 'string') continue
    const match = /(?:^|[/\s])cwe[-_:/ ]?0*(\d{1,5})\b/i.exec(tag)
    if (match) found.push(`CWE-${match[1]}`)
  }
  return unique(found)
}

const [OPEN, CLOSE, ZERO, NINE] = ['{', '}', '0', '9'].map((char) => char.charCodeAt(0))

/** `{0}`-style placeholders filled from the message's arguments; `{{` and `}}` are braces. */
export function fillArguments(text: string, args: unknown[]): string {
  // Read left to right as the pattern /\{\{|\}\}|\{(\d+)\}/g would, without a callback per placeholder.
  let out = ''
  let copied = 0
  for (let at = 0; at < text.length; at++) {
    const char = text.charCodeAt(at)
    if (char !== OPEN && char !== CLOSE) continue
    if (text.charCodeAt(at + 1) === char) {
      out += text.slice(copied, at + 1)
      copied = at + 2
      at += 1
      continue
    }
    if (char === CLOSE) continue
    let end = at + 1
    while (end < text.length && text.charCodeAt(end) >= ZERO && text.charCodeAt(end) <= NINE) end++
    if (end === at + 1 || text.charCodeAt(end) !== CLOSE) continue
    const value = args[Number(text.slice(at + 1, end))]
    if (value !== undefined) {
      out += text.slice(copied, at) + valueText(value)
      copied = end + 1
    }
    at = end
  }
  return copied === 0 ? text : out + text.slice(copied)
}

/**
 * A `security-severity` as SARIF writers give it: a CVSS-like score as a number or text (CodeQL
 * "8.8"), or a word (Semgrep "HIGH"). Zero, or a word that is no severity, is none.
 */
export function securitySeverityOf(value: unknown): SecuritySeverity | undefined {
  const score = asNumber(value)
  if (score !== undefined) {
    const band = severityOfScore(score)
    return band === 'Unknown' ? undefined : { band, score }
  }
  const band = severityOfWord(value)
  return band === 'Unknown' ? undefined : { band }
}

interface ToolComponent {
  name: string
  rules: JsonObject[]
  byId: Map<string, JsonObject>
}

function toolComponent(value: unknown): ToolComponent {
  const component = asObject(value)
  const rules = asObjects(own(component, 'rules'))
  const byId = new Map<string, JsonObject>()
  for (const rule of rules) {
    const id = asText(own(rule, 'id'))
    if (id && !byId.has(id)) byId.set(id, rule)
  }
  return { name: asText(own(component, 'name')) ?? 'unknown tool', rules, byId }
}

/** The rule a result refers to: by index or id, in the driver or the extension it names, else any. */
function findRule(result: JsonObject, driver: ToolComponent, extensions: ToolComponent[]): JsonObject | undefined {
  const reference = asObject(own(result, 'rule'))
  const componentIndex = asNumber(own(asObject(own(reference, 'toolComponent')), 'index'))
  const component =
    componentIndex !== undefined && Number.isInteger(componentIndex) ? (extensions[componentIndex] ?? driver) : driver
  const index = asNumber(own(reference, 'index')) ?? asNumber(own(result, 'ruleIndex'))
  if (index !== undefined && Number.isInteger(index) && index >= 0 && component.rules[index]) {
    return component.rules[index]
  }
  const id = asText(own(reference, 'id')) ?? asText(own(result, 'ruleId'))
  if (!id) return undefined
  // A hierarchical id (`rule/sub`) falls back to its base rule.
  for (const candidate of [component, driver, ...extensions]) {
    const rule = candidate.byId.get(id) ?? candidate.byId.get(id.split('/')[0])
    if (rule) return rule
  }
  return undefined
}

function messageText(result: JsonObject, rule: JsonObject | undefined): string | undefined {
  const message = asObject(own(result, 'message'))
  const args = asArray(own(message, 'arguments'))
  const id = asText(own(message, 'id'))
  const fromRule = id ? asText(own(asObject(own(asObject(own(rule ?? {}, 'messageStrings')), id)), 'text')) : undefined
  const text = asText(own(message, 'text')) ?? fromRule ?? asText(own(message, 'markdown'))
  return text === undefined ? undefined : fillArguments(text, args)
}

function isSuppressed(result: JsonObject): boolean {
  // A suppression counts unless it is under review or rejected.
  return asObjects(own(result, 'suppressions')).some((suppression) => {
    const status = asText(own(suppression, 'status'))
    return status === undefined || status === 'accepted'
  })
}

const textOf = (value: unknown) => asText(own(asObject(value), 'text'))

interface RuleFacts {
  level: string
  name?: string
  title?: string
  fullDescription?: string
  help?: string
  helpUri?: string
  cwes: string[]
  securitySeverity?: SecuritySeverity
  /** Aliases of an advisory rule (OSV-Scanner writes them as `deprecatedIds`). */
  aliases: string[]
  purls: string[]
  vectors: string[]
}

function ruleFacts(rule: JsonObject): RuleFacts {
  const properties = asObject(own(rule, 'properties'))
  return {
    level: asText(own(asObject(own(rule, 'defaultConfiguration')), 'level')) ?? 'warning',
    name: asText(own(rule, 'name')),
    title: textOf(own(rule, 'shortDescription')) ?? asText(own(rule, 'name')),
    fullDescription: textOf(own(rule, 'fullDescription')),
    help: textOf(own(rule, 'help')),
    helpUri: asText(own(rule, 'helpUri')),
    cwes: cwesOf(asArray(own(properties, 'tags'))),
    securitySeverity: securitySeverityOf(own(properties, 'security-severity')),
    aliases: asStrings(own(rule, 'deprecatedIds')),
    purls: asStrings(own(properties, 'purls')),
    // Trivy copies its CVSS vectors into the rule's properties.
    vectors: ['cvssv40_vector', 'cvssv3_vector', 'cvssv2_vector']
      .map((name) => asText(own(properties, name)))
      .filter((vector): vector is string => vector !== undefined),
  }
}

/** A repository-relative path from an artifact URI (`file:///src/a.js`, `src/a%20b.js`). */
function decodeUriPath(uri: string): string {
  // Most are already a plain relative path: nothing to strip or decode.
  if (!uri.includes('%') && !uri.startsWith('/') && !uri.startsWith('file:')) return uri
  let path = uri.replace(/^file:\/\/[^/]*/, '')
  try {
    path = decodeURIComponent(path)
  } catch {
    // keep it as written
  }
  return path.replace(/^\/+/, '') || uri
}

interface Place {
  file?: string
  line?: number
  endLine?: number
  column?: number
  /** Text around the result that does not move with its line: a snippet, the enclosing function. */
  context?: string
  /** The location's own message (Trivy writes `path: package@version` there). */
  message?: string
}

/**
 * A path the tool wrote on the scanning machine (`file:///home/runner/work/app/app/src/a.js`, as
 * ESLint's and Roslyn's SARIF do), made relative to the checkout, so that a scan in CI and one on
 * a laptop name a file alike: below the run's working directory when it names one, else below the
 * last folder named as the repository. Anything else stays as decoded.
 */
function checkoutPaths(run: JsonObject, repository: string | undefined): (uri: string, path: string) => string {
  const workingUri = asText(own(asObject(own(asObjects(own(run, 'invocations'))[0] ?? {}, 'workingDirectory')), 'uri'))
  const working = workingUri?.startsWith('file:') ? decodeUriPath(workingUri).replace(/\/*$/, '/') : undefined
  return (uri, path) => {
    if (!uri.startsWith('file:') && !uri.startsWith('/')) return path
    if (working !== undefined && path.startsWith(working) && path.length > working.length)
      return path.slice(working.length)
    const segments = path.split('/')
    const checkout = checkoutEnd(segments, repository)
    return checkout < 0 ? path : segments.slice(checkout + 1).join('/')
  }
}

function placeOf(
  result: JsonObject,
  artifacts: JsonObject[],
  paths: Map<string, string>,
  inCheckout: (uri: string, path: string) => string,
): Place {
  const location = asObjects(own(result, 'locations'))[0] ?? {}
  const physical = asObject(own(location, 'physicalLocation'))
  const artifact = asObject(own(physical, 'artifactLocation'))
  const artifactIndex = asNumber(own(artifact, 'index'))
  const uri =
    asText(own(artifact, 'uri')) ??
    (artifactIndex !== undefined
      ? asText(own(asObject(own(artifacts[artifactIndex] ?? {}, 'location')), 'uri'))
      : undefined)
  const region = asObject(own(physical, 'region'))
  const positive = (value: number | undefined) => (value !== undefined && value > 0 ? Math.floor(value) : undefined)
  let file: string | undefined
  if (uri) {
    file = paths.get(uri)
    if (file === undefined) {
      file = inCheckout(uri, decodeUriPath(uri))
      paths.set(uri, file)
    }
  }
  const context =
    textOf(own(region, 'snippet')) ??
    textOf(own(asObject(own(physical, 'contextRegion')), 'snippet')) ??
    asText(own(asObjects(own(location, 'logicalLocations'))[0] ?? {}, 'fullyQualifiedName'))
  return {
    file,
    line: positive(asNumber(own(region, 'startLine'))),
    endLine: positive(asNumber(own(region, 'endLine'))),
    column: positive(asNumber(own(region, 'startColumn'))),
    context,
    message: textOf(own(location, 'message')),
  }
}

/** The fingerprint that keys a result: `fingerprints` first, else `partialFingerprints`. */
function fingerprintOf(result: JsonObject): string | undefined {
  for (const [field, preferred] of [
    ['fingerprints', undefined],
    ['partialFingerprints', 'primaryLocationLineHash'],
  ] as const) {
    const value = own(result, field)
    if (value === undefined) continue
    const prints = asObject(value)
    const names = Object.keys(prints)
      .filter((name) => typeof prints[name] === 'string' && (prints[name] as string).trim() !== '')
      .sort()
    const name = preferred && names.includes(preferred) ? preferred : names[0]
    if (name) return `${name}=${(prints[name] as string).trim()}`
  }
  return undefined
}

interface PackageFacts {
  name?: string
  version?: string
  ecosystem?: string
  fixes: string[]
  word?: string
}

const line = (text: string, label: string) => new RegExp(`^[ \\t]*${label}:[ \\t]*(.*)$`, 'm').exec(text)?.[1]?.trim()

/**
 * The package a dependency scanner's SARIF result names, in each tool's wording: Trivy's
 * `Package:` / `Installed Version:` lines, Grype's `…package: log4j-core, version 2.14.1 was
 * found…`, OSV-Scanner's `Package 'lodash@4.17.20' is vulnerable…`, else `name@version`.
 */
export function packageOfMessage(fullMessage: string, locationMessage = ''): PackageFacts {
  const message = fullMessage.slice(0, MESSAGE_SCAN)
  const trivyName = line(message, 'Package')
  if (trivyName) {
    return {
      name: trivyName,
      version: line(message, 'Installed Version') || undefined,
      fixes: (line(message, 'Fixed Version') ?? '').split(',').map((fix) => fix.trim()),
      word: line(message, 'Severity'),
    }
  }
  const grype =
    /\b(\w+) vulnerability in (\S+) package: (.+?), version (\S+?) was found/.exec(message) ??
    /\b(\w+) vulnerability in (\S+) package: (.+?), version (\S+)/.exec(message)
  if (grype) return { name: grype[3], version: grype[4], ecosystem: grype[2], word: grype[1], fixes: [] }
  const grypeOld = /reports (\S+) at version (\S+) {1,2}which would result in a vulnerable \((\S+)\) package/.exec(
    message,
  )
  if (grypeOld) return { name: grypeOld[1], version: grypeOld[2], ecosystem: grypeOld[3], fixes: [] }
  const osv = /Package '(.+)@([^'@]+)' is vulnerable/.exec(message)
  if (osv) return { name: osv[1], version: osv[2], fixes: [] }
  for (const text of [locationMessage.slice(0, MESSAGE_SCAN), message]) {
    const generic = /(?:^|[\s:'"(])((?:@[\w.-]+\/)?[\w.-]+(?:[:/][\w.-]+)*)@(\d[\w.+~:-]*)/.exec(text)
    if (generic) return { name: generic[1], version: generic[2], fixes: [] }
  }
  return { fixes: [] }
}

/** Grype's help text lists the fixes: `Fix Version: 2.15.0,2.12.2`. */
const fixesOfHelp = (help: string | undefined) =>
  (help ? (line(help, 'Fix Version') ?? '') : '').split(',').map((fix) => fix.trim())

/** Findings of one run identity, however many runs of the file have it. */
interface RunState {
  tool: string
  run: string
  repository?: string
  scannedAt?: string
  collector: FindingCollector<ScanFinding>
  skipped: { notFail: number; suppressed: number; absent: number; noLocation: number; noRule: number; licences: number }
}

/** Reads a SARIF 2.1.0 log: one result per run identity; results become code findings or vulnerabilities. */
export function readSarif(log: JsonObject, options: ReadOptions = {}): ReadResult[] {
  const version = asText(own(log, 'version'))
  if (version !== '2.1.0') {
    throw new ReaderError(
      version?.startsWith('1.')
        ? `This is SARIF ${version}; Vigil reads SARIF 2.1.0. Ask the tool for SARIF 2.1.0 output.`
        : `This SARIF log has version "${version ?? 'none'}"; Vigil reads SARIF 2.1.0.`,
    )
  }
  const runs = asObjects(own(log, 'runs'))
  if (runs.length === 0) throw new ReaderError('This SARIF log has no runs: there is nothing to import.')
  const states = new Map<string, RunState>()
  for (const run of runs) readRun(run, options, states)
  return [...states.values()].map(resultOf)
}

/**
 * The category of a run's automation id: everything up to its last `/` (CodeQL writes
 * `/language:javascript/`, GitHub `category/run-id`). An id without a `/` is taken whole.
 */
export function automationCategory(id: string | undefined): string | undefined {
  if (!id) return undefined
  const slash = id.lastIndexOf('/')
  return slash < 0 ? id : id.slice(0, slash + 1)
}

function readRun(run: JsonObject, options: ReadOptions, states: Map<string, RunState>) {
  const tool = asObject(own(run, 'tool'))
  const driver = toolComponent(own(tool, 'driver'))
  const extensions = asObjects(own(tool, 'extensions')).map(toolComponent)
  const artifacts = asObjects(own(run, 'artifacts'))
  const provenance = asObjects(own(run, 'versionControlProvenance'))[0]
  const repositoryUri = provenance ? asText(own(provenance, 'repositoryUri')) : undefined
  const invocations = asObjects(own(run, 'invocations'))
  const category = automationCategory(asText(own(asObject(own(run, 'automationDetails')), 'id')))
  const runId = runOf(driver.name, category ?? options.fileName)
  let state = states.get(runId)
  if (!state) {
    state = {
      tool: driver.name,
      run: runId,
      collector: new FindingCollector<ScanFinding>(),
      skipped: { notFail: 0, suppressed: 0, absent: 0, noLocation: 0, noRule: 0, licences: 0 },
    }
    states.set(runId, state)
  }
  // Trivy names the image it scanned in the run's properties; without its tag, it names a repository.
  const image = asText(own(asObject(own(run, 'properties')), 'imageName'))
  state.repository ??= repositoryUri
    ? repositoryNameOf(repositoryUri)
    : image && !isLocalPath(image)
      ? imageName(image)
      : undefined
  const scannedAt = invocations
    .map((invocation) => asIsoTime(own(invocation, 'endTimeUtc')) ?? asIsoTime(own(invocation, 'startTimeUtc')))
    .filter((time): time is string => time !== undefined)
    .sort()
    .at(-1)
  if (scannedAt && (!state.scannedAt || scannedAt > state.scannedAt)) state.scannedAt = scannedAt
  const { collector, skipped } = state
  const isTrivy = driver.name === 'Trivy'

  // What a rule says is worked out once per rule, not once per result (a log can have 100,000).
  const facts = new Map<JsonObject | undefined, RuleFacts>()
  const factsOf = (rule: JsonObject | undefined): RuleFacts => {
    let known = facts.get(rule)
    if (!known) {
      known = ruleFacts(rule ?? {})
      facts.set(rule, known)
    }
    return known
  }
  const paths = new Map<string, string>()
  const inCheckout = checkoutPaths(run, options.repository)
  const advisories = new Map<string, string | undefined>()
  const advisoryOf = (ruleId: string) => {
    if (!advisories.has(ruleId)) advisories.set(ruleId, leadingAdvisoryId(ruleId))
    return advisories.get(ruleId)
  }

  for (const result of asObjects(own(run, 'results'))) {
    const kind = asText(own(result, 'kind')) ?? 'fail'
    if (kind !== 'fail') {
      skipped.notFail += 1
      continue
    }
    if (isSuppressed(result)) {
      skipped.suppressed += 1
      continue
    }
    if (asText(own(result, 'baselineState')) === 'absent') {
      skipped.absent += 1
      continue
    }
    const rule = findRule(result, driver, extensions)
    const ruleId =
      asText(own(result, 'ruleId')) ?? asText(own(asObject(own(result, 'rule')), 'id')) ?? asText(own(rule ?? {}, 'id'))
    if (!ruleId) {
      skipped.noRule += 1
      continue
    }
    const ruleFacts = factsOf(rule)
    if (isTrivy && ruleFacts.name === 'License') {
      skipped.licences += 1
      continue
    }
    const level = asText(own(result, 'level')) ?? ruleFacts.level
    const message = messageText(result, rule) ?? ''
    const place = placeOf(result, artifacts, paths, inCheckout)
    if (!place.file) skipped.noLocation += 1
    const location = place.file ? { file: place.file, line: place.line, endLine: place.endLine } : undefined
    const resultProperties = asObject(own(result, 'properties'))
    const resultTags = asArray(own(resultProperties, 'tags'))
    const cwes = resultTags.length ? unique([...ruleFacts.cwes, ...cwesOf(resultTags)]) : ruleFacts.cwes
    const securitySeverity =
      securitySeverityOf(own(resultProperties, 'security-severity')) ?? ruleFacts.securitySeverity
    const title = ruleFacts.title ?? message.split('\n')[0] ?? ruleId
    const advisory = advisoryOf(ruleId)

    if (advisory || (isTrivy && ruleFacts.name && trivyPackageRules.has(ruleFacts.name))) {
      // A dependency scanner writing SARIF: the rule is an advisory, the location its manifest or image.
      const pkg = packageOfMessage(message, place.message)
      const identity = canonicalAdvisory([advisory ?? ruleId, ...ruleFacts.aliases])
      const purl = ruleFacts.purls.find((candidate) => pkg.name && purlNames(candidate, pkg.name))
      const cvss = preferredScore(ruleFacts.vectors.map((vector) => scoreVector(vector)))
      const ecosystem = pkg.ecosystem ?? (purl ? /^pkg:([^/]+)\//.exec(purl)?.[1] : undefined)
      const packageName = pkg.name ?? 'unknown package'
      const finding: VulnerabilityFinding = {
        kind: 'vulnerability',
        key: findingKey({
          kind: 'package',
          advisoryId: identity.advisoryId,
          package: pkg.name
            ? packageIdentity({ purl, ecosystem, name: pkg.name, version: pkg.version })
            : { type: 'unknown', name: ruleId, version: `message:${textHash(message)}` },
          location: place.file,
        }),
        tool: driver.name,
        advisoryId: identity.advisoryId,
        aliases: identity.aliases,
        title,
        description: ruleFacts.fullDescription ?? message,
        severity: cvss ? severityOfScore(cvss.score) : (securitySeverity?.band ?? 'Unknown'),
        toolSeverity: pkg.word ?? level,
        cvss,
        cwes,
        packageName,
        packageVersion: pkg.version,
        ecosystem,
        purl,
        fixedVersion: fixAbove(
          pkg.version,
          [...pkg.fixes, ...fixesOfHelp(ruleFacts.help)],
          schemeOf(purlTypeOf(ecosystem) ?? ecosystem),
        ),
        location,
        url: ruleFacts.helpUri,
      }
      collector.add(finding, { line: place.line, column: place.column, text: message })
      continue
    }

    const secretScanner = secretScanners.has(driver.name.toLowerCase())
    const secret = secretScanner || (isTrivy && ruleFacts.name === 'Secret')
    const maskedMatch = secret ? maskSecret(secretScanner ? place.context : line(message, 'Match')) : undefined
    const fingerprint = secret ? undefined : fingerprintOf(result)
    const finding: PolicyIssueFinding = {
      kind: 'policy-issue',
      key: secret
        ? findingKey({ kind: 'secret', ruleId, file: place.file, context: maskedMatch })
        : findingKey({ kind: 'code', ruleId, file: place.file, fingerprint, context: place.context }),
      tool: driver.name,
      ruleId,
      title,
      // A secret's message quotes its match: only the masked match is kept.
      message: secret ? message.replace(/^(\s*Match:[ \t]*).*$/m, `$1${maskedMatch}`) : message,
      enforcementStatus: enforcementOf.get(level) ?? 'Recommended',
      severity: securitySeverity?.band ?? 'Unknown',
      toolSeverity: level,
      cwes,
      helpUri: ruleFacts.helpUri,
      location,
      category: secret ? 'secret' : isTrivy && ruleFacts.name === 'Misconfiguration' ? 'misconfiguration' : 'code',
      securitySeverity,
      fingerprint,
      maskedMatch,
    }
    collector.add(finding, { line: place.line, column: place.column, text: message })
  }
}

/** Whether a package URL names this package (Grype lists the purl of the rule's first match). */
function purlNames(purl: string, name: string): boolean {
  const path = purl.split(/[?#@]/)[0]
  const last = decodeURIComponentSafe(path.split('/').pop() ?? '')
  return last.toLowerCase() === name.split(/[/:]/).pop()?.toLowerCase()
}

function decodeURIComponentSafe(text: string): string {
  try {
    return decodeURIComponent(text)
  } catch {
    return text
  }
}

function resultOf(state: RunState): ReadResult {
  const { skipped, collector } = state
  const findings = collector.findings()
  const warnings: string[] = []
  if (skipped.noLocation) warnings.push(`${plural(skipped.noLocation, 'result')} had no location`)
  if (skipped.suppressed) warnings.push(`${plural(skipped.suppressed, 'suppressed result')} left out`)
  if (skipped.notFail)
    warnings.push(`${plural(skipped.notFail, 'result')} that did not fail (pass, open, review...) left out`)
  if (skipped.absent)
    warnings.push(`${plural(skipped.absent, 'result')} the tool marks absent (gone since its baseline) left out`)
  if (skipped.noRule) warnings.push(`${plural(skipped.noRule, 'result')} without a rule id left out`)
  if (skipped.licences)
    warnings.push(`${plural(skipped.licences, 'licence finding')} not imported: licences are not shown`)
  if (collector.repeated)
    warnings.push(`${plural(collector.repeated, 'result')} repeated in the file (the same result twice) counted once`)
  return {
    format: 'sarif',
    tool: state.tool,
    run: state.run,
    repository: state.repository,
    scannedAt: state.scannedAt,
    findings,
    warnings,
    files: unique(findings.flatMap((finding) => (finding.location ? [finding.location.file] : []))),
    ecosystems: unique(
      findings.flatMap((finding) => (finding.kind === 'vulnerability' && finding.ecosystem ? [finding.ecosystem] : [])),
    ),
  }
}
