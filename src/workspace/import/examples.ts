/** The example scanner files that ship with Vigil (public/examples), written for it from the formats' specifications. */
export const exampleFiles = [
  'atlas-web/semgrep.sarif',
  'atlas-web/npm-audit.json',
  'atlas-web/swagger.yaml',
  'payments-api/trivy.json',
  'payments-api/grype.json',
  'payments-api/openapi.yaml',
  'health-records/osv-scanner.json',
  'health-records/sbom.cdx.json',
  'health-records/openapi.json',
] as const

/**
 * Example reference catalogues, made up for the demo in CISA's KEV and FIRST's EPSS formats (not
 * the real catalogues): the dialog's example files bring them too.
 */
export const exampleCatalogueFiles = [
  'catalogues/known_exploited_vulnerabilities.json',
  'catalogues/epss_scores-2026-12-06.csv',
] as const

/** Fetches the example files from Vigil's own site: they work offline like the rest of demo mode. */
export async function fetchExampleFiles(
  base = '/examples/',
  paths: readonly string[] = exampleFiles,
): Promise<{ path: string; blob: Blob }[]> {
  return Promise.all(
    paths.map(async (path) => {
      const response = await fetch(`${base}${path}`)
      if (!response.ok) throw new Error(`The example file ${path} could not be loaded (HTTP ${response.status}).`)
      return { path: `examples/${path}`, blob: await response.blob() }
    }),
  )
}
