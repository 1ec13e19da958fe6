import { findingSeverities, type FindingCounts } from '@/data/findings'
import type { TabSummary } from '@/data/repositories'
import { plural } from '@/lib/format'
import { emptyApiSummary, type RepositorySummary } from '@/workspace/model/repository-records'
import { coverageOfSummary } from '@/workspace/model/scan-coverage'
import { openCounts } from './open-counts'

// The English texts the screens show of an imported repository: they reach the screens in the
// rows (`Repository.description`, `Repository.tabSummary`) that the data source hands them.

/** What a repository's row says of it when its scans gave no description. */
export const descriptionOf = (summary: RepositorySummary): string =>
  summary.description || `Scanned by ${summary.tools.join(', ') || 'no tool yet'}`

const tabSummaries = new WeakMap<RepositorySummary, TabSummary>()

/** A summary's card texts, written once per summary read: a new data source (a decision) keeps the repositories' summaries. */
export function tabSummaryOf(summary: RepositorySummary): TabSummary {
  let texts = tabSummaries.get(summary)
  if (!texts) tabSummaries.set(summary, (texts = tabSummaryTexts(summary)))
  return texts
}

/** The security severity of code findings by band, when a scanner rated any: " By security severity: 3 critical, 1 high." */
function bandsText(byBand: FindingCounts['byIssueSeverity']): string {
  const rated = findingSeverities.filter((band) => band !== 'Unknown' && byBand[band] > 0)
  if (rated.length === 0) return ''
  const unknown = byBand.Unknown ? `, ${byBand.Unknown} unrated` : ''
  return ` By security severity: ${rated.map((band) => `${byBand[band]} ${band.toLowerCase()}`).join(', ')}${unknown}.`
}

/** What decisions did to a repository's findings, for its summary card. */
function triageText(summary: RepositorySummary): string {
  const triage = summary.triage
  if (!triage) return ''
  const review = triage.review ? `, ${triage.review} to review (more severe since decided)` : ''
  return ` ${triage.needsTriage} need triage; ${triage.decided} decided${review}.`
}

/** The summary card's texts for an imported repository, from its counts. */
function tabSummaryTexts(summary: RepositorySummary): TabSummary {
  const { tools, apis = emptyApiSummary() } = summary
  const counts = openCounts(summary)
  const { bySeverity, byEnforcement } = counts
  const unknown = bySeverity.Unknown ? `, ${bySeverity.Unknown} of unknown severity` : ''
  const coverage = coverageOfSummary(summary)
  return {
    policyIssues: coverage.policyIssues
      ? `${plural(counts.policyIssues, 'policy issue')}, ${byEnforcement.Mandatory} of them mandatory, from ${tools.join(', ') || 'no scan yet'}.${bandsText(counts.byIssueSeverity)}`
      : 'No code scanner has reported on this repository yet, so its policy issues are not known.',
    vulnerabilities: coverage.vulnerabilities
      ? `${plural(counts.vulnerabilities, 'vulnerability', 'vulnerabilities')}: ${bySeverity.Critical} critical, ${bySeverity.High} high, ${bySeverity.Medium} medium, ${bySeverity.Low} low${unknown}.${counts.closedByVex ? ` ${counts.closedByVex} more closed by VEX.` : ''}${triageText(summary)}`
      : 'No dependency scanner has reported on this repository yet, so its vulnerabilities are not known.',
    apiSurface:
      apis.endpoints === 0
        ? 'No API description has been imported for this repository.'
        : `${plural(apis.endpoints, 'endpoint')} from ${plural(apis.documents.length, 'API description')}: ${apis.sensitive} handle personal, card or health data, ${apis.exposed} of them with no authentication.`,
    securityContext:
      'Its risks in context, most pressing first: what attackers exploit or are likely to, weighed with what it exposes without authentication, its leaked secrets and its overdue findings.',
    sourceGraph: 'Imported scans do not describe the source graph yet.',
  }
}
