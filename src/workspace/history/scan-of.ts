import type { Finding, FindingSeverity } from '@/workspace/model/model'
import type { Scan } from './finding-history'
import type { TimeSource } from '@/workspace/model/model'

export interface ScanSource {
  repository: string
  run: string
  tool: string
  /** The findings the run's file reports now. */
  findings: readonly Finding[]
  /** ISO 8601. */
  scannedAt: string
  timeSource: TimeSource
}

/**
 * What one run's file says to the history: the vulnerabilities and policy issues it reports, each
 * key once with its severity. API endpoints describe the code rather than a problem in it, and
 * have no history. The store and the feed script both make their scans here, so that a browser and
 * the team's history file agree on every key.
 */
export function scanOf(source: ScanSource): Scan {
  const findingKeys: string[] = []
  const severities: FindingSeverity[] = []
  for (const finding of source.findings) {
    if (finding.kind === 'endpoint') continue
    findingKeys.push(finding.key)
    severities.push(finding.severity)
  }
  return {
    repository: source.repository,
    run: source.run,
    tool: source.tool,
    scannedAt: source.scannedAt,
    timeSource: source.timeSource,
    findingKeys,
    severities,
  }
}
