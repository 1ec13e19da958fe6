import { createContext, useContext, useEffect, useState, type ReactNode } from 'react'
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
const generated = new Map<number, Promise<Organisation>>()

function generatedOrganisation(size: number): Promise<Organisation> {
  let organisation = generated.get(size)
  if (!organisation) {
    organisation = loadGeneratedOrganisation(size)
    generated.set(size, organisation)
    organisation.catch(() => generated.delete(size))
  }
  return organisation
}

export interface OrganisationProviderProps {
  initialChoice?: OrganisationChoice
  /** Called with each choice the user makes, to remember it. */
  onChoose?: (choice: OrganisationChoice) => void
  children: ReactNode
}

export function OrganisationProvider({ initialChoice = 'sample', onChoose, children }: OrganisationProviderProps) {
  const [choice, setChoice] = useState<OrganisationChoice>(initialChoice)
  const [loaded, setLoaded] = useState<{ choice: OrganisationChoice; organisation: Organisation }>({
    choice: 'sample',
    organisation: sampleOrganisation,
  })
  const [error, setError] = useState<string>()

  useEffect(() => {
    if (choice === 'sample') return
    let current = true
    // Let the loading state paint before the generator takes the main thread.
    const timer = setTimeout(() => {
      generatedOrganisation(choice).then(
        (organisation) => current && setLoaded({ choice, organisation }),
        (reason: unknown) => current && setError(`The organisation could not be generated: ${String(reason)}`),
      )
    }, 0)
    return () => {
      current = false
      clearTimeout(timer)
    }
  }, [choice])

  const organisation = choice === 'sample' ? sampleOrganisation : loaded.organisation
  const state: OrganisationState = {
    organisation,
    choice,
    pending: choice !== 'sample' && loaded.choice !== choice && !error ? choice : undefined,
    error,
    choose: (next) => {
      setError(undefined)
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
