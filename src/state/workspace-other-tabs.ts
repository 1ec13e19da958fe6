import { fromCallback } from 'xstate'
import type { OtherTabsEvent, PostEvent, TabMessage } from '@/machines/workspace.machine'

/**
 * The other tabs of the same identity, which import and decide too: what they say comes back as
 * events, and this tab's changes are posted to them. The channel closes as the actor stops, and a
 * stopped actor is sent nothing more, so nothing is posted on a closed channel.
 */
export const otherTabs = fromCallback<PostEvent, { name: string }>(({ input, sendBack, receive }) => {
  if (typeof BroadcastChannel === 'undefined') return
  const channel = new BroadcastChannel(`vigil:${input.name}`)
  channel.addEventListener('message', ({ data }: MessageEvent<TabMessage>) =>
    sendBack({ type: data === 'decisions' ? 'otherTab.decisions' : 'otherTab.changed' } satisfies OtherTabsEvent),
  )
  receive((event) => channel.postMessage(event.message))
  return () => channel.close()
})
