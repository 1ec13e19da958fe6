import {
  addScanToRun,
  emptyHistory,
  toSeconds,
  type HistoryState,
  type RunHistory,
} from '@/workspace/history/finding-history'
import { scanOf } from '@/workspace/history/scan-of'
import type { RepositoryRuns, WorkspaceDatabase } from './records'
import { type FindingsPage } from '@/workspace/model/repository-records'
import { findingsOfPages, unpackPages } from './finding-pages'
import { readWhole } from './reads'

/** Writes a repository's runs under its name (the store has no key path). */
export const putRepositoryRuns = <Result>(
  store: { put(value: RepositoryRuns, key: string): Result },
  record: RepositoryRuns,
): Result => store.put(record, record.repository)

function stateOf(runs: readonly RunHistory[]): HistoryState {
  if (runs.length === 0) return emptyHistory
  const repositories = new Map<string, Map<string, RunHistory>>()
  for (const run of runs) {
    let byRun = repositories.get(run.repository)
    if (!byRun) repositories.set(run.repository, (byRun = new Map()))
    byRun.set(run.run, run)
  }
  return { repositories }
}

/** The workspace's history, or one repository's. */
export async function readHistory(database: WorkspaceDatabase, repository?: string): Promise<HistoryState> {
  const runs =
    repository === undefined
      ? await readAllRuns(database)
      : ((await database.get('repositoryRuns', repository))?.history ?? [])
  return stateOf(runs)
}

/** Repositories read per request: the browser serves a database's requests in turn, and a decision being saved waits for one. */
const REPOSITORIES_PER_READ = 200

/** Every run's history, a few hundred repositories to a request (a worker's read of the whole workspace). */
const readAllRuns = async (database: WorkspaceDatabase): Promise<RunHistory[]> =>
  (await readWhole(database, 'repositoryRuns', REPOSITORIES_PER_READ, (record) => record.repository)).flatMap(
    (record) => record.history,
  )

/**
 * Takes the team's history for the runs a feed brought: every browser then shows the same
 * first-seen dates, however long it has synced. A run the feed's history has not caught up with
 * (its newest scan is older than the one stored) keeps that scan on top. Runs imported by hand,
 * and runs the team's history does not know, keep their own. Returns how many runs took it.
 */
export async function applyTeamHistory(
  database: WorkspaceDatabase,
  team: HistoryState,
  manifestUrl: string,
): Promise<number> {
  const transaction = database.transaction(['repositoryRuns', 'pages'], 'readwrite')
  let applied = 0
  for (const record of await transaction.objectStore('repositoryRuns').getAll()) {
    const histories = new Map(record.history.map((run) => [run.run, run]))
    const appliedBefore = applied
    // The repository's pages, a packed record's too: read once, for the runs that need them.
    let repositoryPages: FindingsPage[] | undefined
    for (const stored of record.runs) {
      if (stored.origin.kind !== 'feed' || stored.origin.manifestUrl !== manifestUrl) continue
      const teamRun = team.repositories.get(stored.repository)?.get(stored.run)
      if (teamRun === undefined || teamRun.scans.length === 0) continue
      let run: RunHistory = { ...teamRun, repository: stored.repository, run: stored.run }
      if (teamRun.scans[teamRun.scans.length - 1] < toSeconds(stored.scannedAt)) {
        repositoryPages ??= unpackPages(
          await transaction.objectStore('pages').index('repository').getAll(record.repository),
        )
        const pages = repositoryPages.filter((page) => page.run === stored.run)
        run = addScanToRun(
          run,
          scanOf({
            repository: stored.repository,
            run: stored.run,
            tool: stored.tool,
            findings: findingsOfPages(pages),
            scannedAt: stored.scannedAt,
            timeSource: stored.timeSource,
          }),
        )
      }
      histories.set(stored.run, run)
      applied += 1
    }
    if (applied > appliedBefore)
      await putRepositoryRuns(transaction.objectStore('repositoryRuns'), {
        ...record,
        history: [...histories.values()],
      })
  }
  await transaction.done
  return applied
}
