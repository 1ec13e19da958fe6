import { buildBench } from './build'
import { firstScreenSize } from './first-screen-size'
import { referenceDir, vigilDir } from './paths'
import { printReport } from './report'
import { writeResults, type BenchResults } from './results'
import { feedSync } from './scenarios/feed'
import { importBench, writeScanFiles } from './scenarios/import'
import { intelligenceBench } from './scenarios/intelligence'
import { writeCatalogueFiles } from './catalogue-files'
import { memoryAt100k } from './scenarios/memory'
import { searchBench, sortByName } from './scenarios/search'
import { startup } from './scenarios/startup'
import { generatedApisView } from './scenarios/apis'
import { generatedVulnerabilityView } from './scenarios/vulnerabilities'
import { largeWorkspace } from './scenarios/workspace'
import { withServedBench } from './session'
import { rounds } from './settings'

/** `npm run bench`: every scenario in turn, then bench/results.json and the printed report. */
export async function runAll(): Promise<void> {
  buildBench()
  const scanFiles = writeScanFiles()
  const catalogueFiles = writeCatalogueFiles()
  const size = {
    vigil: firstScreenSize(vigilDir, 'index.html'),
    bareReact: firstScreenSize(referenceDir, 'index.html'),
  }
  const results = await withServedBench(async ({ browser, vigil, reference }) => {
    // Filled in as the scenarios finish, so that results.json keeps this order of keys.
    const results: Partial<BenchResults> = { date: new Date().toISOString(), rounds, size }

    // Start-up, interleaved: Vigil, bare React, bare React, Vigil, …
    results.startup = await startup(browser, vigil, reference)

    // Search keystrokes at each size, normal and 4× slower CPU, against the plain-DOM filter.
    results.search = await searchBench(browser, vigil, reference)
    results.sortByName = await sortByName(browser, vigil)

    // Import throughput against JSON.parse of the same bytes, and the main thread's longest task.
    results.import = await importBench(browser, vigil, scanFiles)

    // A team feed: first sync and a sync with nothing changed.
    results.feed = await feedSync(browser, vigil)
    console.log(`feed: ${JSON.stringify(results.feed)}`)

    // The grouped vulnerability view at 100,000 generated repositories.
    results.vulnerabilities = await generatedVulnerabilityView(browser, vigil, reference)
    console.log(`vulnerabilities: ${JSON.stringify(results.vulnerabilities)}`)

    // The endpoints of 10,000 generated repositories.
    results.apis = await generatedApisView(browser, vigil, reference)

    // The large workspace.
    results.workspace = await largeWorkspace(browser, vigil)
    console.log(`workspace of ${results.workspace.repositories} repositories: ${JSON.stringify(results.workspace)}`)

    // The JS heap and DOM with 100,000 repositories loaded.
    results.memory = await memoryAt100k(browser, vigil)

    // The exploit intelligence: the catalogues' import, the large workspace with and without them, fix first.
    results.intelligence = await intelligenceBench(browser, vigil, catalogueFiles)
    return results as BenchResults
  })

  writeResults('results.json', results)
  printReport(results)
}
