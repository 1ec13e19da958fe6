/** The file's name as the import history shows it: its path below the manifest's folder when it has one. */
export function displayName(url: string, manifestUrl: string): string {
  const base = folderOf(manifestUrl)
  return url.startsWith(base) ? url.slice(base.length) : url
}

// The last manifest's folder: a sync names each of its files by it, and parsing it again for each
// of a snapshot's 30,000 files showed in the load's profile.
let folder = { manifestUrl: '', href: '' }
function folderOf(manifestUrl: string): string {
  if (folder.manifestUrl !== manifestUrl) folder = { manifestUrl, href: new URL('.', manifestUrl).href }
  return folder.href
}

/**
 * The file's path inside its repository's folder (`acme-api/scans/osv.json` → `scans/osv.json`),
 * as a hand import of the same folder names it, so that both name one run of a file alike.
 */
export function pathInRepositoryFolder(name: string, repository: string): string {
  return name.startsWith(`${repository}/`) ? name.slice(repository.length + 1) : name
}

/**
 * The folder beside the manifest that holds the reference catalogues `npm run feed` copies into a
 * feed, each under a name that stays from one build to the next (a CDN's validators keep working).
 */
export const CATALOGUE_FOLDER = 'vigil-catalogues'

export const catalogueFileNames = { kev: 'kev.json', epss: 'epss.csv.gz' } as const
