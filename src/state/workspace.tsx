import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react'
import useSWR from 'swr'
import {
  deleteWorkspace,
  openWorkspace,
  workspaceName,
  type ImportRecord,
  type RepositorySummary,
  type WorkspaceDatabase,
} from '@/workspace/store/schema'
import {
  findingsOf,
  listDigests,
  readAdvisoryIndex,
  saveAdvisoryIndex,
  listImports,
  listRepositories,
} from '@/workspace/store/reads'
import type { WorkspaceIndexes } from '@/workspace/workspace-source'
import { listDecisions, recordDecisionEntries } from '@/workspace/store/decisions'
import type { DecisionEntry } from '@/workspace/triage/decision-log'
import { useAdvisoryIndexer } from './advisory-indexer'
import { readPersonal, writePersonal } from './personal-settings'
import { useRequiredContext } from './required-context'

/** Who the workspace belongs to: one database per identity (issuer + subject). */
export interface WorkspaceIdentity {
  issuer: string
  subject: string
}

export interface WorkspaceState {
  /** The IndexedDB database of this identity, once its name is known. */
  databaseName?: string
  /** True while the signed-in identity's database name is being worked out (a moment after sign-in). */
  pending: boolean
  /** Why the workspace cannot be used in this browser (IndexedDB unavailable), in words. */
  problem?: string
  /** The repositories stored, undefined while they load. */
  summaries?: RepositorySummary[]
  imports: ImportRecord[]
  /** Every decision made on this workspace's findings, oldest first as appended. */
  decisions: readonly DecisionEntry[]
  /** Appends decisions and brings the counts they change up to date; the screens and other tabs reload. */
  recordDecisions: (entries: readonly DecisionEntry[]) => Promise<void>
  /** Reloads after a change, and tells the other tabs of this identity to. */
  changed: () => void
  findings: (repository: string) => ReturnType<typeof findingsOf>
  /** What the organisation-wide screens read and keep. */
  indexes: WorkspaceIndexes
  /** Deletes everything imported by this identity in this browser. */
  remove: () => Promise<void>
  clearOnSignOut: boolean
  setClearOnSignOut: (clear: boolean) => void
}

const WorkspaceContext = createContext<WorkspaceState | null>(null)
const noDecisions: readonly DecisionEntry[] = []
const CLEAR_ON_SIGN_OUT_KEY = 'vigil-clear-workspace-on-sign-out'
const connections = new Map<string, Promise<WorkspaceDatabase>>()

function connection(name: string): Promise<WorkspaceDatabase> {
  let database = connections.get(name)
  if (!database) {
    database = openWorkspace(name)
    connections.set(name, database)
    database.catch(() => connections.delete(name))
  }
  return database
}

async function closeConnection(name: string) {
  const database = connections.get(name)
  connections.delete(name)
  ;(await database?.catch(() => undefined))?.close()
}

const unavailable =
  'This browser gives Vigil no storage (IndexedDB is off, as in some private windows): imported data cannot be kept. Sample and generated data still work.'

function useDatabaseName(identity: WorkspaceIdentity | undefined): { name?: string; problem?: string } {
  const [state, setState] = useState<{ for?: WorkspaceIdentity; name?: string; problem?: string }>({})
  const noStorage = typeof indexedDB === 'undefined'
  useEffect(() => {
    if (!identity || noStorage) return
    let current = true
    workspaceName(identity.issuer, identity.subject).then(
      (name) => current && setState({ for: identity, name }),
      () => current && setState({ for: identity, problem: unavailable }),
    )
    return () => {
      current = false
    }
  }, [identity, noStorage])
  if (noStorage) return { problem: unavailable }
  // Another tab signed in as someone else: the previous identity's name is not kept a moment longer.
  return state.for === identity ? { name: state.name, problem: state.problem } : {}
}

/** The person's choice to delete their workspace when they sign out, and when their session ends. */
function readClearOnSignOut(name: string): boolean {
  return readPersonal(CLEAR_ON_SIGN_OUT_KEY, name, 'move') === 'true'
}

/**
 * Deletes an identity's workspace if that person asked for it at sign-out: run in every tab when
 * the session leaves it (a sign-out here or in another tab, a session that ended after a failed
 * refresh, another person signing in). Open connections close as the deletion asks them to.
 */
export async function deleteWorkspaceIfChosen(identity: WorkspaceIdentity): Promise<boolean> {
  if (typeof indexedDB === 'undefined') return false
  const name = await workspaceName(identity.issuer, identity.subject)
  if (!readClearOnSignOut(name)) return false
  await closeConnection(name)
  await deleteWorkspace(name)
  return true
}

export interface WorkspaceProviderProps {
  identity?: WorkspaceIdentity
  children: ReactNode
}

/** The signed-in identity's workspace: what the screens and the import dialog read and change. */
export function WorkspaceProvider({ identity, children }: WorkspaceProviderProps) {
  const { name, problem: nameProblem } = useDatabaseName(identity)
  const [revision, setRevision] = useState(0)
  const loaded = useSWR(
    name ? ['workspace', name, revision] : null,
    async ([, database]: [string, string, number]) => {
      const opened = await connection(database)
      const [summaries, imports, decisions] = await Promise.all([
        listRepositories(opened),
        listImports(opened),
        listDecisions(opened),
      ])
      return { summaries, imports, decisions }
    },
    { revalidateOnFocus: false, shouldRetryOnError: false, keepPreviousData: true },
  )

  // Other tabs of the same identity import too: reload when they say so.
  const channel = useMemo(
    () => (name && typeof BroadcastChannel !== 'undefined' ? new BroadcastChannel(`vigil:${name}`) : undefined),
    [name],
  )
  useEffect(() => {
    if (!channel) return
    channel.addEventListener('message', () => setRevision((value) => value + 1))
    return () => channel.close()
  }, [channel])

  const reload = useCallback(() => {
    setRevision((value) => value + 1)
    channel?.postMessage('changed')
  }, [channel])
  const indexer = useAdvisoryIndexer(name)
  const changed = useCallback(() => {
    reload()
    indexer.keep()
  }, [reload, indexer])

  const findings = useCallback(
    async (repository: string) => (name ? findingsOf(await connection(name), repository) : []),
    [name],
  )

  const indexes = useMemo(
    (): WorkspaceIndexes => ({
      digests: async () => (name ? listDigests(await connection(name)) : { digests: [], generation: 0 }),
      storedAdvisories: async () => (name ? readAdvisoryIndex(await connection(name)) : undefined),
      saveAdvisories: async (index) => !!name && saveAdvisoryIndex(await connection(name), index),
    }),
    [name],
  )

  const [savedClear, setClear] = useState<{ name: string; clear: boolean }>()
  const readClear = useMemo(() => !!name && readClearOnSignOut(name), [name])
  const clearOnSignOut = savedClear && savedClear.name === name ? savedClear.clear : readClear

  const state: WorkspaceState = {
    databaseName: name,
    pending: !!identity && !name && !nameProblem,
    problem: nameProblem ?? (loaded.error ? `${unavailable} (${String(loaded.error)})` : undefined),
    summaries: loaded.data?.summaries,
    imports: loaded.data?.imports ?? [],
    decisions: loaded.data?.decisions ?? noDecisions,
    recordDecisions: async (entries) => {
      if (!name) throw new Error('Your workspace is not ready yet: try again in a moment.')
      await recordDecisionEntries(await connection(name), entries)
      changed()
    },
    changed,
    findings,
    indexes,
    remove: async () => {
      if (!name) return
      // A build under way would open the workspace again as it goes.
      indexer.stop()
      await closeConnection(name)
      await deleteWorkspace(name)
      reload()
    },
    clearOnSignOut,
    setClearOnSignOut: (clear) => {
      if (!name) return
      writePersonal(CLEAR_ON_SIGN_OUT_KEY, name, clear ? 'true' : null)
      setClear({ name, clear })
    },
  }
  return <WorkspaceContext.Provider value={state}>{children}</WorkspaceContext.Provider>
}

/** The workspace, or undefined outside a WorkspaceProvider (tests of screens that show no workspace). */
export function useOptionalWorkspace(): WorkspaceState | undefined {
  return useContext(WorkspaceContext) ?? undefined
}

export function useWorkspace(): WorkspaceState {
  return useRequiredContext(WorkspaceContext, 'useWorkspace', 'a WorkspaceProvider')
}
