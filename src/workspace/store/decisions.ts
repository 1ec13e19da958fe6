import type { DecisionEntry } from '@/workspace/triage/decision-log'
import type { WorkspaceDatabase } from './schema'
import { repositoriesTouched, triageSummaries } from './triage-summary'

export const listDecisions = (database: WorkspaceDatabase): Promise<DecisionEntry[]> => database.getAll('decisions')

/**
 * Appends decision entries (never editing one), and in the same transaction brings the counts of
 * every repository they can change up to date: a repository's own, or every repository for a
 * decision on an advisory everywhere. Entries already stored (by id) are not added twice, so the
 * feed's decisions can be applied again and again.
 */
export async function recordDecisionEntries(
  database: WorkspaceDatabase,
  entries: readonly DecisionEntry[],
  now: Date = new Date(),
): Promise<number> {
  const transaction = database.transaction(['decisions', 'digests', 'repositories'], 'readwrite')
  const store = transaction.objectStore('decisions')
  const known = new Set(await store.getAllKeys())
  const added = entries.filter((entry) => !known.has(entry.id))
  // Queued at once: one request after another in the transaction, without a wait between each.
  await Promise.all(added.map((entry) => store.add(entry)))
  if (added.length > 0) {
    const log = await store.getAll()
    const touched = repositoriesTouched(added)
    const digests =
      touched === 'all'
        ? await transaction.objectStore('digests').getAll()
        : (await Promise.all([...touched].map((name) => transaction.objectStore('digests').get(name)))).filter(
            (digest) => digest !== undefined,
          )
    const summaries = triageSummaries(digests, log, now)
    const repositories = transaction.objectStore('repositories')
    for (const [name, triage] of summaries) {
      const summary = await repositories.get(name)
      if (summary) await repositories.put({ ...summary, triage })
    }
  }
  await transaction.done
  return added.length
}

/**
 * Brings every repository's counts up to date with the decisions as they stand at `now`: after an
 * accepted risk expired, the counts of the repositories it covered change without any write.
 */
export async function refreshTriageCounts(database: WorkspaceDatabase, now: Date = new Date()): Promise<void> {
  const transaction = database.transaction(['decisions', 'digests', 'repositories'], 'readwrite')
  const log = await transaction.objectStore('decisions').getAll()
  if (log.length > 0) {
    const summaries = triageSummaries(await transaction.objectStore('digests').getAll(), log, now)
    const repositories = transaction.objectStore('repositories')
    for (const [name, triage] of summaries) {
      const summary = await repositories.get(name)
      if (summary) await repositories.put({ ...summary, triage })
    }
  }
  await transaction.done
}
