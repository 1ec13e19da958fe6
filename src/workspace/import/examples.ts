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

/** Fetches the example files from Vigil's own site: they work offline like the rest of demo mode. */
export async function fetchExampleFiles(base = '/examples/'): Promise<{ path: string; blob: Blob }[]> {
  return Promise.all(
    exampleFiles.map(async (path) => {
      const response = await fetch(`${base}${path}`)
      if (!response.ok) throw new Error(`The example file ${path} could not be loaded (HTTP ${response.status}).`)
      return { path: `examples/${path}`, blob: await response.blob() }
    }),
  )
}
