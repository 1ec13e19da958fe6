import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react'
import type { RepositorySummary } from '@/workspace/model/repository-records'
import { BlockedWorkspaceError, NewerWorkspaceError } from '@/workspace/store/open'
import {
  type ImportHistory,
  findingsOf,
  listDigests,
  readAdvisoryIndex,
  readGeneration,
  readKeptTimeline,
  saveAdvisoryIndex,
} from '@/workspace/store/reads'
import { catalogueReader } from '@/workspace/store/catalogue-records'
import type { WorkspaceIndexes } from '@/workspace/source/workspace-indexes'
import { recordDecisionEntries, type RecordOptions } from '@/workspace/store/decisions'
import { readHistory } from '@/workspace/store/history-records'
import { emptyHistory } from '@/workspace/history/finding-history'
import type { WorkspaceTimesRequest } from '@/workspace/projections/workspace-times'
import type { DecisionEntry } from '@/workspace/triage/decision-log'
import { endTimesWork, workspaceTimesInWorker } from './workspace-times-worker'
import { policyFactsInWorker } from './workspace-policy-facts-worker'
import { endCountsWork } from './settle-counts-worker'
import { useAdvisoryIndexer } from './advisory-indexer'
import { writePersonal } from './personal-settings'
import { useRequiredContext } from './required-context'
import { CLEAR_ON_SIGN_OUT_KEY, readClearOnSignOut, type WorkspaceIdentity } from './workspace-deletion'
import { workersCanOpen, WorkspaceStoreContext } from './workspace-connections'
import { deleteNamed, useWorkspaceLifecycle } from './workspace-lifecycle'
import { useWorkspaceReads } from './workspace-reads'

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
const noDecisions: readonly DecisionEntry[] = []
const noImports: ImportHistory = { count: 0, newest: [] }

const unavailable =
  'This browser gives Vigil no storage (IndexedDB is off, as in some private windows): imported data cannot be kept. Sample and generated data still work.'

/** Why the workspace cannot be read, in words the user can act on. */
function readProblem(error: unknown): string {
  return error instanceof NewerWorkspaceError || error instanceof BlockedWorkspaceError
    ? error.message
    : `${unavailable} (${String(error)})`
}

export interface WorkspaceProviderProps {
  identity?: WorkspaceIdentity
  children: ReactNode
}

/**
 * The signed-in identity's workspace: what the screens and the import dialog read and change. Its
 * lifecycle (the name, the other tabs, the counts' settling, the deletion) is `workspaceMachine`'s;
 * what it reads, SWR's.
 */
export function WorkspaceProvider({ identity, children }: WorkspaceProviderProps) {
  const open = useContext(WorkspaceStoreContext)
  const lifecycle = useWorkspaceLifecycle(identity, open)
  const { name, send, deletions } = lifecycle
  const { current, currentLog, fresh, failure } = useWorkspaceReads(name, open, lifecycle)

  // A read brings the counts that wait up to date, a delay after it.
  useEffect(() => {
    if (current && currentLog)
      send({ type: 'workspace.read', summaries: current.summaries, waiting: currentLog.log.countsWaiting })
  }, [current, currentLog, send])

  const reload = useCallback(() => send({ type: 'workspace.changed' }), [send])
  const reloadDecisions = useCallback(() => send({ type: 'workspace.decisionsChanged' }), [send])
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
      catalogues: name ? catalogueReader(() => open(name)) : async () => ({}),
      saveAdvisories: async (index) => !!name && saveAdvisoryIndex(await open(name), index),
      history: async (repository) => (name ? readHistory(await open(name), repository) : emptyHistory),
      ...(name && typeof Worker !== 'undefined'
        ? {
            times: (request: WorkspaceTimesRequest) => workspaceTimesInWorker(name, request),
            keptTimeline: async (inputs: string) => readKeptTimeline(await open(name), inputs, Date.now()),
          }
        : {}),
      ...(name && workersCanOpen(open)
        ? { policyFacts: (request) => policyFactsInWorker({ database: name, ...request }) }
        : {}),
    }),
    [name, open],
  )

  const [savedClear, setClear] = useState<{ name: string; clear: boolean }>()
  const readClear = useMemo(() => !!name && readClearOnSignOut(name), [name])
  const clearOnSignOut = savedClear && savedClear.name === name ? savedClear.clear : readClear

  const nameProblem = typeof indexedDB === 'undefined' || lifecycle.failed ? unavailable : undefined
  const pending = !!identity && !name && !nameProblem
  const problem = nameProblem ?? (failure ? readProblem(failure) : undefined)
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
        await new Promise<void>((resolve, reject) => {
          const reply = { resolve, reject }
          // Closed meanwhile (the provider unmounted): nothing holds the workspace, so it is deleted here.
          if (!send({ type: 'workspace.remove', reply })) deleteNamed({ name, reply }).catch(() => undefined)
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
      send,
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
