// The lines and tables the bench prints: the full run's report, and the pieces of it that a
// scenario run alone prints too.
import type { BenchResults } from './results'
import type { ApisViewResults } from './scenarios/apis'
import type { FeedResults } from './scenarios/feed'
import type { ImportRow } from './scenarios/import'
import type { IntelligenceResults, Spread } from './scenarios/intelligence'
import type { SearchRow, SortByNameResults } from './scenarios/search'
import type { ViewAgainstReference } from './scenarios/vulnerabilities'
import type { TriageResults } from './scenarios/triage'
import type { WorkspaceResults } from './scenarios/workspace'
import type { MedianWaterfall } from './sign-in-waterfall'
import { round } from './statistics'

const kb = (bytes: number) => `${round(bytes / 1024)} KiB`

export const signInLine = ({ seenMs, toProvider, back }: MedianWaterfall): string =>
  `demo sign-in as its pages show it: ${seenMs} ms; click "Sign in" → ${Object.entries(toProvider)
    .map(([step, ms]) => `${step} ${ms}`)
    .join(' → ')}; click "Continue" → ${Object.entries(back)
    .map(([step, ms]) => `${step} ${ms}`)
    .join(' → ')}`

export const sortByNameLine = ({ ascendingMs, descendingMs }: SortByNameResults): string =>
  `first sort by name at 100,000 repositories: ascending ${ascendingMs} ms, then descending ${descendingMs} ms`

export const workspaceLine = (workspace: WorkspaceResults): string =>
  `workspace of ${workspace.repositories} repositories and ${workspace.findings} findings (seeded in ${workspace.seedSeconds} s): signed-in reload to the list ${workspace.reloadToListMs} ms, details ${workspace.detailsMs} ms (first right after the reload ${workspace.detailsFirstMs} ms), dashboard ${workspace.dashboardMs} ms (first ${workspace.dashboardFirstMs} ms), its trends over ${workspace.historyDays} days of history ${workspace.trendsMs} ms (first ${workspace.trendsFirstMs} ms), JS heap ${workspace.jsHeapUsedMb} MB`

export const triageLine = (triage: TriageResults): string =>
  `triage in the workspace: a bulk decision on ${triage.findings} findings to the counts refreshed ${triage.bulkDecisionMs} ms (rounds ${triage.bulkDecisionRoundsMs.join(', ')}), its undo ${triage.undoMs} ms; a finding's history ${triage.historyMs} ms`

export const workspaceViewsLine = (views: ViewAgainstReference): string =>
  `/vulnerabilities in the workspace: ready ${views.firstVisitMs} ms after navigation (rounds ${views.firstVisitRoundsMs.join(', ')}; the first follows the imports) (again ${views.revisitMs} ms), ${views.domNodes} DOM nodes; keystroke p95 ${views.keystrokes[1].p95} ms (plain DOM ${views.reference[1].p95} ms), at 4× CPU ${views.keystrokes[4].p95} ms (plain DOM ${views.reference[4].p95} ms)`

const generatedViewsLine = (views: ViewAgainstReference): string =>
  `/vulnerabilities at 100,000 generated repositories: ready ${views.firstVisitMs} ms after navigation (again ${views.revisitMs} ms), ${views.domNodes} DOM nodes; keystroke p95 ${views.keystrokes[1].p95} ms (plain DOM ${views.reference[1].p95} ms), at 4× CPU ${views.keystrokes[4].p95} ms (plain DOM ${views.reference[4].p95} ms)`

export const apisLine = (apis: ApisViewResults): string =>
  `/apis at ${apis.repositories.toLocaleString('en-US')} generated repositories (${apis.endpoints.toLocaleString('en-US')} endpoints), ${apis.domNodes} DOM nodes: keystroke p95 ${apis.keystrokes[1].p95} ms (plain DOM ${apis.reference[1].p95} ms, frame ${apis.keystrokes[1].frameP95} / ${apis.reference[1].frameP95}), at 4× CPU ${apis.keystrokes[4].p95} ms (plain DOM ${apis.reference[4].p95} ms, frame ${apis.keystrokes[4].frameP95} / ${apis.reference[4].frameP95})`

const feedLine = (feed: FeedResults): string =>
  `feed of ${feed.repositories} repositories, ${feed.files} files (${feed.megabytes} MB; manifest and snapshot built in ${feed.manifestBuildSeconds} s): first sync from the snapshot (${feed.snapshotParts} parts, ${feed.snapshotMegabytes} MB) ${feed.firstSyncMs} ms (median of ${feed.firstSyncRoundsMs.join(', ')}), ${feed.firstSyncRequests} requests (fetch + JSON.parse of the same bytes ${feed.fetchParseMs} ms (${feed.fetchParseRoundsMs.join(', ')}); each round's ratio, median ×${feed.firstSyncRatio}), worker heap peak ${feed.workerPeakHeapMb ?? 'not measured'} MB, longest main-thread task ${feed.firstSyncLongestTaskMs} ms; nothing changed ${feed.resyncMs} ms (page idle ${feed.resyncIdleMs} ms), ${feed.resyncRequests} request(s), longest main-thread task ${feed.resyncLongestTaskMs} ms${feed.perFileSyncMs === undefined ? '' : `; file by file ${feed.perFileSyncMs} ms, ${feed.perFileRequests} requests`}`

function printSearchTable(search: SearchRow[]): void {
  console.table(
    search.map((row) => ({
      repositories: row.size,
      cpu: `×${row.cpu}`,
      'Vigil first': row.vigil.first,
      'Vigil p50': row.vigil.p50,
      'Vigil p95': row.vigil.p95,
      'Vigil max': row.vigil.max,
      'never shown': row.vigil.neverShown,
      'Event Timing max': row.vigil.eventTimingMax,
      'plain DOM p95': row.reference.p95,
      'p95 ratio': row.ratioP95,
      'frame p95': row.vigil.frameP95,
      'frame max': row.vigil.frameMax,
      'next frame %': row.vigil.inNextFrame,
      'plain DOM frame p95': row.reference.frameP95,
      'DOM nodes': row.domNodes,
    })),
  )
}

export function printImportTable(rows: ImportRow[]): void {
  console.table(
    rows.map((row) => ({
      file: row.file,
      MB: row.megabytes,
      results: row.results,
      'import to report (ms)': row.importMs,
      'MB/s': row.mbPerSecond,
      'JSON.parse (ms)': row.jsonParseMs,
      'throughput vs JSON.parse': row.ratioToJsonParse,
      'longest main-thread task (ms)': row.longestMainThreadTaskMs,
    })),
  )
}

const spreadText = ({ min, max }: Spread) => `${min}–${max}`
/** The Long Tasks API reports tasks of 50 ms or more: 0 is none of them. */
const taskText = (ms: number) => (ms >= 50 ? ms : '< 50')

/** The exploit intelligence's rows: the catalogues' import, the workspace's views with and without them, the sorts. */
export function printIntelligenceTable({ catalogues, workspace, sort }: IntelligenceResults): void {
  const rows: Record<string, Record<string, string | number>> = {}
  for (const row of catalogues ?? [])
    rows[`import ${row.file} (${row.entries.toLocaleString('en-US')}, ${row.megabytes} MB)`] = {
      'median (ms)': row.importMs.median,
      'spread (ms)': spreadText(row.importMs),
      'floor (ms)': row.floorMs,
      'longest task (ms)': taskText(row.longestTaskMs),
      memory:
        row.workerPeakHeapMb === undefined
          ? 'not measured'
          : `worker heap peak ${row.workerPeakHeapMb} MB, ${row.workerPeakWithBuffersMb ?? '?'} MB with buffers`,
    }
  for (const visit of workspace?.visits ?? [])
    rows[`/vulnerabilities ${visit.view} fix-first, catalogues ${visit.catalogues}`] = {
      'median (ms)': visit.readyMs.median,
      'spread (ms)': spreadText(visit.readyMs),
      'longest task (ms)': taskText(visit.longestTaskMs),
      memory: `JS heap ${visit.jsHeapMb} MB, buffers ${visit.buffersMb} MB`,
      rows: visit.rows,
      'first row': `${visit.firstRow}${visit.firstRowKev ? ' (KEV)' : ''}`,
    }
  const sortRows = [
    ...(sort?.grouped ?? []).map((row) => ({ ...row, view: 'grouped' })),
    ...(sort?.flat ?? []).map((row) => ({ ...row, view: `flat, from ${sort?.flatFrom}` })),
  ]
  for (const row of sortRows)
    rows[`sort (${row.view}) → ${row.sort}, 100,000 repositories`] = {
      'median (ms)': row.switchMs.median,
      'spread (ms)': spreadText(row.switchMs),
      'first (ms)': row.firstMs ?? '–',
      'to frame (ms)': row.frameMs,
      'longest task (ms)': taskText(row.longestTaskMs),
    }
  if (workspace)
    console.log(
      `exploit intelligence in a workspace of ${workspace.repositories.toLocaleString('en-US')} repositories, ${workspace.findings.toLocaleString('en-US')} findings (${workspace.vulnerabilities.toLocaleString('en-US')} vulnerabilities), seeded in ${workspace.seedSeconds} s; both catalogues imported into it in ${workspace.importBothMs} ms`,
    )
  if (sort)
    console.log(
      `the sorts at 100,000 generated repositories: ${sort.advisories.toLocaleString('en-US')} advisories grouped, ${sort.findings.toLocaleString('en-US')} findings flat`,
    )
  console.table(rows)
}

/** The full run's report, printed once bench/results.json is written. */
export function printReport(results: BenchResults): void {
  const { size, startup } = results
  console.log('\nVigil bench (medians; times in ms)\n')
  console.table({
    'first-screen JS (gzip)': { vigil: kb(size.vigil.js), 'bare React': kb(size.bareReact.js) },
    'first-screen CSS (gzip)': { vigil: kb(size.vigil.css), 'bare React': kb(size.bareReact.css) },
    'logged-out screen ready': {
      vigil: startup.loggedOutReadyMs,
      'bare React': startup.bareReactReadyMs,
    },
    'logged-out first contentful paint': {
      vigil: startup.firstContentfulPaint.loggedOutMs,
      'bare React': startup.firstContentfulPaint.bareReactMs,
    },
  })
  console.log(`lazy chunks (not in the first screen): ${size.vigil.lazy.join(', ')}`)
  console.log(
    `logged-out ready ×${startup.loggedOutRatio} of bare React (×${startup.afterRoundTrip.loggedOutRatio} read after the bench's round trip, ×${startup.firstContentfulPaint.ratio} at the first contentful paint); demo sign-in to dashboard ${startup.signInToDashboardMs} ms (×${startup.signInToDashboardRatio})`,
  )
  console.log(signInLine(startup.signInSeen))
  printSearchTable(results.search)
  console.log(sortByNameLine(results.sortByName))
  printImportTable(results.import)
  console.log(workspaceLine(results.workspace))
  console.log(feedLine(results.feed))
  console.log(
    `after loading 100,000 repositories: JS heap ${results.memory.jsHeapUsedMb} MB, ${results.memory.domNodesAt100k} DOM nodes`,
  )
  console.log(generatedViewsLine(results.vulnerabilities))
  console.log(apisLine(results.apis))
  console.log(workspaceViewsLine(results.workspace.vulnerabilities))
  console.log(triageLine(results.workspace.triage))
  printIntelligenceTable(results.intelligence)
  console.log('Wrote bench/results.json')
}
