import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { FirstScreenSize } from './first-screen-size'
import { root } from './paths'
import type { ApisViewResults } from './scenarios/apis'
import type { FeedResults } from './scenarios/feed'
import type { ImportRow } from './scenarios/import'
import type { IntelligenceResults } from './scenarios/intelligence'
import type { MemoryResults } from './scenarios/memory'
import type { SearchRow, SortByNameResults } from './scenarios/search'
import type { StartupResults } from './scenarios/startup'
import type { ViewAgainstReference } from './scenarios/vulnerabilities'
import type { WorkspaceResults } from './scenarios/workspace'

/** bench/results.json: every scenario of a full run, in the order they run. */
export interface BenchResults {
  date: string
  /** Start-up rounds (`BENCH_ROUNDS`). */
  rounds: number
  size: { vigil: FirstScreenSize; bareReact: FirstScreenSize }
  startup: StartupResults
  search: SearchRow[]
  sortByName: SortByNameResults
  import: ImportRow[]
  feed: FeedResults
  vulnerabilities: { repositories: number } & ViewAgainstReference
  apis: ApisViewResults
  workspace: WorkspaceResults
  memory: MemoryResults
  intelligence: IntelligenceResults
}

/** Writes `results` as indented JSON to bench/`fileName`. */
export function writeResults(fileName: string, results: object): void {
  writeFileSync(join(root, 'bench', fileName), `${JSON.stringify(results, null, 2)}\n`)
}
