import { createActorContext } from '@xstate/react'
import { createContext, startTransition, useCallback, useContext, useMemo, useState, type ReactNode } from 'react'
import { fromPromise } from 'xstate'
import { feedSyncMachine, syncJob, type FeedSyncRequest } from '@/machines/feed-sync.machine'
import { workerActor } from '@/machines/worker-actor'
import { FeedDefaultsContext, type FeedDefaults } from './feed-defaults'
import { connectSources } from '@/lib/connect-sources'
import { namedActorContext } from './named-actor-context'
import { readLocal } from '@/lib/local-storage'
import { personalKey, readPersonal, writePersonal } from './personal-settings'
import { useDataSource } from './data-source'
import { useWorkspace } from './workspace'
import { WorkspaceActorHost } from './workspace-actor-host'
import { takeWorkspaceWorker } from './workspace-worker'
import { useRequiredContext } from './required-context'
import { useLastSettled, watched } from '@/components/use-last-settled'

export const FeedSyncActor = namedActorContext(createActorContext(feedSyncMachine), 'FeedSyncProvider')

const FEED_URL_KEY = 'vigil-feed-url'
const FEED_TOKEN_KEY = 'vigil-feed-send-token'

export interface FeedSettings extends FeedDefaults {
  /** Saves this person's feed; an empty address falls back to the build's. */
  save: (settings: { url: string; sendToken: boolean }) => void
  /**
   * The signed-in user's token when it is to be sent, else undefined. A token bound to this
   * browser's DPoP key is never sent: a feed could only receive it as a bearer token, which a
   * bound token must not be.
   */
  tokenFor: (sendToken: boolean) => Promise<string | undefined>
  /** True when the sign-in provider binds tokens to this browser (DPoP): none is sent to a feed. */
  tokenBound?: boolean
}

const FeedSettingsContext = createContext<FeedSettings | null>(null)

const unbound = async () => false

interface Stored {
  workspace?: string
  url: string | null
  sendToken: string | null
}

/**
 * The signed-in person's feed settings (see personal-settings: a shared token choice is dropped).
 * A feed an older Vigil kept for the whole browser was named by whoever used it then: the build's
 * "send the token" reaches it only once this person turns the token on.
 */
function readStored(workspace: string | undefined, defaults: FeedDefaults): Stored {
  if (!workspace) return { workspace, url: null, sendToken: null }
  const inherited = readLocal(FEED_URL_KEY) !== null && readLocal(personalKey(FEED_URL_KEY, workspace)) === null
  const url = readPersonal(FEED_URL_KEY, workspace, 'move')
  let sendToken = readPersonal(FEED_TOKEN_KEY, workspace, 'drop')
  if (inherited && url !== defaults.url && sendToken === null && defaults.sendToken) {
    sendToken = 'false'
    writePersonal(FEED_TOKEN_KEY, workspace, sendToken)
  }
  return { workspace, url, sendToken }
}

/** What this person saved in this session, for this identity's workspace; else what was read for it. */
const currentStored = (saved: Stored | undefined, read: Stored): Stored =>
  saved && saved.workspace === read.workspace ? saved : read

function useStoredSettings(
  defaults: FeedDefaults,
  getToken: () => string | undefined,
  tokensBound: () => Promise<boolean>,
): FeedSettings {
  const workspace = useWorkspace().databaseName
  const [saved, setSaved] = useState<Stored>()
  // Read again when the identity changes; what this person saved since is kept as saved.
  const read = useMemo(() => readStored(workspace, defaults), [workspace, defaults])
  const stored = currentStored(saved, read)
  // Whether the provider binds tokens to this browser: unknown until it says, and the last answer kept while it is asked again.
  const boundAnswer = useLastSettled(useMemo(() => watched(tokensBound()), [tokensBound]))
  const bound = boundAnswer?.result.status === 'ready' ? boundAnswer.result.value : undefined
  // One value while nothing in it changed: its readers (the feed card) draw again only on a change.
  return useMemo(
    (): FeedSettings => ({
      url: stored.url ?? defaults.url,
      sendToken: !bound && (stored.sendToken === null ? defaults.sendToken : stored.sendToken === 'true'),
      tokenBound: bound,
      tokenFor: async (sendToken) => (sendToken && !(await tokensBound()) ? getToken() : undefined),
      save: ({ url, sendToken }) => {
        if (!workspace) return
        const address = url.trim()
        // Kept as written: the build's own values as null, so that a later build's defaults apply.
        const next: Stored = {
          workspace,
          url: address === '' || address === defaults.url ? null : address,
          sendToken: sendToken === defaults.sendToken ? null : String(sendToken),
        }
        writePersonal(FEED_URL_KEY, workspace, next.url)
        writePersonal(FEED_TOKEN_KEY, workspace, next.sendToken)
        // Sync now saves what the card shows: most often what is saved already, which draws nothing again.
        setSaved((previous) => {
          const current = currentStored(previous, read)
          return next.url === current.url && next.sendToken === current.sendToken ? previous : next
        })
      },
    }),
    [stored, read, defaults, bound, workspace, tokensBound, getToken],
  )
}

/** The connect sources of the page's own policy (the built index.html's meta tag); none in development. */
function pagePolicy(): string[] | undefined {
  const meta = document.querySelector<HTMLMetaElement>('meta[http-equiv="Content-Security-Policy"]')
  return meta ? connectSources(meta.content) : undefined
}

/**
 * The sync machine with the browser's worker, for one workspace; a sync the user asked for shows
 * the workspace. The machine syncs the feed the settings name once, when the identity's workspace
 * is first ready: a team's build names its feed, and its data, not the samples, is what the
 * screens show first.
 */
function FeedSyncHost({ children }: { children: ReactNode }) {
  const { choose, choice } = useDataSource()
  const settings = useFeedSettings()
  const provide = useCallback(
    ({ databaseName, changed }: { databaseName?: string; changed: () => void }) =>
      feedSyncMachine.provide({
        actions: {
          announceChange: () => changed(),
          // With the reload, in one transition: every screen draws the workspace in slices (see reload).
          showWorkspace: () => startTransition(() => choose('workspace')),
        },
        actors: {
          runSync: workerActor(syncJob(databaseName, takeWorkspaceWorker, window.location.origin, pagePolicy())),
          readSignInFeed: fromPromise(async (): Promise<FeedSyncRequest | undefined> => {
            const manifestUrl = settings.url
            if (!databaseName || !manifestUrl) return undefined
            const token = await settings.tokenFor(settings.sendToken)
            return { manifestUrl, token, show: choice === 'sample' }
          }),
        },
      }),
    [choose, choice, settings],
  )
  return (
    <WorkspaceActorHost context={FeedSyncActor} provide={provide}>
      {children}
    </WorkspaceActorHost>
  )
}

/**
 * The team feed: the signed-in person's settings, and the sync machine, one per identity's
 * workspace. `getToken` gives the signed-in user's access token, sent to the feed only when asked
 * to; `tokensBound` says whether the provider binds it to this browser (then it is never sent).
 */
export function FeedSyncProvider({
  getToken,
  tokensBound = unbound,
  children,
}: {
  getToken: () => string | undefined
  tokensBound?: () => Promise<boolean>
  children: ReactNode
}) {
  const settings = useStoredSettings(useContext(FeedDefaultsContext), getToken, tokensBound)
  return (
    <FeedSettingsContext.Provider value={settings}>
      <FeedSyncHost>{children}</FeedSyncHost>
    </FeedSettingsContext.Provider>
  )
}

export function useFeedSettings(): FeedSettings {
  return useRequiredContext(FeedSettingsContext, 'useFeedSettings', 'a FeedSyncProvider')
}
