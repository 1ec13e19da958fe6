import { rowsToCsv, type CsvColumn } from '@/lib/csv'
import type { RepositoryDigest } from '@/workspace/projections/digest'
import { describeScope } from '@/workspace/triage/decision'
import type { DecisionEntry } from '@/workspace/triage/decision-log'
import { writeDecisionsFile } from '@/workspace/triage/decisions-file'
import { exportFileNames, exportFiles, workspaceFiles, type ExportedFile } from '@/workspace/triage/exports/bundle'
import { decidedFindings } from '@/workspace/triage/exports/routing'
import { resolveDecisions } from '@/workspace/triage/resolve'
import { countedFindings } from '@/workspace/projections/triage-summary'

export interface DecisionExportOptions {
  now: Date
  /** Who vouches for the VEX statements: the signed-in person, or the workspace. */
  author: string
  /** One repository's files; the whole workspace when left out. */
  repository?: string
}

export interface DecisionExport {
  files: ExportedFile[]
  /** Current decisions that match no finding of the latest scans. */
  stale: DecisionEntry[]
}

/** Whether a decision can concern a repository: its own, or an advisory everywhere. */
const concerns = (entry: DecisionEntry, repository: string) =>
  entry.scope.repository === undefined || entry.scope.repository === repository

/**
 * The scanners' files for the decisions over the stored findings: for the whole workspace (the
 * decisions file, the files over every repository and a folder per repository), or for one
 * repository (its files, and the decisions that can concern it).
 */
export function decisionExport(
  digests: readonly RepositoryDigest[],
  log: readonly DecisionEntry[],
  options: DecisionExportOptions,
): DecisionExport {
  const findings = digests.flatMap(countedFindings).map((counted) => counted.decidable)
  const resolution = resolveDecisions(findings, log, { now: options.now })
  const items = decidedFindings(findings, resolution)
  const bundle = { author: options.author, timestamp: options.now.toISOString() }
  const { repository } = options
  const files =
    repository === undefined
      ? workspaceFiles(items, log, bundle)
      : [
          {
            path: exportFileNames.decisions,
            text: writeDecisionsFile(
              log.filter((entry) => concerns(entry, repository)),
              bundle.timestamp,
            ),
          },
          ...exportFiles(
            items.filter((item) => item.finding.repository === repository),
            bundle,
          ),
        ]
  return { files, stale: resolution.stale }
}

/** The audit trail as CSV: one line per entry, oldest first, as appended. */
export const auditLogCsv = (log: readonly DecisionEntry[]): string => rowsToCsv(auditColumns, log)

const auditColumns: CsvColumn<DecisionEntry>[] = [
  ['at', (entry) => entry.at],
  ['name', (entry) => entry.by.name],
  ['issuer', (entry) => entry.by.issuer],
  ['subject', (entry) => entry.by.subject],
  ['scope', (entry) => describeScope(entry.scope)],
  ['previous state', (entry) => entry.previousState],
  ['state', (entry) => entry.state],
  ['reason', (entry) => entry.reason],
  ['justification', (entry) => entry.justification],
  ['expires on', (entry) => entry.expiresOn],
  ['due on', (entry) => entry.dueOn],
  ['used in tests', (entry) => (entry.usedInTests ? 'yes' : undefined)],
  ['severity', (entry) => entry.severity],
  ['bulk step', (entry) => entry.bulkStep],
  ['undoes', (entry) => entry.undoes],
]
