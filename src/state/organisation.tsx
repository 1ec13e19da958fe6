import { createContext, useContext, useState, type ReactNode } from 'react'
import useSWRImmutable from 'swr/immutable'
import { loadGeneratedOrganisation, sampleOrganisation, type Organisation } from '@/data/organisation'

/** 'sample' for the five sample repositories, else the size of a generated organisation. */
export type OrganisationChoice = 'sample' | number

export interface OrganisationState {
  organisation: Organisation
  choice: OrganisationChoice
  /** The generated organisation being built, if any. */
  pending?: number
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
  // SWR keeps each size built once per cache and the last one on screen while the next builds.
  const generated = useSWRImmutable(
    choice === 'sample' ? null : ['organisation', choice],
    async ([, size]: [string, number]) => {
      await afterPaint()
      return { size, organisation: await loadGenerated(size) }
    },
    { keepPreviousData: true, shouldRetryOnError: false },
  )
  const error =
    choice !== 'sample' && generated.error
      ? `The organisation could not be generated: ${String(generated.error)}`
      : undefined
  const state: OrganisationState = {
    organisation: choice === 'sample' ? sampleOrganisation : (generated.data?.organisation ?? sampleOrganisation),
    choice,
    pending: choice !== 'sample' && generated.data?.size !== choice && !error ? choice : undefined,
    error,
    choose: (next) => {
      setChoice(next)
      onChoose?.(next)
    },
  }
  return <OrganisationContext.Provider value={state}>{children}</OrganisationContext.Provider>
}

export function useOrganisation(): OrganisationState {
  const state = useContext(OrganisationContext)
  if (!state) throw new Error('useOrganisation must be used inside an OrganisationProvider')
  return state
}
