import { createContext, useCallback, useMemo, useState, type ReactNode } from 'react'
import useSWRImmutable from 'swr/immutable'
import { loadGeneratedOrganisation, sampleOrganisation, type Organisation } from '@/data/organisation'
import { workspaceOrganisation } from '@/workspace/organisation'
import { useOptionalWorkspace } from './workspace'
import { useRequiredContext } from './required-context'

/** 'sample' for the five sample repositories, 'workspace' for imported data, else a generated size. */
export type OrganisationChoice = 'sample' | 'workspace' | number

export interface OrganisationState {
  organisation: Organisation
  choice: OrganisationChoice
  /** The generated organisation being built, or the workspace being read, if any. */
  pending?: number | 'workspace'
  error?: string
  choose: (choice: OrganisationChoice) => void
}

const OrganisationContext = createContext<OrganisationState | null>(null)

export interface OrganisationProviderProps {
  initialChoice?: OrganisationChoice
  /** Called with each choice the user makes, to remember it. */
  onChoose?: (choice: OrganisationChoice) => void
  /** Builds a generated organisation; tests pass their own. */
  loadGenerated?: (size: number) => Promise<Organisation>
  children: ReactNode
}

/** Lets the loading state paint before the generator takes the main thread. */
const afterPaint = () => new Promise((resolve) => setTimeout(resolve, 0))

export function OrganisationProvider({
  initialChoice = 'sample',
  onChoose,
  loadGenerated = loadGeneratedOrganisation,
  children,
}: OrganisationProviderProps) {
  const [choice, setChoice] = useState<OrganisationChoice>(initialChoice)
  const workspace = useOptionalWorkspace()
  const summaries = workspace?.summaries
  const findings = workspace?.findings
  const indexes = workspace?.indexes
  const fromWorkspace = useMemo(
    () => (summaries && findings && indexes ? workspaceOrganisation(summaries, findings, indexes) : undefined),
    [summaries, findings, indexes],
  )
  // SWR keeps each size built once per cache and the last one on screen while the next builds.
  const generated = useSWRImmutable(
    typeof choice === 'number' ? ['organisation', choice] : null,
    async ([, size]: [string, number]) => {
      await afterPaint()
      return { size, organisation: await loadGenerated(size) }
    },
    { keepPreviousData: true, shouldRetryOnError: false },
  )
  const generationError =
    typeof choice === 'number' && generated.error
      ? `The organisation could not be generated: ${String(generated.error)}`
      : undefined
  const error = choice === 'workspace' ? workspace?.problem : generationError
  const organisation =
    choice === 'sample'
      ? sampleOrganisation
      : choice === 'workspace'
        ? (fromWorkspace ?? sampleOrganisation)
        : (generated.data?.organisation ?? sampleOrganisation)
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
    (next: OrganisationChoice) => {
      setChoice(next)
      onChoose?.(next)
    },
    [onChoose],
  )
  const state: OrganisationState = { organisation, choice, pending, error, choose }
  return <OrganisationContext.Provider value={state}>{children}</OrganisationContext.Provider>
}

export function useOrganisation(): OrganisationState {
  return useRequiredContext(OrganisationContext, 'useOrganisation', 'an OrganisationProvider')
}
