import type { FeedItem } from './scan-file-fetch'

/** A sync's progress: its files, and the repositories and bytes of what it loads now (the snapshot, else the files). */
export interface FeedProgress {
  done: number
  total: number
  repositories: number
  repositoriesTotal: number
  bytes: number
  bytesTotal: number
}

/** Sends progress at most every 100 ms (a message per file re-renders the page thousands of times), and when forced. */
export function progressReporter(
  items: readonly FeedItem[],
  asked: readonly FeedItem[],
  onProgress: ((progress: FeedProgress) => void) | undefined,
) {
  const left = new Map<string, number>()
  for (const item of asked) left.set(item.repository.name, (left.get(item.repository.name) ?? 0) + 1)
  const counts = {
    done: 0,
    total: items.length,
    repositories: 0,
    repositoriesTotal: left.size,
    bytes: 0,
    bytesTotal: asked.reduce((sum, item) => sum + (item.file.size ?? 0), 0),
  }
  let reportedAt = -Infinity
  const send = (force = false) => {
    const now = Date.now()
    if (!force && now - reportedAt < 100) return
    reportedAt = now
    onProgress?.({ ...counts })
  }
  return {
    counts,
    send,
    /** A file settled: known without asking, or asked for and landed, refused or failed. */
    settled(item: FeedItem, asked: boolean) {
      counts.done += 1
      if (!asked) return
      counts.bytes += item.file.size ?? 0
      const remaining = left.get(item.repository.name)! - 1
      left.set(item.repository.name, remaining)
      if (remaining === 0) counts.repositories += 1
      send()
    },
  }
}
