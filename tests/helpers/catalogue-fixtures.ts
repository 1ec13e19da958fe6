/**
 * Small made-up reference catalogues in the published formats: CISA's KEV catalogue (its JSON
 * feed, as `known_exploited_vulnerabilities_schema.json` describes it) and FIRST's daily EPSS CSV
 * (`#model_version:…,score_date:…`, then `cve,epss,percentile`). Their entries are invented; no
 * part of the real catalogues is copied. Imports nothing, so that node, browser and end-to-end
 * tests can all use it.
 */

/** A KEV entry in CISA's shape, for a CVE (the rest made up). */
export function kevEntry(cveID: string, dateAdded = '2026-11-20') {
  return {
    cveID,
    vendorProject: 'Examplesoft',
    product: 'Gateway',
    vulnerabilityName: `Examplesoft Gateway vulnerability ${cveID}`,
    dateAdded,
    shortDescription: 'Examplesoft Gateway lets a remote attacker run commands without signing in.',
    requiredAction: 'Apply mitigations per vendor instructions or discontinue use of the product.',
    dueDate: '2026-12-11',
    knownRansomwareCampaignUse: 'Unknown',
    notes: 'https://example.com/advisories/gateway',
    cwes: ['CWE-78'],
  }
}

/** CISA's KEV catalogue as JSON text: released on `released` (YYYY-MM-DD), its version that day's; entries by CVE or whole. */
export function kevCatalogue(released: string, entries: readonly (string | ReturnType<typeof kevEntry>)[]): string {
  const vulnerabilities = entries.map((entry) => (typeof entry === 'string' ? kevEntry(entry) : entry))
  return `${JSON.stringify(
    {
      title: 'CISA Catalog of Known Exploited Vulnerabilities',
      catalogVersion: released.replaceAll('-', '.'),
      dateReleased: `${released}T15:02:11.0000Z`,
      count: vulnerabilities.length,
      vulnerabilities,
    },
    null,
    2,
  )}\n`
}

/** FIRST's EPSS scores of `scoreDate` (YYYY-MM-DD) as CSV text, one row per `[cve, epss, percentile]`. */
export function epssScores(
  scoreDate: string,
  rows: readonly (readonly [string, number, number])[],
  options: { dated?: boolean } = {},
): string {
  const metadata =
    options.dated === false
      ? '#model_version:v2025.03.14'
      : `#model_version:v2025.03.14,score_date:${scoreDate}T12:55:00Z`
  return [metadata, 'cve,epss,percentile', ...rows.map(([cve, epss, percentile]) => `${cve},${epss},${percentile}`)]
    .join('\n')
    .concat('\n')
}

/** A few rows of scores, the first CVEs those of the examples' Trivy report. */
export const EPSS_ROWS = [
  ['CVE-2024-45337', 0.01234, 0.78901],
  ['CVE-2023-44487', 0.94412, 0.99953],
  ['CVE-2021-44228', 0.9441, 0.99951],
] as const
