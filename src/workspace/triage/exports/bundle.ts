import { strToU8, zipSync, type Zippable } from 'fflate'
import type { DecisionEntry } from '@/workspace/triage/decision-log'
import { writeDecisionsFile } from '@/workspace/triage/decisions-file'
import { exportCycloneDxVex } from './cyclonedx-vex'
import { exportGrypeIgnore } from './grype-ignore'
import { exportOpenVex } from './openvex'
import { exportOsvScannerConfig } from './osv-scanner-config'
import type { DecidedFinding, RoutingOptions } from './routing'
import { exportSarif } from './sarif'
import { exportTrivyIgnore } from './trivy-ignore'

export interface ExportedFile {
  /** The file's path in the download, folders separated by `/`. */
  path: string
  text: string
}

export interface BundleOptions extends RoutingOptions {
  /** Who vouches for the VEX statements. */
  author: string
  /** When the files are written, ISO 8601: also the zip entries' time. */
  timestamp: string
}

/** The file names each format is written under, as the scanners look for them. */
export const exportFileNames = {
  openvex: 'vigil.openvex.json',
  'cyclonedx-vex': 'vigil.vex.cdx.json',
  trivy: '.trivyignore.yaml',
  'osv-scanner': 'osv-scanner.toml',
  grype: '.grype.yaml',
  sarif: 'vigil-suppressions.sarif',
  decisions: 'vigil-decisions.json',
} as const

/** A repository name as a folder of the zip: its own segments, none that climbs out. */
export function folderOf(repository: string): string {
  const segments = repository
    .split(/[\\/]+/)
    .map((segment) => [...segment.trim()].map((char) => (char < ' ' || ':*?"<>|'.includes(char) ? '_' : char)).join(''))
    .filter((segment) => segment !== '' && segment !== '.' && segment !== '..')
  return segments.join('/') || '_'
}

/** Every file of the formats that have something to say about these findings, in a folder. */
export function exportFiles(items: readonly DecidedFinding[], options: BundleOptions, folder = ''): ExportedFile[] {
  const prefix = folder ? `${folder}/` : ''
  const files: [string, string | undefined][] = [
    [exportFileNames.openvex, exportOpenVex(items, { author: options.author, timestamp: options.timestamp })],
    [
      exportFileNames['cyclonedx-vex'],
      exportCycloneDxVex(items, { timestamp: options.timestamp, author: options.author, subject: folder || undefined }),
    ],
    [exportFileNames.trivy, exportTrivyIgnore(items, options)],
    [exportFileNames['osv-scanner'], exportOsvScannerConfig(items)],
    [exportFileNames.grype, exportGrypeIgnore(items, options)],
    [exportFileNames.sarif, exportSarif(items)],
  ]
  return files.flatMap(([name, text]) => (text === undefined ? [] : [{ path: `${prefix}${name}`, text }]))
}

/**
 * The whole workspace's download: a folder per repository with its files, and at the top the
 * decisions file (the whole log) and the formats over every repository.
 */
export function workspaceFiles(
  items: readonly DecidedFinding[],
  log: readonly DecisionEntry[],
  options: BundleOptions,
): ExportedFile[] {
  const byRepository = new Map<string, DecidedFinding[]>()
  for (const item of items) {
    const list = byRepository.get(item.finding.repository) ?? []
    list.push(item)
    byRepository.set(item.finding.repository, list)
  }
  const files: ExportedFile[] = [
    { path: exportFileNames.decisions, text: writeDecisionsFile(log, options.timestamp) },
    ...exportFiles(items, options),
  ]
  const folders = new Set<string>()
  for (const [repository, list] of [...byRepository].sort(([a], [b]) => a.localeCompare(b))) {
    // Two names that write the same folder ("a/b" and "a\\b") each keep their own.
    let folder = folderOf(repository)
    for (let count = 2; folders.has(folder); count += 1) folder = `${folderOf(repository)}-${count}`
    folders.add(folder)
    files.push(...exportFiles(list, options, folder))
  }
  return files
}

/** A zip of the files, each stamped with one time so that the same files give the same bytes. */
export function zipFiles(files: readonly ExportedFile[], modified: Date): Uint8Array {
  const entries: Zippable = {}
  for (const file of files) entries[file.path] = [strToU8(file.text), { mtime: modified }]
  return zipSync(entries, { level: 6 })
}
