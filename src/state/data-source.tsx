import { createContext, useCallback, useMemo, useState, type ReactNode } from 'react'
import useSWRImmutable from 'swr/immutable'
import { loadGeneratedDataSource, sampleDataSource, type DataSource } from '@/data/data-source'
import { workspaceDataSource } from '@/workspace/workspace-source'
import { useOptionalWorkspace } from './workspace'
import { useRequiredContext } from './required-context'

/** 'sample' for the five sample repositories, 'workspace' for imported data, else a generated size. */
export type DataSourceChoice = 'sample' | 'workspace' | number

export interface DataSourceState {
  source: DataSource
  choice: DataSourceChoice
  /** The generated organisation being built, or the workspace being read, if any. */
  pending?: number | 'workspace'
  error?: string
  choose: (choice: DataSourceChoice) => void
}

const DataSourceContext = createContext<DataSourceState | null>(null)

export interface DataSourceProviderProps {
  initialChoice?: DataSourceChoice
  /** Called with each choice the user makes, to remember it. */
  onChoose?: (choice: DataSourceChoice) => void
  /** Builds a generated organisation; tests pass their own. */
  loadGenerated?: (size: number) => Promise<DataSource>
  children: ReactNode
}

/** Lets the loading state paint before the generator takes the main thread. */
const afterPaint = () => new Promise((resolve) => setTimeout(resolve, 0))

export function DataSourceProvider({
  initialChoice = 'sample',
  onChoose,
  loadGenerated = loadGeneratedDataSource,
  children,
}: DataSourceProviderProps) {
  const [choice, setChoice] = useState<DataSourceChoice>(initialChoice)
  const workspace = useOptionalWorkspace()
  const summaries = workspace?.summaries
  const findings = workspace?.findings
  const indexes = workspace?.indexes
  const decisions = workspace?.decisions
  const fromWorkspace = useMemo(
    () =>
      summaries && findings && indexes
        ? workspaceDataSource(summaries, findings, indexes, undefined, decisions)
        : undefined,
    [summaries, findings, indexes, decisions],
  )
  // SWR keeps each size built once per cache and the last one on screen while the next builds.
  const generated = useSWRImmutable(
    typeof choice === 'number' ? ['source', choice] : null,
    async ([, size]: [string, number]) => {
      await afterPaint()
      return { size, source: await loadGenerated(size) }
    },
    { keepPreviousData: true, shouldRetryOnError: false },
  )
  const generationError =
    typeof choice === 'number' && generated.error
      ? `The organisation could not be generated: ${String(generated.error)}`
      : undefined
  const error = choice === 'workspace' ? workspace?.problem : generationError
  const source =
    choice === 'sample'
      ? sampleDataSource
      : choice === 'workspace'
        ? (fromWorkspace ?? sampleDataSource)
        : (generated.data?.source ?? sampleDataSource)
  const pending =
    typeof choice === 'number'
      ? generated.data?.size !== choice && !error
        ? choice
        : undefined
      : choice === 'workspace' && !fromWorkspace && !error
        ? 'workspace'
        : undefined
  // Stable, so that machines provided with it (the feed's) are not made again on every render.
  const choose = useCallback(
    (next: DataSourceChoice) => {
      setChoice(next)
      onChoose?.(next)
    },
    [onChoose],
  )
  const state: DataSourceState = { source, choice, pending, error, choose }
  return <DataSourceContext.Provider value={state}>{children}</DataSourceContext.Provider>
}

export function useDataSource(): DataSourceState {
  return useRequiredContext(DataSourceContext, 'useDataSource', 'an DataSourceProvider')
}
