import { CATALOGUE_IMPORT_HOW } from './catalogue-status'
import { formatCount } from '@/lib/format'
import type { EndpointAuth } from './endpoints'
import type { FindingSeverity } from './findings'
import type { Level, PolicyLine, RuleCheck } from './policy-document'

/**
 * Which repositories pass each checked rule line of the policy: a repository is checked when a
 * tool that covers the rule scanned it (or a finding shows it does), and passes with no open
 * finding against the rule. The API check fails a repository with a sensitive endpoint (PII, PCI,
 * PHI) whose auth is None or Unknown; the KEV check one with an open finding past KEV's due date,
 * and checks nothing where the KEV catalogue is not held.
 */

/** A tool that scanned a repository, and what it looks for, when known (a SARIF driver's rules and their CWEs). */
export interface ScannerCoverage {
  tool: string
  rules?: readonly string[]
  cwes?: readonly string[]
  /** It reports known vulnerabilities of dependencies (advisories): the KEV check reads what it found. */
  vulnerabilities?: boolean
}

/** An open finding, as decisions leave it open. */
export interface CheckedFinding {
  key: string
  tool?: string
  /** A code finding's rule, a vulnerability's advisory id. */
  ruleId?: string
  cwes: readonly string[]
  severity: FindingSeverity
  kind?: 'vulnerability' | 'policy-issue'
  /** How many findings alike (one kind, rule, severity and CWEs) it stands for: 1 when left out. */
  count?: number
  /** CISA's KEV catalogue lists one of its CVEs with a due date before the day the facts were read (UTC). */
  kevOverdue?: boolean
}

export interface CheckedEndpoint {
  method: string
  path: string
  pii: boolean
  pci: boolean
  phi: boolean
  auth: EndpointAuth
}

export interface CheckedRepository {
  name: string
  /** The tools that scanned it: none when it was never scanned. */
  scanners: readonly ScannerCoverage[]
  findings: readonly CheckedFinding[]
  /** Its endpoints; left out when no API description of it was imported. */
  endpoints?: readonly CheckedEndpoint[]
}

export interface RepositoryFailure {
  repository: string
  findings: CheckedFinding[]
  endpoints: CheckedEndpoint[]
}

export interface CheckedLine {
  /** The body line's index in the parsed policy. */
  lineIndex: number
  text: string
  level?: Level
  spec: RuleCheck
  checked: number
  passing: number
  failing: RepositoryFailure[]
  /** Repositories no tool that covers the rule scanned. */
  unchecked: string[]
  /**
   * What the line reads that the workspace does not hold (`kev-catalogue`: CISA's KEV catalogue):
   * no repository passes it, only those it fails by what is known are checked.
   */
  missing?: 'kev-catalogue'
  /** "41 of 52 repositories pass". */
  summary: string
}

/** What the checks know beside the repositories: whether the workspace holds CISA's KEV catalogue. */
export interface CheckContext {
  kevCatalogue?: boolean
}

/** Where the KEV catalogue comes from, for the sentences that say it is missing. */

/** /policies' sentence for the lines the missing KEV catalogue leaves unchecked. */
export const kevCatalogueMissing = (lines: number) =>
  `${lines === 1 ? 'A rule line with a KEV check is' : `${formatCount(lines)} rule lines with a KEV check are`} not checked: CISA's KEV catalogue is not imported (${CATALOGUE_IMPORT_HOW}).`

/** An API check's failure as a policy issue: one per endpoint and rule line. */
export interface PolicyCheckIssue {
  repository: string
  lineIndex: number
  /** The rule line's text, which names the issue. */
  rule: string
  level?: Level
  endpoint: CheckedEndpoint
  message: string
}

export interface PolicyCheckResult {
  lines: CheckedLine[]
  issues: PolicyCheckIssue[]
  /** Per repository, how many checked lines it was checked by and passed. */
  byRepository: Map<string, { checked: number; passing: number }>
}

/** Few distinct CWE spellings recur over many findings: each is read once. */
const cweSpellings = new Map<string, string>()

/** `CWE-79` from `CWE-79`, `79` or a SARIF tag `external/cwe/cwe-079`; other text as it is, in capitals. */
const cweOf = (text: string) => {
  let cwe = cweSpellings.get(text)
  if (cwe === undefined) {
    const match = /^(?:.*cwe[-_:/ ]?)?0*(\d{1,5})$/i.exec(text.trim())
    cwe = match ? `CWE-${match[1]}` : text.trim().toUpperCase()
    if (cweSpellings.size < 10_000) cweSpellings.set(text, cwe)
  }
  return cwe
}

/** A rule named in the policy matches a rule id whole, or as its last part after a dot or slash. */
function ruleMatcher(rules: readonly string[]): (ruleId: string | undefined) => boolean {
  const names = rules.map((rule) => rule.toLowerCase())
  // Many findings share a rule id: each is matched once per line.
  const matched = new Map<string, boolean>()
  return (ruleId) => {
    if (ruleId === undefined || names.length === 0) return false
    let matches = matched.get(ruleId)
    if (matches === undefined) {
      const id = ruleId.toLowerCase()
      matches = names.some(
        (name) =>
          id === name ||
          (id.endsWith(name) &&
            (id.charAt(id.length - name.length - 1) === '.' || id.charAt(id.length - name.length - 1) === '/')),
      )
      matched.set(ruleId, matches)
    }
    return matches
  }
}

const needsAuth = (endpoint: CheckedEndpoint) =>
  (endpoint.pii || endpoint.pci || endpoint.phi) && (endpoint.auth === 'None' || endpoint.auth === 'Unknown')

function categories(endpoint: CheckedEndpoint): string {
  const names = [endpoint.pii && 'PII', endpoint.pci && 'PCI', endpoint.phi && 'PHI'].filter(Boolean)
  return names.join(', ')
}

function summaryOf(passing: number, checked: number, missing?: CheckedLine['missing']): string {
  if (missing === 'kev-catalogue' && checked === 0)
    return `No repository is checked: CISA's KEV catalogue is not imported. Import it (${CATALOGUE_IMPORT_HOW}) to check this line.`
  if (checked === 0) return 'No repository is checked: none was scanned by a tool that covers this rule.'
  const rate = `${formatCount(passing)} of ${formatCount(checked)} ${checked === 1 ? 'repository' : 'repositories'} ${passing === 1 ? 'passes' : 'pass'}`
  return missing === 'kev-catalogue'
    ? `${rate}; the others are not checked: CISA's KEV catalogue is not imported (${CATALOGUE_IMPORT_HOW}).`
    : rate
}

/**
 * Evaluates every rule line that names a check, over the repositories given. A KEV check reads the
 * findings' `kevOverdue`, known only where the workspace holds the catalogue (`context`).
 */
export function evaluatePolicyChecks(
  lines: readonly PolicyLine[],
  repositories: readonly CheckedRepository[],
  context: CheckContext = {},
): PolicyCheckResult {
  const result: PolicyCheckResult = { lines: [], issues: [], byRepository: new Map() }
  for (const repository of repositories) result.byRepository.set(repository.name, { checked: 0, passing: 0 })

  lines.forEach((line, lineIndex) => {
    const spec = line.check?.spec
    if (line.kind !== 'rule' || spec === undefined) return
    if (spec.cwes.length + spec.rules.length + spec.severities.length + spec.api.length + spec.kev.length === 0) return
    const cwes = new Set(spec.cwes)
    const severities = new Set(spec.severities)
    const matchesRule = ruleMatcher(spec.rules)
    const kev = spec.kev.length > 0
    // Without the catalogue no finding is known past KEV's due date: no repository passes the line.
    const missing = kev && !context.kevCatalogue ? 'kev-catalogue' : undefined
    const fails = (finding: CheckedFinding) =>
      severities.has(finding.severity) ||
      matchesRule(finding.ruleId) ||
      finding.cwes.some((cwe) => cwes.has(cweOf(cwe))) ||
      (kev && finding.kevOverdue === true)
    const checked: CheckedLine = {
      lineIndex,
      text: line.text,
      level: line.tag?.level,
      spec,
      checked: 0,
      passing: 0,
      failing: [],
      unchecked: [],
      ...(missing ? { missing } : {}),
      summary: '',
    }
    // The same scanner scans many repositories: what it covers is worked out once per line.
    const coverage = new Map<ScannerCoverage, boolean>()
    const covers = (scanner: ScannerCoverage) => {
      let covered = coverage.get(scanner)
      if (covered === undefined) {
        covered =
          (kev && scanner.vulnerabilities === true) ||
          (scanner.cwes ?? []).some((cwe) => cwes.has(cweOf(cwe))) ||
          (scanner.rules ?? []).some(matchesRule)
        coverage.set(scanner, covered)
      }
      return covered
    }
    for (const repository of repositories) {
      const findings = repository.findings.filter(fails)
      const endpoints = spec.api.length > 0 ? (repository.endpoints ?? []).filter(needsAuth) : []
      const covered =
        findings.length > 0 ||
        (severities.size > 0 && repository.scanners.length > 0) ||
        (spec.api.length > 0 && repository.endpoints !== undefined) ||
        repository.scanners.some(covers)
      // Nothing fails it, but what the missing catalogue would say is not known: it is not checked.
      if (!covered || (missing && findings.length === 0 && endpoints.length === 0)) {
        checked.unchecked.push(repository.name)
        continue
      }
      checked.checked += 1
      const tally = result.byRepository.get(repository.name)!
      tally.checked += 1
      if (findings.length === 0 && endpoints.length === 0) {
        checked.passing += 1
        tally.passing += 1
        continue
      }
      checked.failing.push({ repository: repository.name, findings, endpoints })
      for (const endpoint of endpoints) {
        result.issues.push({
          repository: repository.name,
          lineIndex,
          rule: line.text,
          level: line.tag?.level,
          endpoint,
          message: `${endpoint.method.toUpperCase()} ${endpoint.path} handles ${categories(endpoint)} data with ${endpoint.auth === 'None' ? 'no authentication' : 'no declared authentication'}, which the policy rule "${line.text}" forbids: require authentication on it, or declare the one it has.`,
        })
      }
    }
    checked.summary = summaryOf(checked.passing, checked.checked, missing)
    result.lines.push(checked)
  })
  return result
}
