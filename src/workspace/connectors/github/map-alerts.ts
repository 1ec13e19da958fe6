import {
  asArray,
  asIsoTime,
  asNumber,
  asObject,
  asObjects,
  asText,
  isObject,
  own,
  plural,
  compact,
  type JsonObject,
} from '@/workspace/files/json'
import { canonicalAdvisory } from '@/workspace/model/advisory-ids'
import { findingKey } from '@/workspace/model/finding-keys'
import type { EnforcementStatus } from '@/data/findings'
import type {
  EpssScore,
  FindingSource,
  PolicyIssueFinding,
  ScanFinding,
  SecretAlertFacts,
  SecuritySeverity,
  VulnerabilityFinding,
} from '@/workspace/model/model'
import { packageIdentity } from '@/workspace/model/package-identity'
import { cleanRepositoryName } from '@/workspace/model/repository-name'
import { preferredScore, scoreVector, severityOfScore, severityOfWord } from '@/workspace/model/severity'
import { cwesOf } from '@/workspace/readers/sarif-rules'
import type { AlertKind } from './alert-types'

/**
 * GitHub's security alerts (a page of `GET /orgs/{org}/{dependabot,code-scanning,secret-scanning}/alerts`)
 * as Vigil's findings, with the identity rules the readers use (`finding-keys.ts`,
 * `advisory-ids.ts`, `package-identity.ts`). Pure: no request, no store. An alert of a shape
 * this does not know is counted in `skipped` with its reason, never thrown on.
 */

/** The tool a Dependabot finding names. */
const DEPENDABOT = 'Dependabot'
/** The tool a secret scanning finding names. */
const SECRET_SCANNING = 'GitHub secret scanning'
/** The tool a code scanning finding names when the alert does not name its own (CodeQL, Semgrep…). */
const CODE_SCANNING = 'GitHub code scanning'

/**
 * GitHub's ecosystem names (`dependabot-alert-package.ecosystem`) → the names the readers write
 * (OSV's), so that a package has one identity whoever reported it: `pip` → `PyPI`, `rust` →
 * `crates.io`. An ecosystem not listed is kept as GitHub writes it.
 */
export const ecosystemNames: ReadonlyMap<string, string> = new Map([
  ['npm', 'npm'],
  ['pip', 'PyPI'],
  ['maven', 'Maven'],
  ['nuget', 'NuGet'],
  ['composer', 'Packagist'],
  ['rubygems', 'RubyGems'],
  ['go', 'Go'],
  ['rust', 'crates.io'],
  ['pub', 'Pub'],
  ['swift', 'SwiftURL'],
  ['erlang', 'Hex'],
  ['actions', 'GitHub Actions'],
])

const ecosystemOf = (github: string): string => ecosystemNames.get(github.trim().toLowerCase()) ?? github.trim()

/** A GitHub repository as Vigil keeps it: one Vigil repository per GitHub repository. */
export interface GitHubRepository {
  /** GitHub's `name`: Vigil's name for the repository. */
  name: string
  /** `owner/name`. */
  fullName: string
  /** From `private`; unset when GitHub did not say. */
  visibility?: 'private' | 'public'
  url?: string
}

/**
 * What became of an alert in GitHub:
 * - `open`: a finding, needing triage;
 * - `dismissed`: a finding still there, closed by a person's decision in GitHub (Dependabot and
 *   code scanning `dismissed`, secret scanning `resolved` by a person): `dismissal` holds it, and
 *   `map-decisions.ts` turns it into a Vigil decision;
 * - `fixed`: no longer found (`fixed_at`): history, not a finding;
 * - `auto-dismissed`: closed by GitHub itself, not by a person (Dependabot's `auto_dismissed`, a
 *   secret resolved because its custom pattern was edited or deleted): history, not a finding.
 */
export type AlertStatus = 'open' | 'dismissed' | 'fixed' | 'auto-dismissed'

/** A person's dismissal (or resolution) in GitHub's words. */
export interface GitHubDismissal {
  /** As the API writes it: `tolerable_risk`, `won't fix`, `revoked`…; unset when GitHub gave none. */
  reason?: string
  comment?: string
  /** Who, when GitHub names them (a deleted account is `null`). */
  by?: { login: string; id?: number }
  /** When (ISO 8601, UTC). */
  at?: string
}

/** One alert mapped. */
export interface MappedAlert {
  kind: AlertKind
  /** The Vigil repository (GitHub's `name`). */
  repository: string
  status: AlertStatus
  finding: ScanFinding
  createdAt?: string
  updatedAt?: string
  /** When it was closed: dismissed or resolved, fixed, or auto-dismissed (ISO 8601, UTC). */
  closedAt?: string
  /** Set when a person dismissed or resolved it. */
  dismissal?: GitHubDismissal
}

export interface SkippedAlert {
  kind: AlertKind
  /** Its place in the page (0 first). */
  index: number
  number?: number
  repository?: string
  /** Why, in plain words. */
  reason: string
}

/** A page of alerts mapped: an importer tells open, dismissed and closed apart by the list and the status. */
export interface AlertPage {
  /** Every repository the page names, once each. */
  repositories: GitHubRepository[]
  /** Alerts whose finding is still there: `open` and `dismissed`. */
  current: MappedAlert[]
  /** Alerts that are history only: `fixed` and `auto-dismissed`. */
  history: MappedAlert[]
  skipped: SkippedAlert[]
}

export interface MapOptions {
  /**
   * The installed version of a package, when the caller knows it: GitHub's alerts name the
   * manifest and the vulnerable range, never the version installed. Given the version another
   * tool reported for the same advisory, package and manifest in that repository, the Dependabot
   * finding's key is that tool's key exactly; left out, the key has no version, and
   * `uniqueFindings` still counts the two reports once (a version either tool leaves out agrees).
   */
  installedVersion?: (query: {
    repository: string
    ecosystem: string
    packageName: string
    manifest?: string
    advisoryId: string
    aliases: string[]
  }) => string | undefined
}

const dependabotStates = new Map<string, AlertStatus>([
  ['open', 'open'],
  ['dismissed', 'dismissed'],
  ['fixed', 'fixed'],
  ['auto_dismissed', 'auto-dismissed'],
])
const codeScanningStates = new Map<string, AlertStatus>([
  ['open', 'open'],
  ['dismissed', 'dismissed'],
  ['fixed', 'fixed'],
])
/** Resolutions GitHub sets itself, when a custom pattern changes: no one decided about the secret. */
const resolvedByGitHub = new Set(['pattern_edited', 'pattern_deleted'])

/** Code scanning's rule severity is SARIF's level: error Mandatory, warning Recommended, note/none Optional. */
const enforcementOf = new Map<string, EnforcementStatus>([
  ['error', 'Mandatory'],
  ['warning', 'Recommended'],
  ['note', 'Optional'],
  ['none', 'Optional'],
])

const kindNames: Record<AlertKind, string> = {
  dependabot: 'Dependabot alert',
  'code-scanning': 'code scanning alert',
  'secret-scanning': 'secret scanning alert',
}

const positiveInteger = (value: unknown): number | undefined => {
  const number = asNumber(value)
  return number !== undefined && Number.isInteger(number) && number > 0 ? number : undefined
}

const booleanOf = (value: unknown): boolean | undefined => (typeof value === 'boolean' ? value : undefined)

function userOf(value: unknown): GitHubDismissal['by'] {
  if (!isObject(value)) return undefined
  const login = asText(own(value, 'login'))
  if (!login) return undefined
  const id = positiveInteger(own(value, 'id'))
  return id === undefined ? { login } : { login, id }
}

function repositoryOf(alert: JsonObject): GitHubRepository | undefined {
  const repository = asObject(own(alert, 'repository'))
  const written = asText(own(repository, 'name'))
  const name = written === undefined ? undefined : cleanRepositoryName(written)
  const fullName = asText(own(repository, 'full_name'))
  if (!name || !fullName) return undefined
  const isPrivate = booleanOf(own(repository, 'private'))
  return compact({
    name,
    fullName,
    visibility: isPrivate === undefined ? undefined : isPrivate ? ('private' as const) : ('public' as const),
    url: asText(own(repository, 'html_url')),
  })
}

/** What every kind of alert has: its number, page and repository. */
interface AlertBase {
  number: number
  url: string
  repository: GitHubRepository
  createdAt?: string
  updatedAt?: string
}

/** The alert's source as a finding keeps it. */
const sourceOf = (kind: FindingSource['kind'], base: AlertBase): FindingSource => ({
  provider: 'github',
  kind,
  number: base.number,
  url: base.url,
  repository: base.repository.fullName,
})

/** When a Dependabot or code scanning alert closed (by its status's time field), and its dismissal. */
function closingOf(alert: JsonObject, status: AlertStatus): Pick<MappedAlert, 'closedAt' | 'dismissal'> {
  const closedField = { dismissed: 'dismissed_at', fixed: 'fixed_at', 'auto-dismissed': 'auto_dismissed_at' }
  return {
    closedAt:
      status in closedField ? asIsoTime(own(alert, closedField[status as keyof typeof closedField])) : undefined,
    dismissal:
      status === 'dismissed'
        ? dismissalOf(alert, {
            reason: 'dismissed_reason',
            comment: 'dismissed_comment',
            by: 'dismissed_by',
            at: 'dismissed_at',
          })
        : undefined,
  }
}

function dismissalOf(alert: JsonObject, fields: { reason: string; comment: string; by: string; at: string }) {
  return compact<GitHubDismissal>({
    reason: asText(own(alert, fields.reason)),
    comment: asText(own(alert, fields.comment)),
    by: userOf(own(alert, fields.by)),
    at: asIsoTime(own(alert, fields.at)),
  })
}

/** An EPSS number as a fraction: GitHub gives fractions; a value above 1 can only be a percentage. */
function fractionOf(value: unknown): number | undefined {
  const number = asNumber(value)
  if (number === undefined || number < 0 || number > 100) return undefined
  return number > 1 ? number / 100 : number
}

/** `security_advisory.epss`: an object as the description says (a list in some of GitHub's examples). */
export function epssOf(value: unknown): EpssScore | undefined {
  const entry = Array.isArray(value) ? asObjects(value)[0] : isObject(value) ? value : undefined
  if (!entry) return undefined
  const score = fractionOf(own(entry, 'percentage'))
  if (score === undefined) return undefined
  const percentile = fractionOf(own(entry, 'percentile'))
  return percentile === undefined ? { score } : { score, percentile }
}

type Mapped = Omit<MappedAlert, 'kind' | 'repository' | 'createdAt' | 'updatedAt'>

function mapDependabot(alert: JsonObject, base: AlertBase, options: MapOptions): Mapped | string {
  const state = asText(own(alert, 'state'))
  const status = state === undefined ? undefined : dependabotStates.get(state)
  if (!status) return state ? `unknown state "${state}"` : 'no state'
  const advisory = asObject(own(alert, 'security_advisory'))
  const vulnerability = asObject(own(alert, 'security_vulnerability'))
  const dependency = asObject(own(alert, 'dependency'))
  const ghsa = asText(own(advisory, 'ghsa_id'))
  if (!ghsa) return 'no advisory id (security_advisory.ghsa_id)'
  const pkg = isObject(own(dependency, 'package'))
    ? asObject(own(dependency, 'package'))
    : asObject(own(vulnerability, 'package'))
  const packageName = asText(own(pkg, 'name'))
  const githubEcosystem = asText(own(pkg, 'ecosystem'))
  if (!packageName || !githubEcosystem) return 'no package (dependency.package: ecosystem and name)'
  const ecosystem = ecosystemOf(githubEcosystem)
  const { advisoryId, aliases } = canonicalAdvisory([
    ghsa,
    asText(own(advisory, 'cve_id')),
    ...asObjects(own(advisory, 'identifiers')).map((identifier) => asText(own(identifier, 'value'))),
  ])
  const manifest = asText(own(dependency, 'manifest_path'))
  const installed = options.installedVersion?.({
    repository: base.repository.name,
    ecosystem,
    packageName,
    manifest,
    advisoryId,
    aliases,
  })
  const packageVersion = asText(installed)
  const severities = asObject(own(advisory, 'cvss_severities'))
  const scored = [
    asObject(own(severities, 'cvss_v4')),
    asObject(own(severities, 'cvss_v3')),
    asObject(own(advisory, 'cvss')),
  ]
  const cvss = preferredScore(scored.map((entry) => scoreVector(own(entry, 'vector_string'))))
  // A score without a vector (0 when GitHub has none) still gives a band.
  const givenScore = scored
    .map((entry) => asNumber(own(entry, 'score')))
    .find((score) => score !== undefined && score > 0)
  const word = asText(own(vulnerability, 'severity')) ?? asText(own(advisory, 'severity'))
  const severity =
    cvss !== undefined
      ? severityOfScore(cvss.score)
      : givenScore !== undefined
        ? severityOfScore(givenScore)
        : severityOfWord(word)
  const epss = epssOf(own(advisory, 'epss'))
  const source = sourceOf('dependabot', base)
  const finding: VulnerabilityFinding = compact({
    kind: 'vulnerability' as const,
    key: findingKey({
      kind: 'package',
      advisoryId,
      package: packageIdentity({ ecosystem, name: packageName, version: packageVersion }),
      location: manifest,
    }),
    tool: DEPENDABOT,
    advisoryId,
    aliases,
    title: asText(own(advisory, 'summary')) ?? advisoryId,
    description: asText(own(advisory, 'description')) ?? '',
    severity,
    toolSeverity: word,
    cvss,
    epss: epss?.score,
    exploit: epss ? { epss } : undefined,
    cwes: cwesOf(asObjects(own(advisory, 'cwes')).map((cwe) => own(cwe, 'cwe_id'))),
    packageName,
    packageVersion,
    ecosystem,
    fixedVersion: asText(own(asObject(own(vulnerability, 'first_patched_version')), 'identifier')),
    affectedRange: asText(own(vulnerability, 'vulnerable_version_range')),
    location: manifest ? { file: manifest } : undefined,
    url: base.url,
    source,
  })
  return compact({ status, finding, ...closingOf(alert, status) })
}

/**
 * The fingerprint that keys a code scanning alert. GitHub's API gives no SARIF fingerprint: the
 * alert's number is GitHub's identity of the result (GitHub matches each analysis's results to
 * alerts by their fingerprints), so it plays the part `partialFingerprints` plays in a SARIF key.
 */
const alertFingerprint = (number: number) => `github-alert=${number}`

function mapCodeScanning(alert: JsonObject, base: AlertBase): Mapped | string {
  const state = asText(own(alert, 'state'))
  const status = state === undefined ? undefined : codeScanningStates.get(state)
  if (!status) return state ? `unknown state "${state}"` : 'no state'
  const rule = asObject(own(alert, 'rule'))
  const ruleId = asText(own(rule, 'id'))
  if (!ruleId) return 'no rule id (rule.id)'
  const instance = asObject(own(alert, 'most_recent_instance'))
  const location = asObject(own(instance, 'location'))
  const file = asText(own(location, 'path'))
  const message = asText(own(asObject(own(instance, 'message')), 'text')) ?? ''
  const level = asText(own(rule, 'severity'))
  const band = severityOfWord(own(rule, 'security_severity_level'))
  const securitySeverity: SecuritySeverity | undefined = band === 'Unknown' ? undefined : { band }
  const fingerprint = alertFingerprint(base.number)
  const finding: PolicyIssueFinding = compact({
    kind: 'policy-issue' as const,
    key: findingKey({ kind: 'code', ruleId, file, fingerprint }),
    tool: asText(own(asObject(own(alert, 'tool')), 'name')) ?? CODE_SCANNING,
    ruleId,
    title: asText(own(rule, 'description')) ?? asText(own(rule, 'name')) ?? (message.split('\n')[0] || ruleId),
    message,
    enforcementStatus: (level && enforcementOf.get(level)) || 'Recommended',
    severity: securitySeverity?.band ?? 'Unknown',
    toolSeverity: level,
    cwes: cwesOf(asArray(own(rule, 'tags'))),
    helpUri: asText(own(rule, 'help_uri')),
    location: file
      ? compact({
          file,
          line: positiveInteger(own(location, 'start_line')),
          endLine: positiveInteger(own(location, 'end_line')),
        })
      : undefined,
    category: 'code' as const,
    securitySeverity,
    fingerprint,
    source: sourceOf('code-scanning', base),
  })
  return compact({ status, finding, ...closingOf(alert, status) })
}

const validities = new Set(['active', 'inactive', 'unknown'])

/**
 * Where GitHub first saw a secret: a file of a commit or a wiki commit (path and lines), else an
 * issue, pull request or discussion, known only by its page.
 */
function firstLocationOf(value: unknown): { file?: string; line?: number; endLine?: number; url?: string } {
  if (!isObject(value)) return {}
  const file = asText(own(value, 'path'))
  if (file)
    return { file, line: positiveInteger(own(value, 'start_line')), endLine: positiveInteger(own(value, 'end_line')) }
  const url =
    asText(own(value, 'html_url')) ??
    Object.keys(value)
      .filter((name) => name.endsWith('_url'))
      .map((name) => asText(own(value, name)))
      .find(Boolean)
  return { url }
}

/** A secret's finding says in words what GitHub knows of it, never the secret. */
function secretMessage(display: string, facts: SecretAlertFacts): string {
  const parts = [`${display} found by GitHub secret scanning.`]
  if (facts.validity) parts.push(`GitHub's latest validity check: ${facts.validity}.`)
  if (facts.pushProtectionBypass) {
    const { by, at } = facts.pushProtectionBypass
    parts.push(`Pushed past push protection${by ? ` by ${by}` : ''}${at ? ` on ${at.slice(0, 10)}` : ''}.`)
  }
  if (facts.publiclyLeaked) parts.push('Publicly leaked.')
  if (facts.multiRepository) parts.push('Also found in other repositories of the organisation.')
  return parts.join(' ')
}

function mapSecretScanning(alert: JsonObject, base: AlertBase): Mapped | string {
  // The alert's `secret` field (the value) is never read: nothing below names it.
  const state = asText(own(alert, 'state'))
  if (state !== 'open' && state !== 'resolved') return state ? `unknown state "${state}"` : 'no state'
  const secretType = asText(own(alert, 'secret_type'))
  if (!secretType) return 'no secret type (secret_type)'
  const resolution = asText(own(alert, 'resolution'))
  const status: AlertStatus =
    state === 'open' ? 'open' : resolution && resolvedByGitHub.has(resolution) ? 'auto-dismissed' : 'dismissed'
  const first = firstLocationOf(own(alert, 'first_location_detected'))
  const validity = asText(own(alert, 'validity'))
  const bypassed = own(alert, 'push_protection_bypassed') === true
  const facts = compact<SecretAlertFacts>({
    validity: validity && validities.has(validity) ? (validity as SecretAlertFacts['validity']) : undefined,
    pushProtectionBypass: bypassed
      ? compact({
          by: userOf(own(alert, 'push_protection_bypassed_by'))?.login,
          at: asIsoTime(own(alert, 'push_protection_bypassed_at')),
        })
      : undefined,
    publiclyLeaked: booleanOf(own(alert, 'publicly_leaked')),
    multiRepository: booleanOf(own(alert, 'multi_repo')),
    provider: asText(own(alert, 'provider')),
    firstLocationUrl: first.url,
    hasMoreLocations: booleanOf(own(alert, 'has_more_locations')),
  })
  const display = asText(own(alert, 'secret_type_display_name')) ?? secretType
  const finding: PolicyIssueFinding = compact({
    kind: 'policy-issue' as const,
    // The readers key a secret by its masked match; GitHub's alert is keyed by its number instead.
    key: findingKey({ kind: 'secret', ruleId: secretType, file: first.file, context: alertFingerprint(base.number) }),
    tool: SECRET_SCANNING,
    ruleId: secretType,
    title: display,
    message: secretMessage(display, facts),
    enforcementStatus: 'Mandatory' as const,
    // GitHub gives a secret no severity: Unknown, as for any finding whose source gives none.
    severity: 'Unknown' as const,
    cwes: [],
    location: first.file ? compact({ file: first.file, line: first.line, endLine: first.endLine }) : undefined,
    category: 'secret' as const,
    source: { ...sourceOf('secret-scanning', base), ...(Object.keys(facts).length ? { secret: facts } : {}) },
  })
  return compact({
    status,
    finding,
    closedAt: state === 'resolved' ? asIsoTime(own(alert, 'resolved_at')) : undefined,
    dismissal:
      status === 'dismissed'
        ? dismissalOf(alert, {
            reason: 'resolution',
            comment: 'resolution_comment',
            by: 'resolved_by',
            at: 'resolved_at',
          })
        : undefined,
  })
}

/** Maps one page of one kind of alert. `page` is the response's JSON as it came. */
export function mapAlerts(kind: AlertKind, page: unknown, options: MapOptions = {}): AlertPage {
  const result: AlertPage = { repositories: [], current: [], history: [], skipped: [] }
  if (!Array.isArray(page)) {
    result.skipped.push({ kind, index: -1, reason: 'the response is not a list of alerts' })
    return result
  }
  const repositories = new Map<string, GitHubRepository>()
  page.forEach((item, index) => {
    if (!isObject(item)) {
      result.skipped.push({ kind, index, reason: 'not an object' })
      return
    }
    const number = positiveInteger(own(item, 'number'))
    const repository = repositoryOf(item)
    const skip = (reason: string) =>
      result.skipped.push(compact({ kind, index, number, repository: repository?.name, reason }))
    if (repository && !repositories.has(repository.name)) repositories.set(repository.name, repository)
    if (number === undefined) return skip('no alert number')
    if (!repository) return skip('no repository (repository.name and full_name)')
    const url = asText(own(item, 'html_url'))
    if (!url) return skip('no page (html_url)')
    const base: AlertBase = {
      number,
      url,
      repository,
      createdAt: asIsoTime(own(item, 'created_at')),
      updatedAt: asIsoTime(own(item, 'updated_at')),
    }
    const mapped =
      kind === 'dependabot'
        ? mapDependabot(item, base, options)
        : kind === 'code-scanning'
          ? mapCodeScanning(item, base)
          : mapSecretScanning(item, base)
    if (typeof mapped === 'string') return skip(mapped)
    const alert: MappedAlert = compact({
      kind,
      repository: repository.name,
      createdAt: base.createdAt,
      updatedAt: base.updatedAt,
      ...mapped,
    })
    if (alert.status === 'open' || alert.status === 'dismissed') result.current.push(alert)
    else result.history.push(alert)
  })
  result.repositories = [...repositories.values()]
  return result
}

/** The skipped alerts in plain words, one line per reason: "2 Dependabot alerts skipped: unknown state "x"". */
export function skippedSummary(skipped: readonly SkippedAlert[]): string[] {
  const counts = new Map<string, { kind: AlertKind; reason: string; count: number }>()
  for (const { kind, reason } of skipped) {
    const key = `${kind}\u0000${reason}`
    const known = counts.get(key)
    if (known) known.count += 1
    else counts.set(key, { kind, reason, count: 1 })
  }
  return [...counts.values()].map(({ kind, reason, count }) => `${plural(count, kindNames[kind])} skipped: ${reason}`)
}
