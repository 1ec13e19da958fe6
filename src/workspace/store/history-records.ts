import {
  addScanToRun,
  emptyHistory,
  toSeconds,
  type HistoryState,
  type RunHistory,
} from '@/workspace/history/finding-history'
import { scanOf } from '@/workspace/history/scan-of'
import type { WorkspaceDatabase } from './schema'
import { findingsOfPages } from './finding-pages'
import { readWhole } from './reads'

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
      : await database.getAllFromIndex('history', 'repository', repository)
  return stateOf(runs)
}

/** Runs read per request: the browser serves a database's requests in turn, and a decision being saved waits for one. */
const RUNS_PER_READ = 500

/** Every run's history, a few hundred to a request (a worker's read of the whole workspace). */
const readAllRuns = (database: WorkspaceDatabase): Promise<RunHistory[]> =>
  readWhole(database, 'history', RUNS_PER_READ, (run) => [run.repository, run.run])

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
  const transaction = database.transaction(['runs', 'pages', 'history'], 'readwrite')
  let applied = 0
  for (const record of await transaction.objectStore('runs').getAll()) {
    if (record.origin.kind !== 'feed' || record.origin.manifestUrl !== manifestUrl) continue
    const teamRun = team.repositories.get(record.repository)?.get(record.run)
    if (teamRun === undefined || teamRun.scans.length === 0) continue
    let run: RunHistory = { ...teamRun, repository: record.repository, run: record.run }
    if (teamRun.scans[teamRun.scans.length - 1] < toSeconds(record.scannedAt)) {
      const pages = await transaction
        .objectStore('pages')
        .getAll(IDBKeyRange.bound([record.repository, record.run, 0], [record.repository, record.run, Infinity]))
      run = addScanToRun(
        run,
        scanOf({
          repository: record.repository,
          run: record.run,
          tool: record.tool,
          findings: findingsOfPages(pages),
          scannedAt: record.scannedAt,
          timeSource: record.timeSource,
        }),
      )
    }
    await transaction.objectStore('history').put(run)
    applied += 1
  }
  await transaction.done
  return applied
}
