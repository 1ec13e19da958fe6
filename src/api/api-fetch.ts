import { createContext } from 'react'

/**
 * The fetch the API helper uses; in demo mode it waits until the mock service worker is ready.
 * A module of its own, so that the app's root can provide it without loading SWR on the first
 * screen.
 */
export const ApiFetchContext = createContext<typeof fetch>((input, init) => fetch(input, init))
