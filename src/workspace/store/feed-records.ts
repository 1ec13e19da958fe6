import { FINDING_MODEL_VERSION } from '@/workspace/model'
import { removeRuns } from './import-transaction'
import { publishedIdsOf } from '@/workspace/triage/publication'
import type { FeedFileState, FeedState, WorkspaceDatabase } from './schema'

/**
 * Removes what a feed's file brought into its repository, and only that: the runs it recorded
 * that still come from this feed (a run the user imported by hand since is theirs), and the
 * repository when nothing else is left. A file synced before runs were recorded names none: the
 * feed's runs of that time in its repository go with it. True when the repository was removed.
 */
export function removeFeedFile(
  database: WorkspaceDatabase,
  manifestUrl: string,
  state: FeedFileState,
): Promise<boolean> {
  const recorded = state.runs && new Set(state.runs)
  return removeRuns(
    database,
    state.repository,
    (run) =>
      run.origin.kind === 'feed' &&
      run.origin.manifestUrl === manifestUrl &&
      (recorded ? recorded.has(run.run) : run.modelVersion < FINDING_MODEL_VERSION),
  )
}

export const readFeedState = (database: WorkspaceDatabase, manifestUrl: string) => database.get('feeds', manifestUrl)

/** The ids of the decisions the synced feeds' decisions files held, or undefined while none names one. */
export async function readPublishedDecisionIds(database: WorkspaceDatabase): Promise<ReadonlySet<string> | undefined> {
  const feeds = await database.getAll('feeds')
  return publishedIdsOf(feeds.flatMap((feed) => feed.teamFiles ?? []))
}
export const writeFeedState = (database: WorkspaceDatabase, state: FeedState) => database.put('feeds', state)

export async function readFeedFileStates(database: WorkspaceDatabase): Promise<Map<string, FeedFileState>> {
  return new Map((await database.getAll('feedFiles')).map((state) => [state.url, state]))
}

export const writeFeedFileState = (database: WorkspaceDatabase, state: FeedFileState) =>
  database.put('feedFiles', state)

export async function forgetFeedFiles(database: WorkspaceDatabase, urls: string[]): Promise<void> {
  const transaction = database.transaction('feedFiles', 'readwrite')
  for (const url of urls) await transaction.store.delete(url)
  await transaction.done
}
