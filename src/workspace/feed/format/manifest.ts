import { Validator, type Schema } from '@cfworker/json-schema'
import { asText, isObject, own, valueText } from '@/workspace/files/json'
import feedSchema from './feed.schema.json'
import { readTeamJson } from '@/workspace/files/team-json'
import { cleanRepositoryName } from '@/workspace/model/repository-name'
import { SNAPSHOT_FORMAT, type SnapshotPart } from './snapshot'

/** A scan file of a feed, its URL resolved against the manifest's. */
export interface FeedFile {
  url: string
  sha256?: string
  size?: number
}

export interface FeedRepository {
  name: string
  description?: string
  url?: string
  isPrivate?: boolean
  languages?: string[]
  files: FeedFile[]
}

/** The kinds of reference catalogue a feed may carry: CISA's KEV, FIRST's EPSS. */
export const FEED_CATALOGUE_KINDS = ['kev', 'epss'] as const

/**
 * A reference catalogue a feed carries (CISA's KEV catalogue, FIRST's EPSS scores), its URL
 * resolved against the manifest's. Its version and date are what the builder read, for people:
 * Vigil reads the file again.
 */
export interface FeedCatalogue {
  kind: (typeof FEED_CATALOGUE_KINDS)[number]
  url: string
  sha256?: string
  size?: number
  /** KEV's catalogVersion, EPSS's model version. */
  version?: string
  /** YYYY-MM-DD: KEV's release day, EPSS's score date. */
  date?: string
}

/** The snapshot a manifest lists: its parts only when Vigil reads its format. */
export interface FeedSnapshot {
  format: number
  /** Each part's URL resolved against the manifest's. */
  parts: SnapshotPart[]
}

export interface FeedManifest {
  generatedAt?: string
  /** The team's history file, resolved against the manifest's address. */
  history?: string
  /** The team's decisions file, resolved against the manifest's address. */
  decisions?: string
  repositories: FeedRepository[]
  snapshot?: FeedSnapshot
  /** The reference catalogues the feed carries, of the kinds this Vigil reads; absent when it lists none. */
  catalogues?: FeedCatalogue[]
}

/** Why a feed could not be read or synced, in words a person can act on. */
export class FeedError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'FeedError'
  }
}

const validator = new Validator(feedSchema as unknown as Schema, '2020-12', false)

/** A feed address Vigil may read from a page at `pageOrigin`: http(s), and not http under an https page. */
export function checkFeedUrl(address: string, pageOrigin: string): URL {
  let url: URL
  try {
    url = new URL(address)
  } catch {
    throw new FeedError(
      `The feed address "${address}" is not a URL. It should name the manifest, such as https://scans.example.com/vigil/manifest.json.`,
    )
  }
  return checkFeedAddress(url, pageOrigin)
}

/** checkFeedUrl for an address already parsed (a manifest's files: parsed once, not twice). */
function checkFeedAddress(url: URL, pageOrigin: string): URL {
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new FeedError(`The feed address must start with https:// (it starts with ${url.protocol}).`)
  }
  if (url.username || url.password) {
    url.username = ''
    url.password = ''
    throw new FeedError(
      `The feed address ${url.href} carries a user name or password: Vigil sends no credentials in an address. Remove them, and let the host check your sign-in token instead.`,
    )
  }
  if (url.protocol === 'http:' && pageOrigin.startsWith('https:')) {
    throw new FeedError(
      `Vigil is served over https, so it refuses a feed over plain http (${url.origin}): the scan files could be changed on the way. Publish the feed over https.`,
    )
  }
  return url
}

/**
 * Reads a feed manifest: JSON that matches the feed schema, no repository named twice, no file
 * listed twice, every file URL resolved against the manifest's address.
 */
export function readManifest(text: string, manifestUrl: string, pageOrigin: string): FeedManifest {
  const document = readTeamJson(text, {
    title: 'The feed manifest',
    htmlPage:
      'The feed address answered with an HTML page, not a manifest: check the address (a sign-in page or an error page answers like this).',
    validator,
    format: "Vigil's feed format (docs/feed.md)",
    whole: 'the manifest',
    fail: (message) => new FeedError(message),
  })
  const manifest = document as Record<string, unknown>
  const names = new Set<string>()
  const fileOwners = new Map<string, string>()
  const repositories: FeedRepository[] = []
  for (const entry of manifest.repositories as Record<string, unknown>[]) {
    const name = cleanRepositoryName(entry.name as string)
    if (name === undefined) throw new FeedError('The feed manifest lists a repository with an empty name.')
    if (names.has(name)) throw new FeedError(`The feed manifest lists the repository "${name}" twice.`)
    names.add(name)
    const files: FeedFile[] = []
    for (const file of entry.files as Record<string, unknown>[]) {
      let url: URL
      try {
        url = new URL(file.url as string, manifestUrl)
      } catch {
        throw new FeedError(`The file "${valueText(file.url)}" of ${name} is not a URL.`)
      }
      checkFeedAddress(url, pageOrigin)
      const owner = fileOwners.get(url.href)
      if (owner !== undefined) {
        throw new FeedError(
          `The feed manifest lists the file ${url.href} twice (for ${owner === name ? name : `${owner} and ${name}`}): each file belongs to one repository, once.`,
        )
      }
      fileOwners.set(url.href, name)
      files.push({
        url: url.href,
        sha256: typeof file.sha256 === 'string' ? file.sha256 : undefined,
        size: typeof file.size === 'number' ? file.size : undefined,
      })
    }
    const visibility = own(entry, 'visibility')
    repositories.push({
      name,
      description: asText(own(entry, 'description')),
      url: asText(own(entry, 'url')),
      isPrivate: visibility === undefined ? undefined : visibility === 'private',
      languages: Array.isArray(entry.languages) ? (entry.languages as string[]) : undefined,
      files,
    })
  }
  return {
    generatedAt: isObject(manifest) ? asText(own(manifest, 'generatedAt')) : undefined,
    ...teamFile(manifest, 'history', manifestUrl, pageOrigin),
    ...teamFile(manifest, 'decisions', manifestUrl, pageOrigin),
    repositories,
    ...snapshotOf(manifest, manifestUrl, pageOrigin),
    ...cataloguesOf(manifest, manifestUrl, pageOrigin),
  }
}

/**
 * The catalogues a manifest lists, each URL resolved. A kind this Vigil does not know (a newer
 * Vigil's) is passed over, as an older Vigil passes over the whole list; a kind listed twice is refused.
 */
function cataloguesOf(
  manifest: Record<string, unknown>,
  manifestUrl: string,
  pageOrigin: string,
): { catalogues?: FeedCatalogue[] } {
  if (!Array.isArray(manifest.catalogues)) return {}
  const catalogues: FeedCatalogue[] = []
  for (const entry of manifest.catalogues as Record<string, unknown>[]) {
    const kind = FEED_CATALOGUE_KINDS.find((known) => known === entry.kind)
    if (kind === undefined) continue
    if (catalogues.some((listed) => listed.kind === kind))
      throw new FeedError(
        `The feed manifest lists the ${kind.toUpperCase()} catalogue twice: a feed carries one of each.`,
      )
    let url: URL
    try {
      url = new URL(entry.url as string, manifestUrl)
    } catch {
      throw new FeedError(
        `The ${kind.toUpperCase()} catalogue "${valueText(entry.url)}" of the feed manifest is not a URL.`,
      )
    }
    catalogues.push({
      kind,
      url: checkFeedAddress(url, pageOrigin).href,
      ...(typeof entry.sha256 === 'string' ? { sha256: entry.sha256 } : {}),
      ...(typeof entry.size === 'number' ? { size: entry.size } : {}),
      ...(typeof entry.version === 'string' ? { version: entry.version } : {}),
      ...(typeof entry.date === 'string' ? { date: entry.date } : {}),
    })
  }
  return catalogues.length > 0 ? { catalogues } : {}
}

/** The snapshot a manifest lists, its parts resolved; of another format, only its format (it is refused). */
function snapshotOf(
  manifest: Record<string, unknown>,
  manifestUrl: string,
  pageOrigin: string,
): { snapshot?: FeedSnapshot } {
  if (!isObject(manifest.snapshot)) return {}
  const { format, parts } = manifest.snapshot as { format: number; parts: Record<string, unknown>[] }
  if (format !== SNAPSHOT_FORMAT) return { snapshot: { format, parts: [] } }
  return {
    snapshot: {
      format,
      parts: parts.map((part) => {
        let url: URL
        try {
          url = new URL(part.url as string, manifestUrl)
        } catch {
          throw new FeedError(`The snapshot part "${valueText(part.url)}" of the feed manifest is not a URL.`)
        }
        return {
          url: checkFeedUrl(url.href, pageOrigin).href,
          sha256: part.sha256 as string,
          size: part.size as number,
          first: part.first as string,
          last: part.last as string,
          repositories: part.repositories as number,
        }
      }),
    },
  }
}

/** The history or decisions file a manifest names, resolved against its address. */
function teamFile(
  manifest: Record<string, unknown>,
  field: 'history' | 'decisions',
  manifestUrl: string,
  pageOrigin: string,
): Partial<Record<'history' | 'decisions', string>> {
  const given = manifest[field]
  if (typeof given !== 'string') return {}
  let url: URL
  try {
    url = new URL(given, manifestUrl)
  } catch {
    throw new FeedError(`The ${field} file "${given}" of the feed manifest is not a URL.`)
  }
  return { [field]: checkFeedUrl(url.href, pageOrigin).href }
}
