import type { EnforcementStatus } from '@/data/findings'
import { asArray, asNumber, asObject, asObjects, asText, own, plural, unique, type JsonObject } from '@/workspace/json'
import { ReaderError, type ScanFinding, type FindingSeverity, type ReadResult } from '@/workspace/model'
import { repositoryNameOf } from '@/workspace/repository-name'
import { severityOfScore, severityOfWord } from '@/workspace/severity'

/** SARIF level -> enforcement (error Mandatory, warning Recommended, note/none Optional). */
const enforcementOf: Record<string, EnforcementStatus> = {
  error: 'Mandatory',
  warning: 'Recommended',
  note: 'Optional',
  none: 'Optional',
}

const ADVISORY = /\b(CVE-\d{4}-\d{4,}|GHSA(?:-[23456789cfghjmpqrvwx]{4}){3})\b/i

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

/** `{0}`-style placeholders filled from the message's arguments; `{{` and `}}` are braces. */
export function fillArguments(text: string, args: unknown[]): string {
  return text.replace(/\{\{|\}\}|\{(\d+)\}/g, (match, index: string | undefined) => {
    if (match === '{{') return '{'
    if (match === '}}') return '}'
    const value = args[Number(index)]
    return value === undefined ? match : String(value)
  })
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
  if (index !== undefined && Number.isInteger(index) && component.rules[index]) return component.rules[index]
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
  // A suppression counts unless it is under review or rejected (SARIF §3.35).
  return asObjects(own(result, 'suppressions')).some((suppression) => {
    const status = asText(own(suppression, 'status'))
    return status === undefined || status === 'accepted'
  })
}

interface RuleFacts {
  level: string
  title?: string
  fullDescription?: string
  helpUri?: string
  cwes: string[]
  score?: number
}

function ruleFacts(rule: JsonObject): RuleFacts {
  return {
    level: asText(own(asObject(own(rule, 'defaultConfiguration')), 'level')) ?? 'warning',
    title: textOf(own(rule, 'shortDescription')) ?? asText(own(rule, 'name')),
    fullDescription: textOf(own(rule, 'fullDescription')),
    helpUri: asText(own(rule, 'helpUri')),
    cwes: cwesOf(asArray(own(asObject(own(rule, 'properties')), 'tags'))),
    score: securitySeverity(rule),
  }
}

function locationOf(result: JsonObject, artifacts: JsonObject[], paths: Map<string, string>) {
  const physical = asObject(own(asObjects(own(result, 'locations'))[0] ?? {}, 'physicalLocation'))
  const artifact = asObject(own(physical, 'artifactLocation'))
  const artifactIndex = asNumber(own(artifact, 'index'))
  const uri =
    asText(own(artifact, 'uri')) ??
    (artifactIndex !== undefined
      ? asText(own(asObject(own(artifacts[artifactIndex] ?? {}, 'location')), 'uri'))
      : undefined)
  if (!uri) return undefined
  const line = asNumber(own(asObject(own(physical, 'region')), 'startLine'))
  let file = paths.get(uri)
  if (file === undefined) {
    file = decodeUriPath(uri)
    paths.set(uri, file)
  }
  return { file, line: line !== undefined && line > 0 ? Math.floor(line) : undefined }
}

/** A repository-relative path from an artifact URI (`file:///src/a.js`, `src/a%20b.js`). */
function decodeUriPath(uri: string): string {
  let path = uri.replace(/^file:\/\/[^/]*/, '')
  try {
    path = decodeURIComponent(path)
  } catch {
    // keep it as written
  }
  return path.replace(/^\/+/, '') || uri
}

/** A rule's or result's `security-severity`: a score, or a severity word at its band's floor. */
function securitySeverity(source: JsonObject): number | undefined {
  const value = own(asObject(own(source, 'properties')), 'security-severity')
  return asNumber(value) ?? wordScore[severityOfWord(value)]
}

const wordScore: Record<FindingSeverity, number | undefined> = {
  Critical: 9,
  High: 7,
  Medium: 4,
  Low: 0.1,
  Unknown: undefined,
}

const textOf = (value: unknown) => asText(own(asObject(value), 'text'))

/** Reads a SARIF 2.1.0 log: every run is its own tool; results become policy issues or vulnerabilities. */
export function readSarif(log: JsonObject): ReadResult[] {
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
  return runs.map(readRun)
}

function readRun(run: JsonObject): ReadResult {
  const tool = asObject(own(run, 'tool'))
  const driver = toolComponent(own(tool, 'driver'))
  const extensions = asObjects(own(tool, 'extensions')).map(toolComponent)
  const artifacts = asObjects(own(run, 'artifacts'))
  const provenance = asObjects(own(run, 'versionControlProvenance'))[0]
  const repositoryUri = provenance ? asText(own(provenance, 'repositoryUri')) : undefined
  const invocation = asObjects(own(run, 'invocations'))[0] ?? {}
  const findings: ScanFinding[] = []
  const skipped = { notFail: 0, suppressed: 0, noLocation: 0, noRule: 0 }
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
  const advisories = new Map<string, RegExpExecArray | null>()

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
    const rule = findRule(result, driver, extensions)
    const ruleId =
      asText(own(result, 'ruleId')) ?? asText(own(asObject(own(result, 'rule')), 'id')) ?? asText(own(rule ?? {}, 'id'))
    if (!ruleId) {
      skipped.noRule += 1
      continue
    }
    const facts = factsOf(rule)
    const level = asText(own(result, 'level')) ?? facts.level
    const message = messageText(result, rule) ?? ''
    const title = facts.title ?? message.split('\n')[0] ?? ruleId
    const location = locationOf(result, artifacts, paths)
    if (!location) skipped.noLocation += 1
    const resultProperties = own(result, 'properties')
    const cwes = resultProperties
      ? unique([...facts.cwes, ...cwesOf(asArray(own(asObject(resultProperties), 'tags')))])
      : facts.cwes
    const helpUri = facts.helpUri
    const score = (resultProperties ? securitySeverity(result) : undefined) ?? facts.score
    const fingerprint =
      Object.values(asObject(own(result, 'fingerprints'))).find((value) => typeof value === 'string') ??
      Object.values(asObject(own(result, 'partialFingerprints'))).find((value) => typeof value === 'string')
    const where = location ? `${location.file}:${location.line ?? ''}` : `#${String(fingerprint ?? message)}`
    const advisoryKey = `${ruleId}\u0000${title}`
    let advisory = advisories.get(advisoryKey)
    if (advisory === undefined) {
      advisory = ADVISORY.exec(ruleId) ?? ADVISORY.exec(title)
      advisories.set(advisoryKey, advisory)
    }

    if (advisory) {
      // A dependency scanner writing SARIF: the rule is an advisory, the location its manifest.
      const advisoryId = advisory[1].toUpperCase().replace(/^GHSA/, 'GHSA')
      const packageMatch = /([@\w./:-]+)@(\d[\w.+-]*)/.exec(message)
      findings.push({
        kind: 'vulnerability',
        key: `${advisoryId}|${packageMatch?.[0] ?? where}`,
        tool: driver.name,
        advisoryId,
        aliases: [],
        title,
        description: facts.fullDescription ?? message,
        severity: severityOfScore(score),
        toolSeverity: level,
        cwes,
        packageName: packageMatch?.[1] ?? location?.file ?? 'unknown package',
        packageVersion: packageMatch?.[2],
        location,
        url: helpUri,
      })
      continue
    }
    findings.push({
      kind: 'policy-issue',
      key: `${ruleId}|${where}|${fingerprint ?? ''}`,
      tool: driver.name,
      ruleId,
      title,
      message,
      enforcementStatus: enforcementOf[level] ?? 'Recommended',
      severity: severityOfScore(score),
      toolSeverity: level,
      cwes,
      helpUri,
      location,
    })
  }

  const warnings: string[] = []
  if (skipped.noLocation) warnings.push(`${plural(skipped.noLocation, 'result')} had no location`)
  if (skipped.suppressed) warnings.push(`${plural(skipped.suppressed, 'suppressed result')} left out`)
  if (skipped.notFail)
    warnings.push(`${plural(skipped.notFail, 'result')} that did not fail (pass, open, review...) left out`)
  if (skipped.noRule) warnings.push(`${plural(skipped.noRule, 'result')} without a rule id left out`)

  return {
    format: 'sarif',
    tool: driver.name,
    repository: repositoryUri ? repositoryNameOf(repositoryUri) : undefined,
    scannedAt: asText(own(invocation, 'endTimeUtc')) ?? asText(own(invocation, 'startTimeUtc')),
    findings,
    warnings,
    files: unique(findings.flatMap((finding) => (finding.location ? [finding.location.file] : []))),
    ecosystems: [],
  }
}
