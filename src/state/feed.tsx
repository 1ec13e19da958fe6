import { createActorContext } from '@xstate/react'
import { createContext, useCallback, useContext, useEffect, useRef, useState, type ReactNode } from 'react'
import { readLocal, writeLocal } from '@/lib/local-storage'
import { feedSyncMachine, syncJob } from '@/machines/feed-sync.machine'
import { workerActor } from '@/machines/worker-actor'
import { FeedDefaultsContext, type FeedDefaults } from './feed-defaults'
import { namedActorContext } from './named-actor-context'
import { useDataSource } from './data-source'
import { useWorkspace } from './workspace'
import { WorkspaceActorHost } from './workspace-actor-host'
import { takeWorkspaceWorker } from './workspace-worker'
import { useRequiredContext } from './required-context'

export const FeedSyncActor = namedActorContext(createActorContext(feedSyncMachine), 'FeedSyncProvider')

const FEED_URL_KEY = 'vigil-feed-url'
const FEED_TOKEN_KEY = 'vigil-feed-send-token'

export interface FeedSettings extends FeedDefaults {
  /** Saves this browser's feed; an empty address falls back to the build's. */
  save: (settings: { url: string; sendToken: boolean }) => void
  /** The signed-in user's token when it is to be sent, else undefined. */
  tokenFor: (sendToken: boolean) => string | undefined
}

const FeedSettingsContext = createContext<FeedSettings | null>(null)

function useStoredSettings(defaults: FeedDefaults, getToken: () => string | undefined): FeedSettings {
  const [stored, setStored] = useState(() => ({ url: readLocal(FEED_URL_KEY), sendToken: readLocal(FEED_TOKEN_KEY) }))
  return {
    url: stored.url ?? defaults.url,
    sendToken: stored.sendToken === null ? defaults.sendToken : stored.sendToken === 'true',
    tokenFor: (sendToken) => (sendToken ? getToken() : undefined),
    save: ({ url, sendToken }) => {
      const address = url.trim()
      writeLocal(FEED_URL_KEY, address === '' || address === defaults.url ? null : address)
      writeLocal(FEED_TOKEN_KEY, sendToken === defaults.sendToken ? null : String(sendToken))
      setStored({ url: address === '' ? null : address, sendToken: String(sendToken) })
    },
  }
}

/** The sync machine with the browser's worker, for one workspace; a sync the user asked for shows the workspace. */
function FeedSyncHost({ children }: { children: ReactNode }) {
  const { choose } = useDataSource()
  const provide = useCallback(
    ({ databaseName, changed }: { databaseName?: string; changed: () => void }) =>
      feedSyncMachine.provide({
        actions: { announceChange: () => changed(), showWorkspace: () => choose('workspace') },
        actors: { runSync: workerActor(syncJob(databaseName, takeWorkspaceWorker, window.location.origin)) },
      }),
    [choose],
  )
  return (
    <WorkspaceActorHost context={FeedSyncActor} provide={provide}>
      <SyncOnSignIn />
      {children}
    </WorkspaceActorHost>
  )
}

/** A configured feed is synced once the workspace is ready after sign-in. */
function SyncOnSignIn() {
  const ready = !!useWorkspace().databaseName
  const settings = useFeedSettings()
  const actor = FeedSyncActor.useActorRef()
  const { choice } = useDataSource()
  const started = useRef(false)
  useEffect(() => {
    if (!ready || started.current) return
    started.current = true
    // Once, when the workspace is first ready; a feed named later syncs when the user asks.
    // A team's build names its feed: its data, not the samples, is what the screens show first.
    if (settings.url) {
      actor.send({
        type: 'feed.sync',
        manifestUrl: settings.url,
        token: settings.tokenFor(settings.sendToken),
        show: choice === 'sample',
      })
    }
  }, [actor, choice, ready, settings])
  return null
}

/**
 * The team feed: its settings in this browser, and the sync machine, one per identity's workspace.
 * `getToken` gives the signed-in user's access token, sent to the feed only when asked to.
 */
export function FeedSyncProvider({ getToken, children }: { getToken: () => string | undefined; children: ReactNode }) {
  const settings = useStoredSettings(useContext(FeedDefaultsContext), getToken)
  return (
    <FeedSettingsContext.Provider value={settings}>
      <FeedSyncHost>{children}</FeedSyncHost>
    </FeedSettingsContext.Provider>
  )
}

export function useFeedSettings(): FeedSettings {
  return useRequiredContext(FeedSettingsContext, 'useFeedSettings', 'a FeedSyncProvider')
}
