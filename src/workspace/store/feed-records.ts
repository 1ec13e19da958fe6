import { FINDING_MODEL_VERSION } from '@/workspace/model'
import { removeRuns } from './import-transaction'
import { publishedIdsOf } from '@/workspace/triage/publication'
import type { IDBPObjectStore } from 'idb'
import type { FeedFileState, FeedState, WorkspaceDatabase, WorkspaceSchema } from './schema'

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

/**
 * Each feed's decisions files, as a small record of its own beside the feed's state: the page
 * reads them at every read of the workspace, where the state (the manifest of 10,000 repositories)
 * took 140 ms to read. Its key starts with a NUL, as no manifest's address does, so that one key
 * range holds them all.
 */
const PUBLISHED_PREFIX = '\u0000published\u0000'
const publishedRange = () => IDBKeyRange.bound(PUBLISHED_PREFIX, `${PUBLISHED_PREFIX}\uffff`)

/** The ids of the decisions the synced feeds' decisions files held, or undefined while none names one. */
export async function readPublishedDecisionIds(database: WorkspaceDatabase): Promise<ReadonlySet<string> | undefined> {
  const transaction = database.transaction('feeds', 'readonly')
  const [keys, records] = await Promise.all([
    transaction.store.getAllKeys(),
    transaction.store.getAll(publishedRange()),
  ])
  const recorded = new Set(records.map((record) => record.manifestUrl.slice(PUBLISHED_PREFIX.length)))
  // A feed an earlier Vigil synced has no such record yet: its state says what it published.
  const older = keys.filter(
    (key): key is string => typeof key === 'string' && !key.includes('\u0000') && !recorded.has(key),
  )
  const states = await Promise.all(older.map((key) => transaction.store.get(key)))
  const feeds = [...records, ...states.filter((state) => state !== undefined)]
  return publishedIdsOf(feeds.flatMap((feed) => feed.teamFiles ?? []))
}

/** A feed's state as its sync ends, and beside it what its decisions files published. */
export async function writeFeedState(database: WorkspaceDatabase, state: FeedState): Promise<void> {
  const transaction = database.transaction('feeds', 'readwrite')
  const published: FeedState = {
    manifestUrl: `${PUBLISHED_PREFIX}${state.manifestUrl}`,
    repositories: [],
    teamFiles: (state.teamFiles ?? []).flatMap(({ url, decisionIds }) => (decisionIds ? [{ url, decisionIds }] : [])),
  }
  await Promise.all([transaction.store.put(state), transaction.store.put(published), transaction.done])
}

export async function readFeedFileStates(database: WorkspaceDatabase): Promise<Map<string, FeedFileState>> {
  const records = await database.getAll('repositoryFeedFiles')
  return new Map(records.flatMap((record) => record.files.map((state) => [state.url, state] as const)))
}

type FeedFilesStore = IDBPObjectStore<WorkspaceSchema, ['repositoryFeedFiles'], 'repositoryFeedFiles', 'readwrite'>

/** Rewrites the record of a repository's files with `edit`; a repository left with none loses its record. */
async function editFeedFiles(
  store: FeedFilesStore,
  repository: string,
  edit: (files: FeedFileState[]) => FeedFileState[],
): Promise<void> {
  const files = edit((await store.get(repository))?.files ?? [])
  if (files.length === 0) await store.delete(repository)
  else await store.put({ repository, files })
}

/**
 * Records what Vigil knows of a file now, in its repository's record. `movedFrom`, the repository
 * the file was recorded under before (a manifest can move a file), loses it.
 */
export async function writeFeedFileState(
  database: WorkspaceDatabase,
  state: FeedFileState,
  movedFrom?: string,
): Promise<void> {
  const transaction = database.transaction('repositoryFeedFiles', 'readwrite')
  const others = (files: FeedFileState[]) => files.filter((file) => file.url !== state.url)
  await Promise.all([
    editFeedFiles(transaction.store, state.repository, (files) => [...others(files), state]),
    movedFrom !== undefined && movedFrom !== state.repository
      ? editFeedFiles(transaction.store, movedFrom, others)
      : undefined,
    transaction.done,
  ])
}

export async function forgetFeedFiles(database: WorkspaceDatabase, states: readonly FeedFileState[]): Promise<void> {
  const transaction = database.transaction('repositoryFeedFiles', 'readwrite')
  const byRepository = new Map<string, Set<string>>()
  for (const { repository, url } of states)
    byRepository.set(repository, (byRepository.get(repository) ?? new Set()).add(url))
  await Promise.all([
    ...[...byRepository].map(([repository, urls]) =>
      editFeedFiles(transaction.store, repository, (files) => files.filter((file) => !urls.has(file.url))),
    ),
    transaction.done,
  ])
}
