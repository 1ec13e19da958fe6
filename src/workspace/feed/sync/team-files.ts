import { FeedError, type FeedManifest } from '@/workspace/feed/format/manifest'
import { bodyWithin, megabytes } from '@/workspace/files/read-within'
import { HistoryFileError, readHistoryFile } from '@/workspace/history/history-file'
import { recordDecisionEntries } from '@/workspace/store/decisions'
import { applyTeamHistory } from '@/workspace/store/history-records'
import type { TeamFileState, WorkspaceDatabase } from '@/workspace/store/records'
import { DecisionsFileError, readDecisionsFile } from '@/workspace/triage/decisions-file'

type Get = (url: string, what: string, conditional: { etag?: string; lastModified?: string }) => Promise<Response>

export interface TeamFilesOptions {
  manifest: FeedManifest
  manifestUrl: string
  /** The manifest answered 304: files read at the last sync are not asked for again. */
  manifestUnchanged: boolean
  database: WorkspaceDatabase
  get: Get
  /** What the last sync read of them. */
  previous?: readonly TeamFileState[]
  now: string
  /** The most bytes read of each file: one past it is refused from its Content-Length, else as it streams. */
  limit: number
}

export interface TeamFilesOutcome {
  /** Runs of the feed that took the team's history, when it was read. */
  historyRuns?: number
  /** Decisions of the team's file this workspace did not hold yet. */
  decisionsAdded?: number
  problems: string[]
  states: TeamFileState[]
}

const names = { history: "the team's history file", decisions: "the team's decisions file" } as const

/**
 * Reads the history and decisions files a feed's manifest names, after its scan files landed: the
 * history gives the feed's runs the team's first-seen dates; the decisions are added to the
 * workspace's log (each entry once, so decisions made here and not yet published stay). A file
 * that cannot be read is a problem of the sync, and changes nothing.
 */
export async function syncTeamFiles(options: TeamFilesOptions): Promise<TeamFilesOutcome> {
  const outcome: TeamFilesOutcome = { problems: [], states: [] }
  for (const kind of ['history', 'decisions'] as const) {
    const url = options.manifest[kind]
    if (url === undefined) continue
    const previous = options.previous?.find((state) => state.url === url)
    if (options.manifestUnchanged && previous) {
      outcome.states.push(previous)
      continue
    }
    try {
      const response = await options.get(url, names[kind], previous ?? {})
      if (response.status === 304 && previous) {
        outcome.states.push(previous)
        continue
      }
      if (!response.ok) {
        outcome.problems.push(`${url}: the feed answered HTTP ${response.status} for ${names[kind]}.`)
        continue
      }
      const bytes = await bodyWithin(
        response,
        options.limit,
        () =>
          new FeedError(
            `The team's ${kind} file is larger than ${megabytes(options.limit)}, and Vigil reads it up to ${megabytes(options.limit)}: it was not read.`,
          ),
      )
      const text = new TextDecoder().decode(bytes)
      let decisionIds: string[] | undefined
      if (kind === 'history') {
        const { history } = readHistoryFile(text)
        outcome.historyRuns = await applyTeamHistory(options.database, history, options.manifestUrl)
      } else {
        const { decisions } = readDecisionsFile(text)
        outcome.decisionsAdded = await recordDecisionEntries(options.database, decisions, new Date(options.now))
        decisionIds = decisions.map((entry) => entry.id)
      }
      outcome.states.push({
        url,
        etag: response.headers.get('ETag') ?? undefined,
        lastModified: response.headers.get('Last-Modified') ?? undefined,
        ...(decisionIds ? { decisionIds } : {}),
      })
    } catch (error) {
      if (error instanceof FeedError || error instanceof HistoryFileError || error instanceof DecisionsFileError)
        outcome.problems.push(`${url}: ${error.message}`)
      else throw error
    }
  }
  return outcome
}
