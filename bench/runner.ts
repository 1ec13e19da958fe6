// `npm run bench`, loaded by bench/run.mjs through Vite's module runner: every scenario, or the one
// that BENCH_ONLY names (an unknown name runs them all, as it always did).
import { runAll } from './full-run'
import { signInLine, sortByNameLine } from './report'
import { writeResults } from './results'
import { feedSync } from './scenarios/feed'
import { searchBench, sortByName } from './scenarios/search'
import { startup } from './scenarios/startup'
import { generatedVulnerabilityView } from './scenarios/vulnerabilities'
import { largeWorkspace } from './scenarios/workspace'
import { withBench } from './session'
import { only, viewsOfGeneratedOnly } from './settings'

/** `BENCH_ONLY=startup`: the start-up and sign-in benchmark alone. */
function startupOnly(): Promise<void> {
  return withBench(async ({ browser, vigil, reference }) => {
    const results = await startup(browser, vigil, reference)
    console.log(JSON.stringify(results, null, 2))
    console.log(signInLine(results.signInSeen))
  })
}

/** `BENCH_ONLY=search`: search and the sort by name alone, written to bench/results-search.json. */
function searchOnly(): Promise<void> {
  return withBench(async ({ browser, vigil, reference }) => {
    const rows = await searchBench(browser, vigil, reference)
    const sort = await sortByName(browser, vigil)
    console.log(sortByNameLine(sort))
    writeResults('results-search.json', { rows, sortByName: sort })
  })
}

/** `BENCH_ONLY=views`: the organisation-wide vulnerability view alone, written to bench/results-views.json. */
function viewsOnly(): Promise<void> {
  return withBench(async ({ browser, vigil, reference }) => {
    const results: { generated: object; workspace?: object } = {
      generated: await generatedVulnerabilityView(browser, vigil, reference),
    }
    console.log(JSON.stringify(results.generated))
    // `BENCH_VIEWS=generated`: the generated organisation alone, without the large workspace.
    if (!viewsOfGeneratedOnly) results.workspace = await largeWorkspace(browser, vigil)
    console.log(JSON.stringify(results, null, 2))
    writeResults('results-views.json', results)
  })
}

/** `BENCH_ONLY=feed`: the feed benchmark alone, for a quick measurement. */
function feedOnly(): Promise<void> {
  return withBench(async ({ browser, vigil }) => {
    console.log(JSON.stringify(await feedSync(browser, vigil), null, 2))
  })
}

const scenariosAlone = new Map<string, () => Promise<void>>([
  ['startup', startupOnly],
  ['search', searchOnly],
  ['views', viewsOnly],
  ['feed', feedOnly],
])

export function runBench(): Promise<void> {
  return (scenariosAlone.get(only ?? '') ?? runAll)()
}
