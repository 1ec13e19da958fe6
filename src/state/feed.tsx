import { createActorContext } from '@xstate/react'
import { createContext, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react'
import { fromCallback } from 'xstate'
import { inspection } from '@/lib/inspection'
import { readLocal, writeLocal } from '@/lib/local-storage'
import { feedSyncMachine, type FeedRunnerEvent, type FeedSyncRequest } from '@/machines/feed-sync.machine'
import type { ImportRequestMessage, ImportWorkerMessage } from '@/workspace/import.worker'
import { FeedDefaultsContext, type FeedDefaults } from './feed-defaults'
import { namedActorContext } from './named-actor-context'
import { useDataSource } from './data-source'
import { useWorkspace } from './workspace'
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

/** Runs a sync in the import worker: the page only shows its progress. */
function workerSync(databaseName: string | undefined) {
  return fromCallback<FeedRunnerEvent, FeedSyncRequest>(({ input, sendBack }) => {
    if (!databaseName) {
      sendBack({ type: 'feed.failed', message: 'Your workspace is not ready yet: try again in a moment.' })
      return () => {}
    }
    const worker = new Worker(new URL('../workspace/import.worker.ts', import.meta.url), { type: 'module' })
    worker.onmessage = ({ data }: MessageEvent<ImportWorkerMessage>) => {
      if (data.type === 'sync-progress') sendBack({ type: 'feed.progress', progress: data.progress })
      else if (data.type === 'synced') sendBack({ type: 'feed.synced', report: data.report })
      else if (data.type === 'failed') sendBack({ type: 'feed.failed', message: data.message })
    }
    worker.onerror = (event) => {
      event.preventDefault()
      sendBack({ type: 'feed.failed', message: `The sync stopped: ${event.message || 'the sync worker failed'}.` })
    }
    const request: ImportRequestMessage = {
      type: 'sync',
      database: databaseName,
      manifestUrl: input.manifestUrl,
      pageOrigin: window.location.origin,
      token: input.token,
    }
    worker.postMessage(request)
    return () => worker.terminate()
  })
}

function FeedSyncHost({ databaseName, children }: { databaseName?: string; children: ReactNode }) {
  const { changed } = useWorkspace()
  const { choose } = useDataSource()
  const logic = useMemo(
    () =>
      feedSyncMachine.provide({
        actions: { announceChange: () => changed(), showWorkspace: () => choose('workspace') },
        actors: { runSync: workerSync(databaseName) },
      }),
    [changed, choose, databaseName],
  )
  const [options] = useState(() => inspection())
  return (
    <FeedSyncActor.Provider logic={logic} options={options}>
      <SyncOnSignIn ready={!!databaseName} />
      {children}
    </FeedSyncActor.Provider>
  )
}

/** A configured feed is synced once the workspace is ready after sign-in. */
function SyncOnSignIn({ ready }: { ready: boolean }) {
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
  const { databaseName } = useWorkspace()
  const settings = useStoredSettings(useContext(FeedDefaultsContext), getToken)
  return (
    <FeedSettingsContext.Provider value={settings}>
      <FeedSyncHost key={databaseName ?? 'none'} databaseName={databaseName}>
        {children}
      </FeedSyncHost>
    </FeedSettingsContext.Provider>
  )
}

export function useFeedSettings(): FeedSettings {
  return useRequiredContext(FeedSettingsContext, 'useFeedSettings', 'a FeedSyncProvider')
}
