import { createContext } from 'react'

/** The feed a build names (VITE_FEED_URL, VITE_FEED_SEND_TOKEN); a browser can name its own. */
export interface FeedDefaults {
  url?: string
  sendToken: boolean
}

/** Provided by the app root; kept apart from the feed's machine, which is not on the first screen. */
export const FeedDefaultsContext = createContext<FeedDefaults>({ sendToken: false })
