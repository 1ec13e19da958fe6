import { useDeferredValue, useRef } from 'react'
import useSWR from 'swr'
import { prepareRepositories } from '@/workspace/source/repository-rows'
import { readLog, type LogRead } from '@/workspace/store/decisions'
import { readPublishedDecisionIds } from '@/workspace/store/feed-records'
import { listRepositories, readImportHistory } from '@/workspace/store/reads'
import type { OpenWorkspaceStore } from './workspace-connections'
import type { WorkspaceRevisions } from './workspace-lifecycle'

/** How many of the newest imports the workspace's reads bring to the screens. */
const IMPORT_HISTORY_SHOWN = 50

const options = { revalidateOnFocus: false, shouldRetryOnError: false, keepPreviousData: true }

/**
 * The reads of a workspace at its revisions: the repositories, the imports and what the feed
 * published; and the decision log, read apart. Each read is the latest asked for (`fresh`) or the
 * one before it, kept on screen while a change is read again, but only ever for the same workspace.
 */
export function useWorkspaceReads(
  name: string | undefined,
  open: OpenWorkspaceStore,
  { revision, decisionsRevision }: WorkspaceRevisions,
) {
  const lastLog = useRef<{ database: string; read: LogRead }>(undefined)
  const loaded = useSWR(
    name ? ['workspace', name, revision] : null,
    async ([, database, asked]: [string, string, number]) => {
      const opened = await open(database)
      const [summaries, imports, published] = await Promise.all([
        listRepositories(opened),
        readImportHistory(opened, IMPORT_HISTORY_SHOWN),
        readPublishedDecisionIds(opened),
      ])
      await prepareRepositories(summaries)
      return { name: database, revision: asked, summaries, imports, published }
    },
    options,
  )
  // Only what was added since the last read: after a decision, the repositories (thousands) are
  // not read again, nor the log's earlier entries.
  const loadedLog = useSWR(
    name ? ['decisions', name, revision, decisionsRevision] : null,
    async ([, database, asked, askedDecisions]: [string, string, number, number]) => {
      const previous = lastLog.current?.database === database ? lastLog.current.read : undefined
      const log = await readLog(await open(database), previous)
      lastLog.current = { database, read: log }
      return { name: database, revision: asked, decisionsRevision: askedDecisions, log }
    },
    options,
  )
  // What was read reaches the screens in a deferred render, which React does in slices between
  // frames: every screen that reads the workspace (the lists, the sidebar, the data sources) draws
  // again after an import.
  const read = useDeferredValue(loaded.data)
  const readDecisions = useDeferredValue(loadedLog.data)
  // The repositories only with their decisions: their counts would change as they come.
  const currentLog = name && readDecisions?.name === name ? readDecisions : undefined
  const current = name && read?.name === name && currentLog ? read : undefined
  const fresh =
    current?.revision === revision &&
    currentLog?.revision === revision &&
    currentLog.decisionsRevision === decisionsRevision
  return { current, currentLog, fresh, failure: (loaded.error ?? loadedLog.error) as unknown }
}
