import {
  createContext,
  startTransition,
  useCallback,
  useContext,
  useDeferredValue,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react'
import useSWR from 'swr'
import {
  BlockedWorkspaceError,
  deleteWorkspace,
  NewerWorkspaceError,
  openWorkspace,
  workspaceName,
  type WorkspaceDatabase,
} from '@/workspace/store/schema'
import type { RepositorySummary } from '@/workspace/model/repository-records'
import {
  findingsOf,
  listDigests,
  readGeneration,
  readAdvisoryIndex,
  readKeptTimeline,
  saveAdvisoryIndex,
  readImportHistory,
  type ImportHistory,
  listRepositories,
} from '@/workspace/store/reads'
import { prepareRepositories, type WorkspaceIndexes } from '@/workspace/source/workspace-source'
import {
  readLog,
  recordDecisionEntries,
  settleCounts,
  type LogRead,
  type RecordOptions,
} from '@/workspace/store/decisions'
import { readPublishedDecisionIds } from '@/workspace/store/feed-records'
import { readHistory } from '@/workspace/store/history-records'
import { emptyHistory } from '@/workspace/history/finding-history'
import type { WorkspaceTimesRequest } from '@/workspace/projections/workspace-times'
import { endTimesWork, workspaceTimesInWorker } from './workspace-times-worker'
import { policyFactsInWorker } from './workspace-policy-facts-worker'
import { endCountsWork, settleCountsInWorker, SupersededSettlingError } from './settle-counts-worker'
import type { DecisionEntry } from '@/workspace/triage/decision-log'
import { useAdvisoryIndexer } from './advisory-indexer'
import { writePersonal } from './personal-settings'
import { useRequiredContext } from './required-context'
import {
  CLEAR_ON_SIGN_OUT_KEY,
  closeConnection,
  readClearOnSignOut,
  workspaceConnections,
  type WorkspaceIdentity,
} from './workspace-deletion'

/** Who the workspace belongs to: one database per identity (issuer + subject). */
export type { WorkspaceIdentity } from './workspace-deletion'

export interface WorkspaceState {
  /** The IndexedDB database of this identity, once its name is known. */
  databaseName?: string
  /** True while the signed-in identity's database name is being worked out (a moment after sign-in). */
  pending: boolean
  /** Why the workspace cannot be used in this browser (IndexedDB unavailable), in words. */
  problem?: string
  /** The repositories stored, undefined until this identity's workspace is first read. */
  summaries?: RepositorySummary[]
  /** How many imports were recorded, and the newest `IMPORT_HISTORY_SHOWN` of them, newest first. */
  imports: ImportHistory
  /** Every decision made on this workspace's findings, oldest first as appended. */
  decisions: readonly DecisionEntry[]
  /**
   * The ids of the decisions the team's feed published (its decisions file, as the last sync read
   * it), or undefined while no synced feed names a decisions file.
   */
  published?: ReadonlySet<string>
  /**
   * Appends decisions and brings the counts they change up to date (with `counts: 'later'`, a
   * bulk step's, in a worker once the workspace is read again); the screens and other tabs
   * reload, unless `announce` is false (a bulk step in parts announces once, with
   * `decisionsChanged`). `newIds`: see `RecordOptions`.
   */
  recordDecisions: (
    entries: readonly DecisionEntry[],
    options?: { announce?: boolean } & RecordOptions,
  ) => Promise<void>
  /** Reloads after a change, and tells the other tabs of this identity to. */
  changed: () => void
  /**
   * Reloads after decisions changed, and tells the other tabs: no finding changed, so the advisory
   * index kept for the next visit stays as it is (`changed` would read it again to check).
   */
  decisionsChanged: () => void
  findings: (repository: string) => ReturnType<typeof findingsOf>
  /** What the organisation-wide screens read and keep. */
  indexes: WorkspaceIndexes
  /**
   * Names the reads of this workspace, one after another, for as long as it is not deleted: what
   * one read worked out may stand in while the next one's is (`DataSource.lineage`).
   */
  lineage?: string
  /** Deletes everything imported by this identity in this browser. */
  remove: () => Promise<void>
  clearOnSignOut: boolean
  setClearOnSignOut: (clear: boolean) => void
}

const WorkspaceContext = createContext<WorkspaceState | null>(null)
/**
 * Whether what is held is the latest read asked for (false while a change is read again). Apart
 * from the state: a change announced draws again only what waits for its read (the data source
 * newly chosen), not every screen that reads the workspace, and the read itself arrives deferred.
 */
const WorkspaceFreshContext = createContext(false)
/** What a tab tells the others of the same identity when only the decisions changed. */
const decisionsMessage = 'decisions'
const noDecisions: readonly DecisionEntry[] = []
const noImports: ImportHistory = { count: 0, newest: [] }

/** How many of the newest imports the workspace's reads bring to the screens. */
const IMPORT_HISTORY_SHOWN = 50

function connection(name: string): Promise<WorkspaceDatabase> {
  let database = workspaceConnections.get(name) as Promise<WorkspaceDatabase> | undefined
  if (!database) {
    database = openWorkspace(name)
    workspaceConnections.set(name, database)
    database.catch(() => workspaceConnections.delete(name))
  }
  return database
}

/** Opens a workspace's database by name; tests pass a double through `WorkspaceStoreContext` (a slow store, say). */
export type OpenWorkspaceStore = (name: string) => Promise<WorkspaceDatabase>

/** How the workspace provider opens its database: the browser's IndexedDB, one connection per name. */
export const WorkspaceStoreContext = createContext<OpenWorkspaceStore>(connection)

const unavailable =
  'This browser gives Vigil no storage (IndexedDB is off, as in some private windows): imported data cannot be kept. Sample and generated data still work.'

/** Why the workspace cannot be read, in words the user can act on. */
function readProblem(error: unknown): string {
  return error instanceof NewerWorkspaceError || error instanceof BlockedWorkspaceError
    ? error.message
    : `${unavailable} (${String(error)})`
}

function useDatabaseName(identity: WorkspaceIdentity | undefined): { name?: string; problem?: string } {
  const [state, setState] = useState<{ identity?: WorkspaceIdentity; name?: string; problem?: string }>({})
  const noStorage = typeof indexedDB === 'undefined'
  useEffect(() => {
    if (!identity || noStorage) return
    let current = true
    workspaceName(identity.issuer, identity.subject).then(
      (name) => current && setState({ identity, name }),
      () => current && setState({ identity, problem: unavailable }),
    )
    return () => {
      current = false
    }
  }, [identity, noStorage])
  if (noStorage) return { problem: unavailable }
  // Another person signed in: the previous person's name is never used, not even until the new one is known.
  return identity && state.identity === identity ? state : {}
}

export interface WorkspaceProviderProps {
  identity?: WorkspaceIdentity
  children: ReactNode
}

/** A worker opens the database by its name: it reads what the page reads only through the browser's own store. */
const workersReach = (open: OpenWorkspaceStore) => open === connection && typeof Worker !== 'undefined'

/** How the provider brings waiting counts up to date: in a worker, or on the page with a test's store. */
function countsSettler(open: OpenWorkspaceStore) {
  return workersReach(open)
    ? settleCountsInWorker
    : async (name: string, now: number, expired: string[]) => settleCounts(await open(name), new Date(now), expired)
}

/**
 * How long after a read the waiting counts start to be brought up to date: the screen that made
 * the decisions draws them first, and a step undone at once ends no settling just begun.
 */
export const SETTLE_DELAY_MS = 400

/**
 * Brings up to date, after a read, the counts that wait: a bulk step's (written without them), and
 * those of repositories whose accepted risks ran out since they were weighed. One settling at a
 * time, ended by a decision being saved; the read after it looks again, and a repository's
 * expiry is tried once.
 */
function useSettledCounts(
  name: string | undefined,
  current: { summaries: RepositorySummary[]; waiting: boolean } | undefined,
  open: OpenWorkspaceStore,
  reload: () => void,
) {
  const settling = useRef(false)
  const tried = useRef(new Set<string>())
  useEffect(() => {
    if (!name || !current || settling.current) return
    const timer = setTimeout(() => {
      if (settling.current) return
      const now = Date.now()
      const at = new Date(now).toISOString()
      const expiryKey = (summary: RepositorySummary) => `${name}\u0000${summary.name}\u0000${summary.triage?.reopensAt}`
      const expired = current.summaries.filter((summary) => {
        const reopensAt = summary.triage?.reopensAt
        return reopensAt !== undefined && reopensAt <= at && !tried.current.has(expiryKey(summary))
      })
      if (!current.waiting && expired.length === 0) return
      const keys = expired.map(expiryKey)
      for (const key of keys) tried.current.add(key)
      settling.current = true
      countsSettler(open)(
        name,
        now,
        expired.map((summary) => summary.name),
      )
        .then(
          (settled) => settled && reload(),
          (error: unknown) => {
            // Ended for a decision: the read after it tries again.
            if (error instanceof SupersededSettlingError) for (const key of keys) tried.current.delete(key)
            else console.warn('The counts were not brought up to date', error)
          },
        )
        .finally(() => {
          settling.current = false
        })
    }, SETTLE_DELAY_MS)
    return () => clearTimeout(timer)
  }, [name, current, open, reload])
}

/** The signed-in identity's workspace: what the screens and the import dialog read and change. */
export function WorkspaceProvider({ identity, children }: WorkspaceProviderProps) {
  const { name, problem: nameProblem } = useDatabaseName(identity)
  const open = useContext(WorkspaceStoreContext)
  // A change of anything read (an import, a sync, a deletion), or of the decisions alone.
  const [revision, setRevision] = useState(0)
  const [decisionsRevision, setDecisionsRevision] = useState(0)
  // Each deletion starts a new lineage: nothing read before it stands in after it.
  const [deletions, setDeletions] = useState(0)
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
    { revalidateOnFocus: false, shouldRetryOnError: false, keepPreviousData: true },
  )
  // The log read apart, and only what was added since the last read: after a decision, the
  // repositories (thousands) are not read again, nor the log's earlier entries.
  const loadedLog = useSWR(
    name ? ['decisions', name, revision, decisionsRevision] : null,
    async ([, database, asked, askedDecisions]: [string, string, number, number]) => {
      const previous = lastLog.current?.database === database ? lastLog.current.read : undefined
      const log = await readLog(await open(database), previous)
      lastLog.current = { database, read: log }
      return { name: database, revision: asked, decisionsRevision: askedDecisions, log }
    },
    { revalidateOnFocus: false, shouldRetryOnError: false, keepPreviousData: true },
  )
  // What was read reaches the screens in a deferred render, which React does in slices between
  // frames: every screen that reads the workspace (the lists, the sidebar, the data sources) draws
  // again after an import, and in one task that is longer than a frame.
  const read = useDeferredValue(loaded.data)
  const readDecisions = useDeferredValue(loadedLog.data)
  // The last read stays on screen while a change is read again, but only ever for the same
  // workspace; the repositories only with their decisions (their counts would change as they come).
  const currentLog = name && readDecisions?.name === name ? readDecisions : undefined
  const current = name && read?.name === name && currentLog ? read : undefined

  // Other tabs of the same identity import and decide too: reload when they say so.
  const channel = useMemo(
    () => (name && typeof BroadcastChannel !== 'undefined' ? new BroadcastChannel(`vigil:${name}`) : undefined),
    [name],
  )
  useEffect(() => {
    if (!channel) return
    channel.addEventListener('message', ({ data }) =>
      startTransition(() =>
        data === decisionsMessage ? setDecisionsRevision((value) => value + 1) : setRevision((value) => value + 1),
      ),
    )
    return () => channel.close()
  }, [channel])

  // A change is drawn in a transition, which React renders in slices between frames: drawn in the
  // task of the worker's message, the sidebar and the screens made one task of 18.5 ms of CPU after
  // a feed sync, 37 ms of wall time while the worker and the storage held both cores (traced).
  // Whoever changes the workspace and then chooses it sets the choice in a transition too (the
  // feed does): chosen at once, it would show the read from before the change as the latest.
  const reload = useCallback(() => {
    startTransition(() => setRevision((value) => value + 1))
    channel?.postMessage('changed')
  }, [channel])
  const reloadDecisions = useCallback(() => {
    startTransition(() => setDecisionsRevision((value) => value + 1))
    channel?.postMessage(decisionsMessage)
  }, [channel])
  const waiting = useMemo(
    () => current && currentLog && { summaries: current.summaries, waiting: currentLog.log.countsWaiting },
    [current, currentLog],
  )
  useSettledCounts(name, waiting, open, reload)
  const indexer = useAdvisoryIndexer(name)
  const changed = useCallback(() => {
    reload()
    indexer.keep()
  }, [reload, indexer])

  const findings = useCallback(
    async (repository: string) => (name ? findingsOf(await open(name), repository) : []),
    [name, open],
  )

  const indexes = useMemo(
    (): WorkspaceIndexes => ({
      digests: async () => (name ? listDigests(await open(name)) : { digests: [], generation: 0 }),
      generation: async () => (name ? readGeneration(await open(name)) : 0),
      storedAdvisories: async () => (name ? readAdvisoryIndex(await open(name)) : undefined),
      saveAdvisories: async (index) => !!name && saveAdvisoryIndex(await open(name), index),
      history: async (repository) => (name ? readHistory(await open(name), repository) : emptyHistory),
      ...(name && typeof Worker !== 'undefined'
        ? {
            times: (request: WorkspaceTimesRequest) => workspaceTimesInWorker(name, request),
            keptTimeline: async (inputs: string) => readKeptTimeline(await open(name), inputs, Date.now()),
          }
        : {}),
      ...(name && workersReach(open)
        ? { policyFacts: (request) => policyFactsInWorker({ database: name, ...request }) }
        : {}),
    }),
    [name, open],
  )

  const [savedClear, setClear] = useState<{ name: string; clear: boolean }>()
  const readClear = useMemo(() => !!name && readClearOnSignOut(name), [name])
  const clearOnSignOut = savedClear && savedClear.name === name ? savedClear.clear : readClear

  const pending = !!identity && !name && !nameProblem
  const failure = loaded.error ?? loadedLog.error
  const problem = nameProblem ?? (failure ? readProblem(failure) : undefined)
  const fresh =
    current?.revision === revision &&
    currentLog?.revision === revision &&
    currentLog.decisionsRevision === decisionsRevision
  // One value while nothing the screens read changed: a render of the provider alone draws no screen again.
  const state = useMemo(
    (): WorkspaceState => ({
      databaseName: name,
      pending,
      problem,
      summaries: current?.summaries,
      imports: current?.imports ?? noImports,
      decisions: currentLog?.log.log ?? noDecisions,
      published: current?.published,
      recordDecisions: async (entries, { announce = true, ...options } = {}) => {
        if (!name) throw new Error('Your workspace is not ready yet: try again in a moment.')
        endTimesWork(name)
        endCountsWork(name)
        await recordDecisionEntries(await open(name), entries, undefined, options)
        // Counts weighed with the decisions (the default) changed the repositories too.
        if (announce) (options.counts === 'later' ? reloadDecisions : reload)()
      },
      changed,
      decisionsChanged: reloadDecisions,
      findings,
      indexes,
      lineage: name && `${name}#${deletions}`,
      remove: async () => {
        if (!name) return
        // A build under way would open the workspace again as it goes.
        indexer.stop()
        await closeConnection(name)
        await deleteWorkspace(name)
        // One transition with the reload: no commit shows the new lineage with the deleted workspace's read.
        startTransition(() => {
          setDeletions((count) => count + 1)
          reload()
        })
      },
      clearOnSignOut,
      setClearOnSignOut: (clear) => {
        if (!name) return
        writePersonal(CLEAR_ON_SIGN_OUT_KEY, name, clear ? 'true' : null)
        setClear({ name, clear })
      },
    }),
    [
      name,
      pending,
      problem,
      current,
      currentLog,
      open,
      changed,
      findings,
      indexes,
      indexer,
      reload,
      reloadDecisions,
      deletions,
      clearOnSignOut,
    ],
  )
  return (
    <WorkspaceContext.Provider value={state}>
      <WorkspaceFreshContext.Provider value={fresh}>{children}</WorkspaceFreshContext.Provider>
    </WorkspaceContext.Provider>
  )
}

/** Whether the workspace held is its latest read (false while a change is read again, or outside a provider). */
export function useWorkspaceFresh(): boolean {
  return useContext(WorkspaceFreshContext)
}

/** The workspace, or undefined outside a WorkspaceProvider (tests of screens that show no workspace). */
export function useOptionalWorkspace(): WorkspaceState | undefined {
  return useContext(WorkspaceContext) ?? undefined
}

export function useWorkspace(): WorkspaceState {
  return useRequiredContext(WorkspaceContext, 'useWorkspace', 'a WorkspaceProvider')
}
