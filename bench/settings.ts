// Every environment variable the bench reads, in one place (docs/benchmarks.md lists them).

const env = process.env

/** `BENCH_ONLY`: one scenario alone (startup, search, views, apis, import, workspace, triage, feed or intelligence); unset, all of them. */
export const only = env.BENCH_ONLY
/** `BENCH_ROUNDS`: start-up rounds, each a Vigil load and a bare React load, interleaved. */
export const rounds = Number(env.BENCH_ROUNDS ?? 7)
/** `BENCH_IMPORT_ROUNDS`: imports of each scan file (the median is reported). */
export const importRounds = Number(env.BENCH_IMPORT_ROUNDS ?? 3)
/** `BENCH_IMPORT_FILES`: only the import files whose name contains one of these words (`openapi,sarif`); unset, all. */
export const importFiles = env.BENCH_IMPORT_FILES?.split(',').filter(Boolean)
/**
 * `BENCH_CHOOSE_AFTER_MS`: how long after opening the import dialog the file is chosen. A person
 * takes a second or more to pick a file, time the dialog's worker spends loading; 0 chooses at once.
 */
export const chooseAfterMs = Number(env.BENCH_CHOOSE_AFTER_MS ?? 1000)
/** `BENCH_SIZES`: the generated organisations' sizes that search is measured at. */
export const searchSizes = (env.BENCH_SIZES ?? '5,3876,10000,100000').split(',').map(Number)
/** `BENCH_STYLED=1`: search also measured on a page of Vigil's own rows filled by plain DOM code (a diagnostic). */
export const searchStyled = env.BENCH_STYLED === '1'
/** `BENCH_FEED_REPOS`: repositories in the feed (three files each). */
export const feedRepositories = Number(env.BENCH_FEED_REPOS ?? 10_000)
/** `BENCH_FEED_ROUNDS`: first syncs of the feed, each in a fresh profile after its floor (the median is reported). */
export const feedRounds = Number(env.BENCH_FEED_ROUNDS ?? 3)
/** `BENCH_FEED_PER_FILE=1`: also a first sync of the feed without its snapshot, file by file (ten minutes at 10,000). */
export const feedPerFile = env.BENCH_FEED_PER_FILE === '1'
/** `BENCH_WORKSPACE_REPOS`: repositories seeded into the large workspace. */
export const workspaceRepositories = Number(env.BENCH_WORKSPACE_REPOS ?? 10_000)
/** `BENCH_WORKSPACE_FINDINGS`: findings per seeded repository. */
export const workspaceFindings = Number(env.BENCH_WORKSPACE_FINDINGS ?? 100)
/** `BENCH_WORKSPACE_HISTORY`: days of daily scans in each seeded repository's history. */
export const workspaceHistoryDays = Number(env.BENCH_WORKSPACE_HISTORY ?? 365)
/** `BENCH_VIEWS=generated`: `BENCH_ONLY=views` without the large workspace. */
export const viewsOfGeneratedOnly = env.BENCH_VIEWS === 'generated'
/** `BENCH_INTELLIGENCE_ROUNDS`: imports of each catalogue, and visits of each view with and without them (medians reported). */
export const intelligenceRounds = Number(env.BENCH_INTELLIGENCE_ROUNDS ?? 3)
/** `BENCH_INTELLIGENCE_PARTS`: which parts of the intelligence scenario run (`catalogues,workspace,sort`); unset, all. */
export const intelligenceParts = (env.BENCH_INTELLIGENCE_PARTS ?? 'catalogues,workspace,sort').split(',')
