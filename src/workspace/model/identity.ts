import { PackageURL } from 'packageurl-js'

/**
 * What makes two findings the same finding: one advisory-id spelling, one package identity, one
 * key format for every reader, and the run a file's results replace.
 */

/**
 * Advisory id families, each with the spelling Vigil keeps. CVE ids are upper case; GHSA ids keep
 * GitHub's spelling, `GHSA-` then the lower-case body; other prefixes take their usual spelling
 * (`RHSA`, `openSUSE-SU`) and the rest stays as written.
 */
const families: { rank: number; pattern: RegExp; spell: (match: RegExpExecArray) => string }[] = [
  { rank: 0, pattern: /^CVE-(\d{4})-(\d{4,})/i, spell: (m) => `CVE-${m[1]}-${m[2]}` },
  {
    rank: 1,
    pattern: /^GHSA((?:-[23456789cfghjmpqrvwx]{4}){3})(?![0-9a-z])/i,
    spell: (m) => `GHSA${m[1].toLowerCase()}`,
  },
  // Language and open-source databases published as OSV.
  {
    rank: 2,
    pattern: /^(GO|PYSEC|RUSTSEC|OSV|GSD|MAL|PSF|HSEC|RSEC|JLSEC)-(\d{4})-(\d+)/i,
    spell: (m) => `${m[1].toUpperCase()}-${m[2]}-${m[3]}`,
  },
  { rank: 2, pattern: /^CGA((?:-[0-9a-z]{4}){3})(?![0-9a-z])/i, spell: (m) => `CGA${m[1].toLowerCase()}` },
  // Distributions' advisories.
  { rank: 3, pattern: /^(DSA|DLA|DTSA)-(\d+(?:-\d+)?)/i, spell: (m) => `${m[1].toUpperCase()}-${m[2]}` },
  {
    rank: 3,
    pattern: /^(RH[SBE]A|AL[SBE]A|RL[SBE]A|RX[SBE]A)-(\d{4}:\d+)/i,
    spell: (m) => `${m[1].toUpperCase()}-${m[2]}`,
  },
  {
    rank: 3,
    pattern: /^(ALAS[0-9A-Z.-]*?)-(\d{4}-\d+)/i,
    spell: (m) => `${m[1].toUpperCase()}-${m[2]}`,
  },
  { rank: 3, pattern: /^(USN|LSN)-(\d+-\d+)/i, spell: (m) => `${m[1].toUpperCase()}-${m[2]}` },
  { rank: 3, pattern: /^(EL[SBE]A|MGASA|OESA)-(\d{4}-\d+)/i, spell: (m) => `${m[1].toUpperCase()}-${m[2]}` },
  {
    rank: 3,
    pattern: /^(SUSE|openSUSE)-([A-Z]{2,3})-(\d{4}:\d+(?:-\d+)?)/i,
    spell: (m) => `${m[1].toLowerCase() === 'suse' ? 'SUSE' : 'openSUSE'}-${m[2].toUpperCase()}-${m[3]}`,
  },
  {
    rank: 3,
    pattern: /^(UBUNTU|DEBIAN|ALPINE|ROOT)-CVE-(\d{4})-(\d{4,})/i,
    spell: (m) => `${m[1].toUpperCase()}-CVE-${m[2]}-${m[3]}`,
  },
  { rank: 3, pattern: /^(openEuler-SA)-(\d{4}-\d+)/i, spell: (m) => `openEuler-SA-${m[2]}` },
  { rank: 3, pattern: /^(PHSA)-(\d{4}-[\d.]+-\d+)/i, spell: (m) => `PHSA-${m[2]}` },
]

const OTHER_RANK = 4

function familyOf(text: string) {
  for (const family of families) {
    const match = family.pattern.exec(text)
    if (match) return { family, match }
  }
  return undefined
}

/**
 * An advisory id in the spelling Vigil keeps: `cve-2021-44228` → `CVE-2021-44228`,
 * `GHSA-JFH8-C2JP-5V3Q` → `GHSA-jfh8-c2jp-5v3q`, `rhsa-2021:1234` → `RHSA-2021:1234`. An id of
 * no known family is kept as written (trimmed).
 */
export function normaliseAdvisoryId(id: string): string {
  const text = id.trim()
  const found = familyOf(text)
  return found && found.match[0].length === text.length ? found.family.spell(found.match) : text
}

/**
 * The advisory id a text starts with, if it starts with one of a known family and the id ends
 * there or at a non-word character (Grype's SARIF rule `CVE-2021-44228-log4j-core`).
 */
export function leadingAdvisoryId(text: string): string | undefined {
  const trimmed = text.trim()
  const found = familyOf(trimmed)
  if (!found) return undefined
  const next = trimmed.charAt(found.match[0].length)
  return next === '' || /[^0-9A-Za-z]/.test(next) ? found.family.spell(found.match) : undefined
}

/** Whether the whole text is an advisory id of a known family. */
export const isAdvisoryId = (text: string): boolean => {
  const found = familyOf(text.trim())
  return !!found && found.match[0].length === text.trim().length
}

const rankOf = (id: string) => {
  const found = familyOf(id)
  return found && found.match[0].length === id.length ? found.family.rank : OTHER_RANK
}

/** What two spellings of one id share: ids of no known family compare without case. */
const comparable = (id: string) => normaliseAdvisoryId(id).toUpperCase()

const byPreference = (a: string, b: string) => rankOf(a) - rankOf(b) || (a < b ? -1 : a > b ? 1 : 0)

/**
 * The advisory's identity from all the ids a file gives it: the canonical id is a CVE when there
 * is one, else a GHSA, else a language database's id (PYSEC, GO, RUSTSEC...), else a
 * distribution's (DSA, RHSA, ALAS...), else the first other id; ties go to the lowest id. The
 * same set of ids always gives the same canonical id, whichever tool wrote it first.
 */
export function canonicalAdvisory(ids: (string | undefined)[]): { advisoryId: string; aliases: string[] } {
  const seen = new Map<string, string>()
  for (const id of ids) {
    if (typeof id !== 'string' || id.trim() === '') continue
    const spelled = normaliseAdvisoryId(id)
    const key = comparable(spelled)
    if (!seen.has(key)) seen.set(key, spelled)
  }
  const sorted = [...seen.values()].sort(byPreference)
  return { advisoryId: sorted[0] ?? 'unknown advisory', aliases: sorted.slice(1) }
}

/**
 * Advisories linked by their aliases across findings and tools: an npm audit GHSA and an OSV
 * CVE whose aliases name that GHSA are one advisory. Link every finding's ids, then ask each
 * id's canonical id.
 */
export class AdvisoryAliases {
  private parent = new Map<string, string>()
  private spelling = new Map<string, string>()

  private find(key: string): string {
    let root = key
    while (this.parent.get(root) !== root) root = this.parent.get(root)!
    // Path compression: later look-ups go straight to the root.
    let node = key
    while (node !== root) {
      const next = this.parent.get(node)!
      this.parent.set(node, root)
      node = next
    }
    return root
  }

  private add(id: string): string {
    const spelled = normaliseAdvisoryId(id)
    const key = spelled.toUpperCase()
    if (!this.parent.has(key)) {
      this.parent.set(key, key)
      this.spelling.set(key, spelled)
    }
    return key
  }

  /** Records that all these ids name one advisory. */
  link(ids: (string | undefined)[]): void {
    const keys = ids.filter((id): id is string => typeof id === 'string' && id.trim() !== '').map((id) => this.add(id))
    for (const key of keys.slice(1)) {
      const [a, b] = [this.find(keys[0]), this.find(key)]
      if (a !== b) this.parent.set(b, a)
    }
  }

  /** Every id linked to this one (itself included), canonical first. */
  group(id: string): string[] {
    const key = comparable(id)
    if (!this.parent.has(key)) return [normaliseAdvisoryId(id)]
    const root = this.find(key)
    return [...this.parent.keys()]
      .filter((other) => this.find(other) === root)
      .map((other) => this.spelling.get(other)!)
      .sort(byPreference)
  }

  /** The canonical id of the advisory this id belongs to. */
  canonical(id: string): string {
    return this.group(id)[0]
  }

  /** Every linked id (in upper case) with its whole group, canonical first: one pass for all. */
  groups(): Map<string, string[]> {
    const byRoot = new Map<string, string[]>()
    for (const key of this.parent.keys()) {
      const root = this.find(key)
      const group = byRoot.get(root)
      if (group) group.push(this.spelling.get(key)!)
      else byRoot.set(root, [this.spelling.get(key)!])
    }
    const byId = new Map<string, string[]>()
    for (const group of byRoot.values()) {
      group.sort(byPreference)
      for (const id of group) byId.set(id.toUpperCase(), group)
    }
    return byId
  }
}

/** Package ecosystems as the tools name them → the package-URL type they mean. */
const purlTypes = new Map<string, string>()
for (const [type, names] of [
  ['npm', ['npm', 'node', 'node-pkg', 'nodejs', 'yarn', 'pnpm', 'bun', 'javascript']],
  ['pypi', ['pypi', 'pip', 'pipenv', 'poetry', 'python', 'python-pkg', 'uv', 'conda-pkg']],
  ['golang', ['go', 'golang', 'gomod', 'go-module', 'gobinary']],
  ['maven', ['maven', 'jar', 'java-archive', 'gradle', 'pom', 'sbt', 'java']],
  ['cargo', ['cargo', 'crates.io', 'rust-crate', 'rust-binary', 'rustbinary']],
  ['gem', ['gem', 'rubygems', 'gemspec', 'bundler', 'ruby']],
  ['nuget', ['nuget', 'dotnet', 'dotnet-core', 'dotnet-deps', 'packages-props']],
  ['composer', ['composer', 'packagist', 'php-composer', 'php']],
  ['pub', ['pub', 'dart', 'dart-pub']],
  ['hex', ['hex', 'mix', 'erlang-otp']],
  ['swift', ['swift', 'swifturl']],
  ['cocoapods', ['cocoapods', 'pod']],
  ['conan', ['conan', 'conan-pkg']],
  ['github', ['github', 'github actions', 'github-action', 'github-actions']],
  ['apk', ['apk', 'alpine', 'wolfi', 'chainguard']],
  ['deb', ['deb', 'debian', 'ubuntu', 'dpkg']],
  ['rpm', ['rpm', 'redhat', 'centos', 'rocky', 'alma', 'almalinux', 'amazon', 'oracle', 'fedora']],
  ['rpm', ['suse', 'opensuse', 'opensuse.leap', 'sles', 'photon', 'cbl-mariner', 'azurelinux', 'red hat']],
] as const) {
  for (const name of names) purlTypes.set(name, type)
}

/** The package-URL type of an ecosystem as a tool names it (`PyPI` → pypi, `Debian:11` → deb). */
export function purlTypeOf(ecosystem: string | undefined): string | undefined {
  if (!ecosystem) return undefined
  const name = ecosystem.trim().toLowerCase()
  return purlTypes.get(name) ?? purlTypes.get(name.split(':')[0]) ?? undefined
}

/** Types whose namespace is the distribution, not part of the package's name. */
const distributionTypes = new Set(['deb', 'rpm', 'apk', 'alpm'])

export interface PackageIdentity {
  /** The package-URL type (npm, pypi, maven, deb...), or the tool's ecosystem in lower case. */
  type: string
  /** The name in that type's spelling: `@scope/name`, `group/artifact`, PyPI's normalised name. */
  name: string
  version?: string
}

function spellName(type: string, name: string): string {
  if (type === 'pypi') return name.toLowerCase().replace(/[-_.]+/g, '-')
  if (type === 'maven') return name.replace(':', '/')
  return name
}

/**
 * A package's identity from a package URL when the file gives a valid one, else from the
 * ecosystem, name and installed version: Grype's `pkg:pypi/Django@3.2.4` and OSV's
 * `PyPI django 3.2.4` are one package.
 */
export function packageIdentity(input: {
  purl?: string
  ecosystem?: string
  name: string
  version?: string
}): PackageIdentity {
  if (input.purl) {
    try {
      const purl = PackageURL.fromString(input.purl)
      const type = purl.type.toLowerCase()
      const name =
        purl.namespace && !distributionTypes.has(type) ? `${purl.namespace}/${purl.name}` : (purl.name as string)
      const version = purl.version ?? input.version
      return { type, name: spellName(type, name), version: spellVersion(type, version) }
    } catch {
      // not a valid package URL: the other fields say who it is
    }
  }
  const type = purlTypeOf(input.ecosystem) ?? input.ecosystem?.trim().toLowerCase() ?? 'unknown'
  return { type, name: spellName(type, input.name.trim()), version: spellVersion(type, input.version) }
}

function spellVersion(type: string, version: string | undefined): string | undefined {
  const text = version?.trim()
  if (!text) return undefined
  return type === 'golang' ? text.replace(/^v(?=\d)/, '') : text
}

/** Where a finding sits, as its key reads it: a path, or nothing. */
const placeText = (file: string | undefined) =>
  file === undefined
    ? ''
    : /^[./\s]|\\|\s$/.test(file)
      ? file
          .trim()
          .replace(/\\/g, '/')
          .replace(/^\.?\/+/, '')
      : file

/** Text made comparable across runs: whitespace runs become one space. */
export const normaliseContext = (text: string) => text.replace(/\s+/g, ' ').trim()

/**
 * A short, stable hash of a text (53-bit cyrb53, hex): it keys findings by their context
 * without storing it, and never changes between versions of Vigil.
 */
export function textHash(text: string): string {
  if (text === '') return EMPTY_HASH
  let h1 = 0xdeadbeef
  let h2 = 0x41c6ce57
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index)
    h1 = Math.imul(h1 ^ code, 2654435761)
    h2 = Math.imul(h2 ^ code, 1597334677)
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507)
  h1 ^= Math.imul(h2 ^ (h2 >>> 13), 3266489909)
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507)
  h2 ^= Math.imul(h1 ^ (h1 >>> 13), 3266489909)
  return ((h2 >>> 0) & 0x1fffff).toString(16).padStart(6, '0') + (h1 >>> 0).toString(16).padStart(8, '0')
}

/** The hash of no text, which most results without a snippet share. */
const EMPTY_HASH = '0bdcb81aee8d83'

export type FindingKeyParts =
  /** A known advisory in a package: advisory, package identity, where the package was found. */
  | { kind: 'package'; advisoryId: string; package: PackageIdentity; location?: string }
  /**
   * A rule broken in code or configuration: the rule, the file, and the tool's fingerprint
   * when it gives one, else a context that does not move with the line (a snippet, the
   * enclosing function, the resource); never the line number.
   */
  | { kind: 'code'; ruleId: string; file?: string; fingerprint?: string; context?: string }
  /** A secret: its rule, its file, and the masked match (never the secret). */
  | { kind: 'secret'; ruleId: string; file?: string; context?: string }
  /** An API operation: one per channel, method and path of a description. */
  | { kind: 'endpoint'; channel: string; method: string; path: string }

/**
 * The key of a finding, the same for every reader:
 * - `package|<advisory>|<type>/<name>@<version>|<location>`
 * - `code|<rule>|<file>|fp:<fingerprint>` or `code|<rule>|<file>|ctx:<hash of the context>`
 * - `secret|<rule>|<file>|ctx:<hash of the masked match>`
 * - `<channel> <METHOD> <path>` for endpoints
 * Keys name neither the tool nor the repository.
 */
export function findingKey(parts: FindingKeyParts): string {
  switch (parts.kind) {
    case 'package': {
      const { type, name, version } = parts.package
      return `package|${normaliseAdvisoryId(parts.advisoryId)}|${type}/${name}@${version ?? ''}|${placeText(parts.location)}`
    }
    case 'code': {
      const which = parts.fingerprint
        ? `fp:${parts.fingerprint}`
        : `ctx:${textHash(normaliseContext(parts.context ?? ''))}`
      return `code|${parts.ruleId}|${placeText(parts.file)}|${which}`
    }
    case 'secret':
      return `secret|${parts.ruleId}|${placeText(parts.file)}|ctx:${textHash(normaliseContext(parts.context ?? ''))}`
    case 'endpoint':
      return `${parts.channel} ${parts.method.toUpperCase()} ${parts.path}`
  }
}

/**
 * What one import replaces: one tool's run for one repository. `what` is the run's own identity
 * (SARIF's automation category, Trivy's artifact, Grype's target), else the file's path in the
 * repository folder; without either, the tool alone.
 */
export const runOf = (tool: string, what?: string): string => (what ? `${tool}|${what}` : tool)

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
