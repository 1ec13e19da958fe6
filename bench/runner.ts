// `npm run bench`, loaded by bench/run.mjs through Vite's module runner: every scenario, or the one
// that BENCH_ONLY names (an unknown name runs them all, as it always did).
import { buildBench } from './build'
import { runAll } from './full-run'
import {
  apisLine,
  printImportTable,
  printIntelligenceTable,
  signInLine,
  sortByNameLine,
  triageLine,
  workspaceLine,
  workspaceViewsLine,
} from './report'
import { writeResults } from './results'
import { feedSync } from './scenarios/feed'
import { importBench, writeScanFiles } from './scenarios/import'
import { intelligenceBench } from './scenarios/intelligence'
import { writeCatalogueFiles } from './catalogue-files'
import { searchBench, sortByName } from './scenarios/search'
import { startup } from './scenarios/startup'
import { generatedApisView, type ApisViewResults } from './scenarios/apis'
import { generatedVulnerabilityView } from './scenarios/vulnerabilities'
import { largeWorkspace, seedLargeWorkspace } from './scenarios/workspace'
import { bulkDecision } from './scenarios/triage'
import { desktopContext } from './browser'
import { withBench, withServedBench } from './session'
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

/**
 * `BENCH_ONLY=views`: the organisation-wide vulnerability and endpoint views alone, written to
 * bench/results-views.json.
 */
function viewsOnly(): Promise<void> {
  return withBench(async ({ browser, vigil, reference }) => {
    const results: { generated: object; apis: ApisViewResults; workspace?: object } = {
      generated: await generatedVulnerabilityView(browser, vigil, reference),
      apis: await generatedApisView(browser, vigil, reference),
    }
    console.log(JSON.stringify(results.generated))
    console.log(apisLine(results.apis))
    // `BENCH_VIEWS=generated`: the generated organisation alone, without the large workspace.
    if (!viewsOfGeneratedOnly) results.workspace = await largeWorkspace(browser, vigil)
    console.log(JSON.stringify(results, null, 2))
    writeResults('results-views.json', results)
  })
}

/** `BENCH_ONLY=apis`: the endpoints view alone. */
function apisOnly(): Promise<void> {
  return withBench(async ({ browser, vigil, reference }) => {
    const apis = await generatedApisView(browser, vigil, reference)
    console.log(JSON.stringify(apis, null, 2))
    console.log(apisLine(apis))
  })
}

/** `BENCH_ONLY=import`: the import benchmark alone, with its table. */
function importOnly(): Promise<void> {
  buildBench()
  const scanFiles = writeScanFiles()
  return withServedBench(async ({ browser, vigil }) => {
    printImportTable(await importBench(browser, vigil, scanFiles))
  })
}

/** `BENCH_ONLY=workspace`: the large workspace alone (its vulnerability view included). */
function workspaceOnly(): Promise<void> {
  return withBench(async ({ browser, vigil }) => {
    const workspace = await largeWorkspace(browser, vigil)
    console.log(JSON.stringify(workspace, null, 2))
    console.log(workspaceLine(workspace))
    console.log(workspaceViewsLine(workspace.vulnerabilities))
    console.log(triageLine(workspace.triage))
  })
}

/** `BENCH_ONLY=triage`: the large workspace seeded, then its bulk decision and a finding's history alone. */
function triageOnly(): Promise<void> {
  return withBench(async ({ browser, vigil }) => {
    const context = await desktopContext(browser)
    const page = await context.newPage()
    await seedLargeWorkspace(page, vigil)
    const triage = await bulkDecision(page, vigil)
    await context.close()
    console.log(JSON.stringify(triage, null, 2))
    console.log(triageLine(triage))
  })
}

/** `BENCH_ONLY=feed`: the feed benchmark alone, for a quick measurement. */
function feedOnly(): Promise<void> {
  return withBench(async ({ browser, vigil }) => {
    console.log(JSON.stringify(await feedSync(browser, vigil), null, 2))
  })
}

/**
 * `BENCH_ONLY=intelligence`: the exploit intelligence alone (the catalogues' import, the large
 * workspace with and without them, the fix-first sort), written to bench/results-intelligence.json.
 */
function intelligenceOnly(): Promise<void> {
  buildBench()
  const catalogueFiles = writeCatalogueFiles()
  return withServedBench(async ({ browser, vigil }) => {
    const results = await intelligenceBench(browser, vigil, catalogueFiles)
    console.log(JSON.stringify(results, null, 2))
    printIntelligenceTable(results)
    writeResults('results-intelligence.json', results)
  })
}

const scenariosAlone = new Map<string, () => Promise<void>>([
  ['startup', startupOnly],
  ['search', searchOnly],
  ['views', viewsOnly],
  ['apis', apisOnly],
  ['import', importOnly],
  ['workspace', workspaceOnly],
  ['triage', triageOnly],
  ['feed', feedOnly],
  ['intelligence', intelligenceOnly],
])

export function runBench(): Promise<void> {
  return (scenariosAlone.get(only ?? '') ?? runAll)()
}
