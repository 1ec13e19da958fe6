import type { DecisionEntry } from './decision-log'

/**
 * What of the local log the team's feed has not published yet. `published` holds the ids of the
 * entries of the feeds' decisions files as their syncs last read them, or is undefined while no
 * synced feed names a decisions file: then nothing is said to be unpublished, as there is no
 * feed to publish to. An entry the feed lists is published whoever made it.
 */
export function unpublishedDecisions(
  log: readonly DecisionEntry[],
  published: ReadonlySet<string> | undefined,
): DecisionEntry[] {
  return log.filter((entry) => isUnpublished(entry.id, published))
}

/** Whether one entry (by id) is made here and not in the feed's decisions file; see `unpublishedDecisions`. */
export const isUnpublished = (id: string | undefined, published: ReadonlySet<string> | undefined): boolean =>
  id !== undefined && published !== undefined && !published.has(id)

/** The ids every synced feed's decisions file held, or undefined while none names one. */
export function publishedIdsOf(
  teamFiles: readonly { decisionIds?: readonly string[] }[],
): ReadonlySet<string> | undefined {
  let published: Set<string> | undefined
  for (const file of teamFiles) {
    if (!file.decisionIds) continue
    published ??= new Set()
    for (const id of file.decisionIds) published.add(id)
  }
  return published
}
