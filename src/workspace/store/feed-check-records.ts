import type { FeedState, WorkspaceDatabase } from './records'

/**
 * A feed's last sync in a few bytes, beside its full state (which holds the whole manifest): the
 * manifest's validators, and whether every file it lists landed with nothing left to retry. A sync
 * whose manifest answers 304 to these validators, after a sync that settled, has nothing to do,
 * and reads nothing more.
 */
export interface FeedCheck extends FeedState {
  settled?: { repositories: number; files: number }
}

/** The check's key in the feeds store: no manifest address holds a NUL character. */
const keyOf = (manifestUrl: string) => `${manifestUrl}\u0000check`

export async function readFeedCheck(database: WorkspaceDatabase, manifestUrl: string): Promise<FeedCheck | undefined> {
  return (await database.get('feeds', keyOf(manifestUrl))) as FeedCheck | undefined
}

export async function writeFeedCheck(
  database: WorkspaceDatabase,
  manifestUrl: string,
  check: Pick<FeedCheck, 'etag' | 'lastModified' | 'syncedAt' | 'settled'>,
): Promise<void> {
  const record: FeedCheck = { ...check, manifestUrl: keyOf(manifestUrl), repositories: [] }
  await database.put('feeds', record)
}
