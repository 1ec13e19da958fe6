import { AdvisoryAliases } from './advisory-ids'

/**
 * When two findings are one: a result repeated within a file, and one finding reported by
 * several tools within a repository.
 */

/** Where in its file a result sits: what orders results with one key, and tells repeats apart. */
export interface ResultPlace {
  line?: number
  column?: number
  /** What else tells two results at one place apart (their message). */
  text?: string
}

interface CollectedGroup<F> {
  entries: { finding: F; place: ResultPlace }[]
  /** The texts seen at each place (`line:column`), once a second entry came. */
  seen?: Map<string, string[]>
}

const placeWhere = (place: ResultPlace) => `${place.line ?? ''}:${place.column ?? ''}`

/**
 * A file's findings by key. A result whose key and place (line, column, message) are all seen
 * before is the same result repeated (two runs of one file) and counted in `repeated`; results
 * with one key at different places are different results, numbered `#2`, `#3`... in line order,
 * so that a shifted line keeps each its key.
 */
export class FindingCollector<F extends { key: string }> {
  // Most keys are seen once: their group holds its one entry, and the map of places is made for a second.
  private groups = new Map<string, CollectedGroup<F>>()
  repeated = 0

  add(finding: F, place: ResultPlace = {}): void {
    const group = this.groups.get(finding.key)
    if (!group) {
      this.groups.set(finding.key, { entries: [{ finding, place }] })
      return
    }
    if (!group.seen) {
      const first = group.entries[0].place
      group.seen = new Map([[placeWhere(first), [first.text ?? '']]])
    }
    const where = placeWhere(place)
    const texts = group.seen.get(where)
    if (texts?.includes(place.text ?? '')) {
      this.repeated += 1
      return
    }
    if (texts) texts.push(place.text ?? '')
    else group.seen.set(where, [place.text ?? ''])
    group.entries.push({ finding, place })
  }

  findings(): F[] {
    const list: F[] = []
    for (const { entries } of this.groups.values()) {
      if (entries.length === 1) {
        list.push(entries[0].finding)
        continue
      }
      const sorted = [...entries].sort(
        (a, b) => (a.place.line ?? 0) - (b.place.line ?? 0) || (a.place.column ?? 0) - (b.place.column ?? 0),
      )
      sorted.forEach((entry, index) =>
        list.push(index === 0 ? entry.finding : { ...entry.finding, key: `${entry.finding.key}#${index + 1}` }),
      )
    }
    return list
  }
}

/** A finding as far as its identity goes: every kind has a key; package findings name their advisory. */
interface Keyed {
  kind: string
  key: string
  tool?: string
  advisoryId?: string
  aliases?: string[]
}

/**
 * One finding per identity within a repository, whichever tools reported it: advisories are
 * linked through every finding's aliases first (an npm audit GHSA and an OSV CVE naming it are
 * one advisory, under its canonical id, every alias kept), then findings with the same key are
 * one, the first tool's words kept. Tools place a package in their own words (npm audit names
 * `node_modules/minimist` and no version, OSV-Scanner the lockfile and 1.2.5), so another tool's
 * report of one advisory in one package is the same finding when its installed version agrees
 * or either tool leaves it out; one tool's reports at two places stay two findings.
 */
export function uniqueFindings<F extends Keyed>(findings: F[]): F[] {
  const aliases = new AdvisoryAliases()
  for (const finding of findings) {
    if (finding.kind === 'vulnerability' && finding.advisoryId)
      aliases.link([finding.advisoryId, ...(finding.aliases ?? [])])
  }
  const groups = aliases.groups()
  const byKey = new Map<string, F>()
  const byPackage = new Map<string, { tool?: string; version: string }[]>()
  for (const finding of findings) {
    const group =
      finding.kind === 'vulnerability' && finding.advisoryId ? groups.get(finding.advisoryId.toUpperCase()) : undefined
    const unified = group ? unifyAdvisory(finding, group) : finding
    if (byKey.has(unified.key)) continue
    const inPackage = packageOfKey(unified.key)
    if (inPackage) {
      const reports = byPackage.get(inPackage.advisoryAndPackage) ?? []
      const sameByAnotherTool = reports.some(
        (report) =>
          report.tool !== unified.tool &&
          (report.version === inPackage.version || report.version === '' || inPackage.version === ''),
      )
      if (sameByAnotherTool) continue
      reports.push({ tool: unified.tool, version: inPackage.version })
      byPackage.set(inPackage.advisoryAndPackage, reports)
    }
    byKey.set(unified.key, unified)
  }
  return [...byKey.values()]
}

/** A package finding's key (`package|<advisory>|<type>/<name>@<version>|<location>`) as its parts. */
function packageOfKey(key: string): { advisoryAndPackage: string; version: string } | undefined {
  if (!key.startsWith('package|')) return undefined
  const place = key.indexOf('|', key.indexOf('|', 'package|'.length) + 1)
  const advisoryAndVersion = place < 0 ? key : key.slice(0, place)
  const at = advisoryAndVersion.lastIndexOf('@')
  if (at < 0) return undefined
  return { advisoryAndPackage: advisoryAndVersion.slice(0, at), version: advisoryAndVersion.slice(at + 1) }
}

function unifyAdvisory<F extends Keyed>(finding: F, ids: string[]): F {
  const [canonical] = ids
  if (canonical === finding.advisoryId && ids.length === 1 + (finding.aliases?.length ?? 0)) return finding
  const prefix = `package|${finding.advisoryId}|`
  return {
    ...finding,
    advisoryId: canonical,
    aliases: ids.slice(1),
    key: finding.key.startsWith(prefix) ? `package|${canonical}|${finding.key.slice(prefix.length)}` : finding.key,
  }
}
