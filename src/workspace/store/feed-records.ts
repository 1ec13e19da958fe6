import { FINDING_MODEL_VERSION } from '@/workspace/model/model'
import { removeRuns } from './run-removal'
import { publishedIdsOf } from '@/workspace/triage/publication'
import type { IDBPObjectStore } from 'idb'
import type { FeedFileState, FeedState, WorkspaceDatabase, WorkspaceSchema } from './records'

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
 * is slow to read (docs/benchmarks.md). Its key starts with a NUL, as no manifest's address does, so that one key
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

/** What Vigil knows of every feed file, by its address; each state names the group that keeps it. */
export async function readFeedFileStates(database: WorkspaceDatabase): Promise<Map<string, FeedFileState>> {
  const states = new Map<string, FeedFileState>()
  for (const { group, files } of await database.getAll('feedFileGroups'))
    for (const state of files) states.set(state.url, { ...state, group })
  return states
}

type GroupsStore = IDBPObjectStore<WorkspaceSchema, ['feedFileGroups'], 'feedFileGroups', 'readwrite'>

/** Rewrites a group's files with `edit`; a group left with none goes. */
async function editGroup(
  store: GroupsStore,
  group: string,
  edit: (files: FeedFileState[]) => FeedFileState[],
): Promise<void> {
  const files = edit((await store.get(group))?.files ?? [])
  if (files.length === 0) await store.delete(group)
  else await store.put({ group, files })
}

const groupOf = (state: FeedFileState) => state.group ?? state.repository

/**
 * Records what Vigil knows of a file now, in its repository's group. `previous`, its state as read
 * (`readFeedFileStates`), leaves the group that kept it: another repository's (a manifest can move
 * a file), or a snapshot's batch.
 */
export async function writeFeedFileState(
  database: WorkspaceDatabase,
  { group: _group, ...state }: FeedFileState,
  previous?: FeedFileState,
): Promise<void> {
  const transaction = database.transaction('feedFileGroups', 'readwrite')
  const others = (files: FeedFileState[]) => files.filter((file) => file.url !== state.url)
  const from = previous && groupOf(previous)
  await Promise.all([
    editGroup(transaction.store, state.repository, (files) => [...others(files), state]),
    from !== undefined && from !== state.repository ? editGroup(transaction.store, from, others) : undefined,
    transaction.done,
  ])
}

/** Forgets files, as read (`readFeedFileStates`): each leaves the group that keeps it. */
export async function forgetFeedFiles(database: WorkspaceDatabase, states: readonly FeedFileState[]): Promise<void> {
  const transaction = database.transaction('feedFileGroups', 'readwrite')
  const byGroup = new Map<string, Set<string>>()
  for (const state of states) byGroup.set(groupOf(state), (byGroup.get(groupOf(state)) ?? new Set()).add(state.url))
  await Promise.all([
    ...[...byGroup].map(([group, urls]) =>
      editGroup(transaction.store, group, (files) => files.filter((file) => !urls.has(file.url))),
    ),
    transaction.done,
  ])
}
