import type { WorkspaceIdentity } from '@/state/workspace'
import { importFile } from '@/workspace/import/import-file'
import { openWorkspace } from '@/workspace/store/open'
import { workspaceName } from '@/workspace/store/workspace-names'
import { epssScores, kevCatalogue, kevEntry } from './catalogue-fixtures'

/** Catalogues of made-up entries dated from today, and their import into a test's workspace (`catalogue-fixtures.ts` writes them). */

const DAY = 86_400_000

/**
 * The test run's now, taken once: a fixture dated from it and an assertion naming the same day
 * agree even when a test runs across midnight.
 */
const testNow = Date.now()

/** The day `daysAgo` days before the test run's now (UTC), YYYY-MM-DD. */
export const dayAgo = (daysAgo: number) => new Date(testNow - daysAgo * DAY).toISOString().slice(0, 10)

export interface TestKevEntry {
  cve: string
  dateAdded?: string
  dueDate?: string
  ransomware?: boolean
  requiredAction?: string
}

/** A KEV catalogue as CISA's JSON feed writes it, released `releasedDaysAgo` days ago. */
export const kevCatalogueText = (entries: TestKevEntry[], releasedDaysAgo = 0): string =>
  kevCatalogue(
    dayAgo(releasedDaysAgo),
    entries.map((entry) => ({
      ...kevEntry(entry.cve, entry.dateAdded ?? dayAgo(30)),
      dueDate: entry.dueDate ?? dayAgo(9),
      knownRansomwareCampaignUse: entry.ransomware ? 'Known' : 'Unknown',
      ...(entry.requiredAction ? { requiredAction: entry.requiredAction } : {}),
    })),
  )

/** FIRST's daily EPSS CSV for the day `scoredDaysAgo` days ago: the model line, the header, then each row. */
export const epssCsvText = (rows: [cve: string, epss: number, percentile: number][], scoredDaysAgo = 0): string =>
  epssScores(dayAgo(scoredDaysAgo), rows)

/** Imports catalogue files by hand into the identity's workspace; each must land as a catalogue. */
export async function importCatalogues(identity: WorkspaceIdentity, files: { name: string; text: string }[]) {
  const database = await openWorkspace(await workspaceName(identity.issuer, identity.subject))
  try {
    for (const { name, text } of files) {
      const outcome = await importFile(database, { name, blob: new Blob([text]) }, () => {})
      if (outcome.status !== 'catalogue')
        throw new Error(`${name} did not land as a catalogue: ${JSON.stringify(outcome)}`)
    }
  } finally {
    database.close()
  }
}

/**
 * The example scans' CVEs in the catalogues: CVE-2024-45337 (Grype and Trivy, used in ransomware),
 * CVE-2024-34064 (OSV-Scanner's GHSA-h75v-3vvj-5mfj) and CVE-2024-27351 (the CycloneDX SBOM) in
 * KEV; the day's EPSS, scored `epssDaysAgo` days ago.
 */
export const exampleCatalogues = (epssDaysAgo = 0) => [
  {
    name: 'known_exploited_vulnerabilities.json',
    text: kevCatalogueText([
      { cve: 'CVE-2024-45337', ransomware: true, dateAdded: '2026-10-01', dueDate: '2026-10-22' },
      { cve: 'CVE-2024-34064', dateAdded: '2026-09-01' },
      { cve: 'CVE-2024-27351', dateAdded: '2026-08-01' },
    ]),
  },
  {
    name: `epss_scores-${dayAgo(epssDaysAgo)}.csv`,
    text: epssCsvText(
      [
        ['CVE-2024-45337', 0.94312, 0.99911],
        ['CVE-2024-34064', 0.00214, 0.41],
        ['CVE-2025-22871', 0.62, 0.985],
        ['CVE-2023-45288', 0.0004, 0.08],
      ],
      epssDaysAgo,
    ),
  },
]
