/**
 * A repository's risks in context, ranked: what attackers exploit (CISA's KEV) or are likely to
 * (FIRST's EPSS), weighed with what the service exposes (endpoints that handle PII, PCI or PHI with
 * no authentication), its leaked secrets and its overdue findings. Pure: the Security Context tab
 * draws what `securityContext` returns. docs/intelligence.md ("Security Context") says why each
 * factor has its value.
 */
import type { RepositoryFindings } from './data-source'
import { passesDecisionFilter } from './decisions'
import type { ApiEndpoint, DataCategory } from './endpoints'
import { isExposed } from './endpoints'
import {
  findingSeverities,
  isVulnerabilityClosedByVex,
  type FindingSeverity,
  type PolicyViolation,
  type Vulnerability,
} from './findings'
import { byFixFirst, epssOf, fixFirstReasons, impactOf, isExploited, type FixFirstSubject } from './fix-first'
import { CATALOGUE_IMPORT_HOW, type CatalogueStatus } from './catalogue-status'
import type { RepositoryVisibility } from './repositories'
import { byDueDate, dueText, type SlaView } from './sla'
import { plural } from '@/lib/format'

/** EPSS at or above this (a 10% chance of exploitation in the next 30 days) counts as likely exploited. */
export const LIKELY_EXPLOITED_EPSS = 0.1

/**
 * How reachable the service is, as a factor of an exploitable finding's score: an endpoint that
 * handles health or card data with no authentication (1), personal data only (0.85), nothing known
 * because no API description was imported (0.75: neither assumed exposed nor internal), and an API
 * description in which no sensitive endpoint is open (0.6).
 */
export const REACH = { phiOrPci: 1, pii: 0.85, unknown: 0.75, notExposed: 0.6 } as const

/**
 * The chance that an endpoint open to anyone with sensitive data is a flaw rather than a design
 * (a sign-up form takes an email address without a login): an even one.
 */
export const EXPOSURE_LIKELIHOOD = 0.5

/** What is lost when an open endpoint's data is taken: health and card data are regulated and sold; personal data less so. */
export const DATA_IMPACT: Record<DataCategory, number> = { phi: 0.9, pci: 0.9, pii: 0.4 }

/** The chance a leaked secret is found, by who can read the repository. */
export const SECRET_LIKELIHOOD: Record<RepositoryVisibility, number> = { public: 0.9, unknown: 0.6, private: 0.5 }

/** The weight of a passed deadline: the team's own policy says it should be fixed by now. */
export const OVERDUE_LIKELIHOOD = 0.4

export type RiskLevel = 'Critical' | 'High' | 'Medium' | 'Low'

/** A score's level: Critical from 50, High from 25, Medium from 5, else Low. */
export function riskLevel(score: number): RiskLevel {
  return score >= 50 ? 'Critical' : score >= 25 ? 'High' : score >= 5 ? 'Medium' : 'Low'
}

/** An advisory attackers exploit, or are likely to; endpoints open with sensitive data; a leaked secret; overdue findings. */
export type RiskKind = 'exploited' | 'likely-exploited' | 'secret' | 'exposure' | 'overdue'

/** Where to act on a risk: a tab of the repository, with the advisories or rules to show. */
export type RiskTarget =
  { tab: 'vulnerabilities'; advisories: string[] } | { tab: 'policy-issues'; rules: string[] } | { tab: 'api-surface' }

export interface RiskItem {
  id: string
  kind: RiskKind
  title: string
  /** 0–100: 100 × likelihood × impact × reach. */
  score: number
  level: RiskLevel
  /** Why it stands where it does, one sentence each, the strongest first. */
  reasons: string[]
  target: RiskTarget
}

/** A count, or unknown where nothing of its kind was imported. */
export type Known = number | 'unknown'

export interface SecurityContextSummary {
  /** Open findings attackers exploit (CISA's KEV, or the scanner says so). */
  exploited: Known
  /** Open findings not known exploited with EPSS at least `LIKELY_EXPLOITED_EPSS`. */
  likelyExploited: Known
  /** Endpoints that handle PII, PCI or PHI with no authentication. */
  exposedEndpoints: Known
  /** Open findings of leaked secrets. */
  leakedSecrets: Known
  /** Open findings past their due date. */
  overdue: Known
}

export interface SecurityContext {
  summary: SecurityContextSummary
  /** What is not known, and why, one sentence each: never read as "nothing found". */
  unknowns: string[]
  /** Most pressing first. */
  risks: RiskItem[]
}

export interface SecurityContextInput {
  findings: RepositoryFindings
  /** Which kinds of source reported on the repository (`scannedFor`). */
  scanned: { policyIssues: boolean; vulnerabilities: boolean; apiSurface: boolean }
  visibility: RepositoryVisibility
  /** The catalogues the data source holds (`catalogues()`); undefined while they are read. */
  catalogues: readonly Pick<CatalogueStatus, 'kind'>[] | undefined
}

const dataWords: Record<DataCategory, string> = { phi: 'health data', pci: 'payment card data', pii: 'personal data' }
/** The most sensitive first: an endpoint is grouped under the first of its categories. */
const categoryOrder: DataCategory[] = ['phi', 'pci', 'pii']
const kindOrder: RiskKind[] = ['exploited', 'likely-exploited', 'secret', 'exposure', 'overdue']
const IMPORT_HOW = `(${CATALOGUE_IMPORT_HOW})`
/** How many endpoints or findings a reason names before "and N more". */
const NAMED = 5

const round = (score: number) => Math.round(score * 10) / 10

const namesList = (names: string[]) =>
  names.length <= NAMED ? names.join(', ') : `${names.slice(0, NAMED).join(', ')} and ${names.length - NAMED} more`

const sentence = (text: string) => (/[.!?]$/.test(text.trim()) ? text.trim() : `${text.trim()}.`)

/** Whether a finding is open: no decision closed it, and no VEX statement of the scanner's did. */
const isOpenKey = (findings: RepositoryFindings, key: string | undefined, closedByVex = false) =>
  passesDecisionFilter('open', key === undefined ? undefined : findings.decisions?.get(key), closedByVex)

const isOpenVulnerability = (findings: RepositoryFindings, vulnerability: Vulnerability) =>
  isOpenKey(findings, vulnerability.key, isVulnerabilityClosedByVex(vulnerability))

/** A rule's open findings (its keys); a rule without keys counts as one open finding per file. */
const openKeysOf = (findings: RepositoryFindings, violation: PolicyViolation): number =>
  violation.keys && violation.keys.length > 0
    ? violation.keys.filter((key) => isOpenKey(findings, key)).length
    : Math.max(1, violation.relevantFiles.length)

/** What the service exposes: its open sensitive endpoints by their most sensitive category. */
interface Exposure {
  known: boolean
  groups: { category: DataCategory; endpoints: ApiEndpoint[] }[]
  reach: number
  /** "2 endpoints that handle health data and 1 endpoint that handles personal data". */
  phrase?: string
}

function exposureOf(endpoints: readonly ApiEndpoint[], described: boolean): Exposure {
  const known = described || endpoints.length > 0
  const open = endpoints.filter(isExposed)
  const groups = categoryOrder
    .map((category) => ({
      category,
      endpoints: open.filter(
        (endpoint) => endpoint[category] && categoryOrder.find((each) => endpoint[each]) === category,
      ),
    }))
    .filter((group) => group.endpoints.length > 0)
  const top = groups[0]?.category
  const reach = !known ? REACH.unknown : !top ? REACH.notExposed : top === 'pii' ? REACH.pii : REACH.phiOrPci
  const phrase =
    groups.length > 0
      ? groups
          .map(
            ({ category, endpoints: each }) =>
              `${plural(each.length, 'endpoint')} ${each.length === 1 ? 'that handles' : 'that handle'} ${dataWords[category]}`,
          )
          .join(' and ')
      : undefined
  return { known, groups, reach, phrase }
}

/** The sentence on the service's exposure an exploitable finding's reasons end with. */
function reachReason(exposure: Exposure, exploited: boolean): string {
  if (!exposure.known)
    return 'What this service exposes is unknown (no API description imported): it counts as neither exposed nor internal.'
  if (!exposure.phrase)
    return "No endpoint of this service's API description handles sensitive data without authentication."
  return `${exploited ? 'Exploited' : 'Likely to be exploited'}, and this service has ${exposure.phrase} with no authentication: it can be reached, and it holds data worth stealing.`
}

const packageText = (vulnerability: Vulnerability) =>
  `${vulnerability.package}${vulnerability.packageVersion ? `@${vulnerability.packageVersion}` : ''}${
    vulnerability.fixedVersion ? ` (fixed in ${vulnerability.fixedVersion})` : ''
  }`

const mostPressingDue = (sla: ReadonlyMap<string, SlaView> | undefined, keys: (string | undefined)[]) =>
  keys
    .flatMap((key) => {
      const view = key === undefined ? undefined : sla?.get(key)
      return view ? [view] : []
    })
    .sort(byDueDate)[0]

/** An advisory's open findings that attackers exploit or are likely to: one risk for all its packages. */
function vulnerabilityRisk(
  advisory: string,
  members: Vulnerability[],
  exposure: Exposure,
  sla: ReadonlyMap<string, SlaView> | undefined,
): RiskItem {
  const sorted = [...members].sort(byFixFirst)
  const top = sorted[0]
  const exploited = isExploited(top)
  const severity = findingSeverities[Math.min(...members.map((each) => findingSeverities.indexOf(each.severity)))]
  const cvss = members.flatMap((each) => (each.cvss ? [each.cvss.score] : []))
  const subject: FixFirstSubject = {
    exploit: top.exploit,
    epss: top.epss,
    severity,
    ...(cvss.length > 0 ? { cvss: { score: Math.max(...cvss) } } : {}),
  }
  const likelihood = exploited ? 1 : (epssOf(subject) ?? 0)
  const score = round(100 * likelihood * impactOf(subject) * exposure.reach)
  // An exploited finding without an EPSS score is not "counted as 1%": it is exploited.
  const reasons = fixFirstReasons(subject).filter((reason) => !(exploited && reason.startsWith('No EPSS score')))
  reasons.push(reachReason(exposure, exploited))
  const packages = [...new Set(sorted.map(packageText))]
  reasons.push(
    packages.length === 1 ? `In ${packages[0]}.` : `In ${plural(packages.length, 'package')}: ${namesList(packages)}.`,
  )
  const action = top.exploit?.kev?.requiredAction
  if (action) reasons.push(`CISA's required action: ${sentence(action)}`)
  const due = mostPressingDue(
    sla,
    members.map((each) => each.key),
  )
  if (due && (due.overdue || due.dueSoon)) reasons.push(`${dueText(due)}.`)
  const names = [...new Set(sorted.map((each) => each.package))]
  return {
    id: `advisory:${advisory}`,
    kind: exploited ? 'exploited' : 'likely-exploited',
    title: `${advisory} in ${names.length <= 2 ? names.join(' and ') : `${names[0]} and ${names.length - 1} more packages`}`,
    score,
    level: riskLevel(score),
    reasons,
    target: { tab: 'vulnerabilities', advisories: [advisory] },
  }
}

function exposureRisk(
  category: DataCategory,
  endpoints: ApiEndpoint[],
  exploitable: { exploited: number; likely: number },
): RiskItem {
  const score = round(100 * EXPOSURE_LIKELIHOOD * DATA_IMPACT[category])
  const count = endpoints.length
  const reasons = [
    `Anyone who can reach the service can call ${count === 1 ? 'it' : 'them'}: ${namesList(endpoints.map((endpoint) => `${endpoint.method.toUpperCase()} ${endpoint.path}`))}.`,
  ]
  const others = categoryOrder.filter((each) => each !== category && endpoints.some((endpoint) => endpoint[each]))
  if (others.length > 0)
    reasons.push(
      `${count === 1 ? 'It handles' : 'They handle'} ${others.map((each) => dataWords[each]).join(' and ')} too.`,
    )
  const undeclared = endpoints.filter((endpoint) => endpoint.authDeclared === 'undeclared').length
  const optional = endpoints.filter((endpoint) => endpoint.authDeclared === 'optional').length
  if (undeclared > 0)
    reasons.push(
      `${undeclared === count ? 'The' : `For ${undeclared} of them, the`} API description declares no security at all: if a gateway authenticates callers, say so in the description.`,
    )
  if (optional > 0)
    reasons.push(
      `${optional === count ? (count === 1 ? 'It makes' : 'They make') : `${optional} of them make`} authentication optional.`,
    )
  if (exploitable.exploited + exploitable.likely > 0)
    reasons.push(
      `This service also has ${[
        exploitable.exploited > 0 ? `${plural(exploitable.exploited, 'exploited finding')}` : '',
        exploitable.likely > 0 ? `${plural(exploitable.likely, 'finding')} likely to be exploited` : '',
      ]
        .filter(Boolean)
        .join(' and ')}: a way in to this data.`,
    )
  return {
    id: `exposure:${category}`,
    kind: 'exposure',
    title: `${plural(count, 'endpoint')} ${count === 1 ? 'handles' : 'handle'} ${dataWords[category]} with no authentication`,
    score,
    level: riskLevel(score),
    reasons,
    target: { tab: 'api-surface' },
  }
}

const visibilityReasons: Record<RepositoryVisibility, string> = {
  public:
    'The repository is public: anyone can read the secret, and bots search public repositories for keys within minutes.',
  private:
    'Anyone who can read the repository, or a clone of it, has the secret for as long as it stays in the history.',
  unknown:
    'Whether the repository is public is unknown: anyone who can read it, or a clone of it, has the secret for as long as it stays in the history.',
}

function secretRisk(violation: PolicyViolation, open: number, visibility: RepositoryVisibility): RiskItem {
  const severity = violation.severity && violation.severity !== 'Unknown' ? violation.severity : 'High'
  const score = round(100 * SECRET_LIKELIHOOD[visibility] * impactOf({ severity }))
  const reasons = [visibilityReasons[visibility]]
  if (violation.relevantFiles.length > 0)
    reasons.push(`Found in ${plural(violation.relevantFiles.length, 'file')}: ${namesList(violation.relevantFiles)}.`)
  if (open > 1) reasons.push(`${open} findings of this rule are open.`)
  reasons.push(
    violation.severity && violation.severity !== 'Unknown'
      ? `${violation.tool ?? 'The scanner'} rates it ${violation.severity}.`
      : 'The scanner gave no severity: it counts as High, as a working credential grants access.',
  )
  reasons.push('Revoke it and issue a new one: deleting it from the code leaves it in the history.')
  return {
    id: `secret:${violation.rule}:${violation.id}`,
    kind: 'secret',
    title: `Leaked secret: ${violation.title}`,
    score,
    level: riskLevel(score),
    reasons,
    target: { tab: 'policy-issues', rules: [violation.rule] },
  }
}

interface Overdue {
  name: string
  id: string
  severity: FindingSeverity
  cvss?: { score: number }
  view: SlaView
}

function overdueRisk(kind: 'vulnerabilities' | 'policy-issues', overdue: Overdue[], reach: number): RiskItem {
  const impact = Math.max(...overdue.map(impactOf))
  const score = round(100 * OVERDUE_LIKELIHOOD * impact * (kind === 'vulnerabilities' ? reach : 1))
  const sorted = [...overdue].sort((a, b) => byDueDate(a.view, b.view))
  const what = kind === 'vulnerabilities' ? ['vulnerability', 'vulnerabilities'] : ['policy issue', 'policy issues']
  const count = overdue.length
  const reasons = [
    `Past the days to fix the policy gives ${count === 1 ? 'its' : 'their'} severity: the team's own deadline.`,
    `The longest overdue: ${sorted[0].name}, ${dueText(sorted[0].view).replace(/^Overdue/, 'overdue')}.`,
  ]
  const kev = overdue.filter((each) => each.view.deadline === 'kev').length
  if (kev > 0)
    reasons.push(
      `${kev === count ? (count === 1 ? 'It is' : 'All are') : `${kev} of them ${kev === 1 ? 'is' : 'are'}`} past the due date CISA's KEV catalogue sets.`,
    )
  if (count > 1) reasons.push(`Overdue: ${namesList([...new Set(sorted.map((each) => each.name))])}.`)
  const ids = [...new Set(sorted.map((each) => each.id))]
  return {
    id: `overdue:${kind}`,
    kind: 'overdue',
    title: `${plural(count, ...(what as [string, string]))} past ${count === 1 ? 'its' : 'their'} due date`,
    score,
    level: riskLevel(score),
    reasons,
    target:
      kind === 'vulnerabilities' ? { tab: 'vulnerabilities', advisories: ids } : { tab: 'policy-issues', rules: ids },
  }
}

/** The sentences of what is not known: no scan of a kind, no catalogue of exploitation. */
/** The catalogues the data source holds, or that a finding shows it holds (joined to it). */
function cataloguesHeld({ catalogues, findings }: SecurityContextInput): Set<CatalogueStatus['kind']> {
  const held = new Set(catalogues?.map((catalogue) => catalogue.kind))
  if (findings.vulnerabilities.some((each) => each.exploit?.kev)) held.add('kev')
  if (findings.vulnerabilities.some((each) => each.exploit?.catalogueEpss)) held.add('epss')
  return held
}

function unknownsOf(input: SecurityContextInput, exposure: Exposure): string[] {
  const { findings, scanned, catalogues } = input
  const unknowns: string[] = []
  if (!scanned.vulnerabilities && findings.vulnerabilities.length === 0)
    unknowns.push(
      'No dependency scan imported: its vulnerable packages, and which of them attackers exploit, are unknown.',
    )
  if (!exposure.known) unknowns.push('No API description imported: what it exposes is unknown.')
  if (!scanned.policyIssues && findings.violations.length === 0)
    unknowns.push('No code or secret scan imported: whether secrets leaked into its code is unknown.')
  if (catalogues !== undefined) {
    const held = cataloguesHeld(input)
    if (!held.has('kev') && !held.has('epss'))
      unknowns.push(
        `Exploitation is unknown until CISA's KEV catalogue and FIRST's EPSS scores are imported ${IMPORT_HOW}: until then only what the scanners say counts.`,
      )
    else if (!held.has('kev'))
      unknowns.push(
        `CISA's KEV catalogue is not imported ${IMPORT_HOW}: which findings attackers exploit today is known only where a scanner says so.`,
      )
    else if (!held.has('epss'))
      unknowns.push(
        `FIRST's EPSS scores are not imported ${IMPORT_HOW}: the chance of exploitation is known only where a scanner gave one.`,
      )
  }
  if (!findings.sla) unknowns.push('No history is kept for this repository: which findings are overdue is unknown.')
  return unknowns
}

/**
 * A repository's risks in context, most pressing first. Each risk's score is 100 × likelihood ×
 * impact × reach (0–100):
 * - an advisory attackers exploit (likelihood 1) or likely will (its EPSS, at least
 *   `LIKELY_EXPLOITED_EPSS`), impact fix first's (CVSS / 10, else the band's middle), reach `REACH`
 *   by what the service exposes without authentication;
 * - endpoints that handle sensitive data with no authentication, by their most sensitive category:
 *   `EXPOSURE_LIKELIHOOD` × `DATA_IMPACT`;
 * - a leaked secret: `SECRET_LIKELIHOOD` by the repository's visibility × its severity's impact (High
 *   when the scanner gave none);
 * - overdue vulnerabilities, and overdue policy issues: `OVERDUE_LIKELIHOOD` × the most severe's
 *   impact (× reach for vulnerabilities).
 * Ties go to exploited advisories, then likely exploited ones, secrets, exposure and overdue, then
 * by title. Decided findings (not affected, accepted, fixed...) and those a VEX statement closed
 * are left out.
 */
export function securityContext(input: SecurityContextInput): SecurityContext {
  const { findings, scanned, visibility } = input
  const exposure = exposureOf(findings.endpoints, scanned.apiSurface)
  const open = findings.vulnerabilities.filter((each) => isOpenVulnerability(findings, each))
  const exploited = open.filter(isExploited)
  const likely = open.filter((each) => !isExploited(each) && (epssOf(each) ?? 0) >= LIKELY_EXPLOITED_EPSS)

  const byAdvisory = new Map<string, Vulnerability[]>()
  for (const vulnerability of [...exploited, ...likely]) {
    const members = byAdvisory.get(vulnerability.cve)
    if (members) members.push(vulnerability)
    else byAdvisory.set(vulnerability.cve, [vulnerability])
  }
  const risks: RiskItem[] = [...byAdvisory].map(([advisory, members]) =>
    vulnerabilityRisk(advisory, members, exposure, findings.sla),
  )

  for (const { category, endpoints } of exposure.groups)
    risks.push(exposureRisk(category, endpoints, { exploited: exploited.length, likely: likely.length }))

  let leakedSecrets = 0
  for (const violation of findings.violations) {
    if (violation.category !== 'secret') continue
    const count = openKeysOf(findings, violation)
    if (count === 0) continue
    leakedSecrets += count
    risks.push(secretRisk(violation, count, visibility))
  }

  const overdueVulnerabilities: Overdue[] = []
  const overdueIssues: Overdue[] = []
  if (findings.sla) {
    for (const vulnerability of open) {
      const view = vulnerability.key === undefined ? undefined : findings.sla.get(vulnerability.key)
      if (view?.overdue)
        overdueVulnerabilities.push({
          name: `${vulnerability.cve} in ${vulnerability.package}`,
          id: vulnerability.cve,
          severity: vulnerability.severity,
          cvss: vulnerability.cvss,
          view,
        })
    }
    for (const violation of findings.violations)
      for (const key of violation.keys ?? []) {
        const view = findings.sla.get(key)
        if (view?.overdue && isOpenKey(findings, key))
          overdueIssues.push({
            name: violation.rule,
            id: violation.rule,
            severity: violation.severity ?? 'Unknown',
            view,
          })
      }
    if (overdueVulnerabilities.length > 0)
      risks.push(overdueRisk('vulnerabilities', overdueVulnerabilities, exposure.reach))
    if (overdueIssues.length > 0) risks.push(overdueRisk('policy-issues', overdueIssues, exposure.reach))
  }

  risks.sort(
    (a, b) =>
      b.score - a.score || kindOrder.indexOf(a.kind) - kindOrder.indexOf(b.kind) || a.title.localeCompare(b.title),
  )

  const vulnerabilitiesKnown = scanned.vulnerabilities || findings.vulnerabilities.length > 0
  const held = cataloguesHeld(input)
  const kevKnown = held.has('kev')
  // A scanner's own EPSS tells the chance too, where no catalogue is held.
  const epssKnown = held.has('epss') || findings.vulnerabilities.some((each) => epssOf(each) !== undefined)
  const known = (count: number, when: boolean): Known => (count > 0 || when ? count : 'unknown')
  return {
    summary: {
      exploited: known(exploited.length, vulnerabilitiesKnown && kevKnown),
      likelyExploited: known(likely.length, vulnerabilitiesKnown && epssKnown),
      exposedEndpoints: known(
        exposure.groups.reduce((sum, group) => sum + group.endpoints.length, 0),
        exposure.known,
      ),
      leakedSecrets: known(leakedSecrets, scanned.policyIssues || findings.violations.length > 0),
      overdue: known(overdueVulnerabilities.length + overdueIssues.length, !!findings.sla),
    },
    unknowns: unknownsOf(input, exposure),
    risks,
  }
}
