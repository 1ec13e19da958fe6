import { createContext, useCallback, useEffect, useMemo, useState, useSyncExternalStore, type ReactNode } from 'react'
import useSWRImmutable from 'swr/immutable'
import { loadGeneratedDataSource, sampleDataSource, type DataSource } from '@/data/data-source'
import type { SlaSettings } from '@/data/policy-sla'
import { workspaceDataSource } from '@/workspace/source/workspace-source'
import type { WorkspaceIndexes } from '@/workspace/source/workspace-indexes'
import { onPolicyDocumentChange, slaSettingsText } from './stored-policy'
import { useOptionalWorkspace, useWorkspaceFresh } from './workspace'
import { useRequiredContext } from './required-context'

/** 'sample' for the five sample repositories, 'workspace' for imported data, else a generated size. */
export type DataSourceChoice = 'sample' | 'workspace' | number

/**
 * Whether the chosen source's data is read: 'loading' until it is (a generated organisation being
 * built, the workspace being read), 'failed' when it cannot be, else 'ready'.
 */
export type DataSourceStatus = 'loading' | 'ready' | 'failed'

export interface DataSourceState {
  /** The chosen source, once `status` is 'ready'; until then a source holding nothing. */
  source: DataSource
  choice: DataSourceChoice
  /** The one answer every screen and the sidebar follow: nothing of another source shows meanwhile. */
  status: DataSourceStatus
  /** Why the chosen source cannot be shown, in words, when `status` is 'failed'. */
  problem?: string
  choose: (choice: DataSourceChoice) => void
}

const DataSourceContext = createContext<DataSourceState | null>(null)

export interface DataSourceProviderProps {
  initialChoice?: DataSourceChoice
  /** Called with each choice the user makes, to remember it. */
  onChoose?: (choice: DataSourceChoice) => void
  /** Subscribes to the choices made in other tabs, to follow them; returns the unsubscribe. */
  followOtherTabs?: (follow: (choice: DataSourceChoice) => void) => () => void
  /** Builds a generated organisation; tests pass their own. */
  loadGenerated?: (size: number) => Promise<DataSource>
  children: ReactNode
}

/** Lets the loading state paint before the generator takes the main thread. */
const afterPaint = () => new Promise((resolve) => setTimeout(resolve, 0))

const noIndexes: WorkspaceIndexes = {
  digests: async () => ({ digests: [], generation: 0 }),
  storedAdvisories: async () => undefined,
  saveAdvisories: async () => false,
}

/** What `source` holds while the chosen source is not ready: no repository, no finding, no count. */
const nothingYet = workspaceDataSource([], async () => [], noIndexes)

/** The person's days to fix, read again when their policy document changes (here or in another tab). */
function useSlaSettings(workspace: string | undefined): SlaSettings {
  // Compared as text: an edit elsewhere in the document keeps the data source as it is.
  const text = useSyncExternalStore(onPolicyDocumentChange, () => slaSettingsText(workspace))
  return useMemo(() => JSON.parse(text) as SlaSettings, [text])
}

export function DataSourceProvider({
  initialChoice = 'sample',
  onChoose,
  followOtherTabs,
  loadGenerated = loadGeneratedDataSource,
  children,
}: DataSourceProviderProps) {
  const [choice, setChoice] = useState<DataSourceChoice>(initialChoice)
  // The choice whose data has been on screen since it was made.
  const [shown, setShown] = useState<DataSourceChoice>()
  const workspace = useOptionalWorkspace()
  const workspaceFresh = useWorkspaceFresh()
  const summaries = workspace?.summaries
  const findings = workspace?.findings
  const indexes = workspace?.indexes
  const decisions = workspace?.decisions
  const lineage = workspace?.lineage
  const sla = useSlaSettings(workspace?.databaseName)
  const fromWorkspace = useMemo(
    () =>
      summaries && findings && indexes
        ? { ...workspaceDataSource(summaries, findings, indexes, undefined, decisions, sla), lineage }
        : undefined,
    [summaries, findings, indexes, decisions, sla, lineage],
  )
  // SWR keeps each size built once per cache.
  const generated = useSWRImmutable(
    typeof choice === 'number' ? ['source', choice] : null,
    async ([, size]: [string, number]) => {
      await afterPaint()
      return { size, source: await loadGenerated(size) }
    },
    { shouldRetryOnError: false },
  )

  let ready: DataSource | undefined
  let problem: string | undefined
  if (choice === 'sample') ready = sampleDataSource
  else if (choice === 'workspace') {
    problem = workspace?.problem
    // Once on screen, the workspace stays while a change is read again (an import, a decision);
    // newly chosen (in the header, by a feed sync, in another tab), it waits for its latest read.
    if (!problem && (workspaceFresh || shown === 'workspace')) ready = fromWorkspace
  } else if (generated.error) {
    problem = `The organisation could not be generated: ${String(generated.error)}`
  } else if (generated.data?.size === choice) ready = generated.data.source
  const status: DataSourceStatus = problem ? 'failed' : ready ? 'ready' : 'loading'
  if (status === 'ready' && shown !== choice) setShown(choice)

  useEffect(() => followOtherTabs?.(setChoice), [followOtherTabs])

  // Stable, so that machines provided with it (the feed's) are not made again on every render.
  const choose = useCallback(
    (next: DataSourceChoice) => {
      setChoice(next)
      onChoose?.(next)
    },
    [onChoose],
  )
  // One value while none of these changed: a change to a workspace that is not shown draws no screen again.
  const source = ready ?? nothingYet
  const state = useMemo(
    (): DataSourceState => ({ source, choice, status, problem, choose }),
    [source, choice, status, problem, choose],
  )
  return <DataSourceContext.Provider value={state}>{children}</DataSourceContext.Provider>
}

export function useDataSource(): DataSourceState {
  return useRequiredContext(DataSourceContext, 'useDataSource', 'an DataSourceProvider')
}
