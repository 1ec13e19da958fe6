import { digestOf } from '@/workspace/projections/digest'
import { uniqueFindings } from '@/workspace/model/duplicate-findings'
import type { RunRecord } from '@/workspace/model/repository-records'
import { triageSummaries } from '@/workspace/projections/triage-summary'
import { summaryOf } from './aggregates'
import { countChange } from './counters'
import { flattenLog } from './decision-records'
import { findingsOfPages, isPacked, unpackPages, writePackedApart } from './finding-pages'
import { putRepositoryRuns } from './history-records'
import type { WorkspaceDatabase } from './records'

/**
 * Removes the runs of a repository that `leaves` picks, in one transaction (a feed's file that
 * left its manifest); the repository goes too when no run is left, and its summary and digest
 * follow what stays. True when the repository was removed.
 */
export async function removeRuns(
  database: WorkspaceDatabase,
  repository: string,
  leaves: (run: RunRecord) => boolean,
): Promise<boolean> {
  const transaction = database.transaction(
    ['repositories', 'pages', 'repositoryRuns', 'digests', 'indexes', 'decisions'],
    'readwrite',
  )
  const stored = await transaction.objectStore('repositoryRuns').get(repository)
  const runs = stored?.runs ?? []
  const leaving = new Set(runs.filter(leaves).map((run) => run.run))
  if (leaving.size === 0) {
    await transaction.done
    return false
  }
  const records = await transaction.objectStore('pages').index('repository').getAll(repository)
  const pages = unpackPages(records)
  for (const page of pages) {
    if (leaving.has(page.run)) await transaction.objectStore('pages').delete([repository, page.run, page.page])
  }
  await Promise.all(
    writePackedApart(transaction.objectStore('pages'), records.filter(isPacked), (page) => !leaving.has(page.run)),
  )
  const staying = runs.filter((run) => !leaving.has(run.run))
  if (staying.length === 0) await transaction.objectStore('repositoryRuns').delete(repository)
  else
    await putRepositoryRuns(transaction.objectStore('repositoryRuns'), {
      repository,
      runs: staying,
      history: (stored?.history ?? []).filter((run) => !leaving.has(run.run)),
    })
  const before = await transaction.objectStore('repositories').get(repository)
  if (staying.length === 0) {
    await transaction.objectStore('repositories').delete(repository)
    await transaction.objectStore('digests').delete(repository)
  } else if (before) {
    const unique = uniqueFindings(findingsOfPages(pages.filter((page) => !leaving.has(page.run))))
    const documents = before.apis.documents.filter((document) => staying.some((run) => run.tool === document.tool))
    const summary = summaryOf({ name: repository, findings: unique, runs: staying, results: [], documents, before })
    const digest = digestOf(repository, unique)
    const log = flattenLog(await transaction.objectStore('decisions').getAll())
    if (log.length > 0) summary.triage = triageSummaries([digest], log, new Date()).get(repository)
    await transaction.objectStore('repositories').put(summary)
    await transaction.objectStore('digests').put(digest)
  }
  await countChange(transaction.objectStore('indexes'))
  await transaction.done
  return staying.length === 0
}
