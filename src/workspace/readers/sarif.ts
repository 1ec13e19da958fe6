import type { EnforcementStatus } from '@/data/findings'
import { leadingAdvisoryId } from '@/workspace/model/advisory-ids'
import { FindingCollector } from '@/workspace/model/duplicate-findings'
import { findingKey, runIdOf } from '@/workspace/model/finding-keys'
import {
  asArray,
  asIsoTime,
  asObject,
  asObjects,
  asText,
  own,
  plural,
  unique,
  type JsonObject,
} from '@/workspace/files/json'
import {
  ReaderError,
  type PolicyIssueFinding,
  type ReadOptions,
  type ReadResult,
  type ScanFinding,
} from '@/workspace/model/model'
import { imageName, isLocalPath, repositoryNameOf } from '@/workspace/model/repository-name'
import { maskSecret } from './secret-mask'
import { labelledLine, vulnerabilityOf } from './sarif-dependency-results'
import { checkoutPaths, placeOf } from './sarif-places'
import {
  cwesOf,
  findRule,
  messageText,
  ruleFacts,
  securitySeverityOf,
  toolComponent,
  type RuleFacts,
} from './sarif-rules'

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

function isSuppressed(result: JsonObject): boolean {
  // A suppression counts unless it is under review or rejected.
  return asObjects(own(result, 'suppressions')).some((suppression) => {
    const status = asText(own(suppression, 'status'))
    return status === undefined || status === 'accepted'
  })
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
  const runId = runIdOf(driver.name, category ?? options.fileName)
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
      const finding = vulnerabilityOf({
        tool: driver.name,
        ruleId,
        advisory,
        rule: ruleFacts,
        level,
        message,
        place,
        location,
        title,
        cwes,
        securitySeverity,
      })
      collector.add(finding, { line: place.line, column: place.column, text: message })
      continue
    }

    const secretScanner = secretScanners.has(driver.name.toLowerCase())
    const secret = secretScanner || (isTrivy && ruleFacts.name === 'Secret')
    const maskedMatch = secret ? maskSecret(secretScanner ? place.context : labelledLine(message, 'Match')) : undefined
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
