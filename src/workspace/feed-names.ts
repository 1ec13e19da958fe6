/** The file's name as the import history shows it: its path below the manifest's folder when it has one. */
export function displayName(url: string, manifestUrl: string): string {
  const base = new URL('.', manifestUrl).href
  return url.startsWith(base) ? url.slice(base.length) : url
}

/**
 * The file's path inside its repository's folder (`acme-api/scans/osv.json` → `scans/osv.json`),
 * as a hand import of the same folder names it, so that both name one run of a file alike.
 */
export function pathInRepositoryFolder(name: string, repository: string): string {
  return name.startsWith(`${repository}/`) ? name.slice(repository.length + 1) : name
}
