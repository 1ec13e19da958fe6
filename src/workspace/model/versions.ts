/**
 * Version comparison good enough to tell which advisory range holds an installed version:
 * semver (npm, Go, Cargo...), PEP 440 (PyPI), and dotted versions with letters (Maven, Debian,
 * Alpine, RPM...). It never throws: text it cannot read is compared token by token.
 */

export type VersionScheme = 'semver' | 'pep440' | 'maven' | 'generic'

const schemeByEcosystem = new Map<string, VersionScheme>([
  ['npm', 'semver'],
  ['go', 'semver'],
  ['golang', 'semver'],
  ['gomod', 'semver'],
  ['go-module', 'semver'],
  ['gobinary', 'semver'],
  ['crates.io', 'semver'],
  ['cargo', 'semver'],
  ['rust-crate', 'semver'],
  ['hex', 'semver'],
  ['pub', 'semver'],
  ['nuget', 'semver'],
  ['packagist', 'semver'],
  ['composer', 'semver'],
  ['swifturl', 'semver'],
  ['swift', 'semver'],
  ['cocoapods', 'semver'],
  ['github', 'semver'],
  ['github actions', 'semver'],
  ['node-pkg', 'semver'],
  ['yarn', 'semver'],
  ['pnpm', 'semver'],
  ['pypi', 'pep440'],
  ['pip', 'pep440'],
  ['pipenv', 'pep440'],
  ['poetry', 'pep440'],
  ['python', 'pep440'],
  ['python-pkg', 'pep440'],
  ['uv', 'pep440'],
  ['maven', 'maven'],
  ['jar', 'maven'],
  ['java-archive', 'maven'],
  ['gradle', 'maven'],
  ['pom', 'maven'],
])

/** The scheme an ecosystem's versions follow (OSV, purl, Trivy and Grype names; `Debian:11` → Debian). */
export function schemeOf(ecosystem: string | undefined): VersionScheme {
  if (!ecosystem) return 'generic'
  return schemeByEcosystem.get(ecosystem.split(':')[0].trim().toLowerCase()) ?? 'generic'
}

const compareNumbers = (a: string, b: string): number => {
  const x = a.replace(/^0+(?=\d)/, '')
  const y = b.replace(/^0+(?=\d)/, '')
  return x.length !== y.length ? Math.sign(x.length - y.length) : x < y ? -1 : x > y ? 1 : 0
}

const compareText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0)

// semver: numbers, an optional pre-release after `-`, build metadata after `+` (ignored).
const SEMVER = /^v?(\d+(?:\.\d+)*)(?:-([0-9A-Za-z.-]+))?(?:\+[0-9A-Za-z.-]*)?$/

function compareSemver(a: RegExpExecArray, b: RegExpExecArray): number {
  const core = compareDotted(a[1].split('.'), b[1].split('.'))
  if (core !== 0) return core
  const [preA, preB] = [a[2], b[2]]
  if (preA === undefined || preB === undefined) return preA === preB ? 0 : preA === undefined ? 1 : -1
  const [x, y] = [preA.split('.'), preB.split('.')]
  for (let index = 0; index < Math.min(x.length, y.length); index++) {
    const numericA = /^\d+$/.test(x[index])
    const numericB = /^\d+$/.test(y[index])
    const order =
      numericA && numericB
        ? compareNumbers(x[index], y[index])
        : numericA !== numericB
          ? numericA
            ? -1
            : 1
          : compareText(x[index], y[index])
    if (order !== 0) return order
  }
  return Math.sign(x.length - y.length)
}

/** Dotted numbers, missing parts counting as zero (1.2 = 1.2.0). */
function compareDotted(a: string[], b: string[]): number {
  for (let index = 0; index < Math.max(a.length, b.length); index++) {
    const order = compareNumbers(a[index] ?? '0', b[index] ?? '0')
    if (order !== 0) return order
  }
  return 0
}

// PEP 440, with its alternative spellings (1.0-alpha1, 1.0.post-1, 1.0-1, 1.0.dev).
const PEP440 =
  /^v?(?:(\d+)!)?(\d+(?:\.\d+)*)(?:[-_.]?(a|b|c|rc|alpha|beta|pre|preview)[-_.]?(\d*))?(?:-(\d+)|[-_.]?(?:post|rev|r)[-_.]?(\d*))?(?:[-_.]?dev[-_.]?(\d*))?(?:\+[a-z0-9]+(?:[-_.][a-z0-9]+)*)?$/

const pepPhase = new Map([
  ['a', 0],
  ['alpha', 0],
  ['b', 1],
  ['beta', 1],
  ['c', 2],
  ['rc', 2],
  ['pre', 2],
  ['preview', 2],
])

/** A PEP 440 version as a sort key: epoch, release, pre-release, post-release, development release. */
function pepKey(match: RegExpExecArray) {
  const [, epoch, release, phase, preNumber, postImplicit, postNumber, devNumber] = match
  const hasPost = postImplicit !== undefined || postNumber !== undefined
  const hasDev = devNumber !== undefined
  // 1.0.dev1 sorts before 1.0a1; a version without a pre-release sorts after its pre-releases.
  const pre: [number, number] =
    phase !== undefined ? [pepPhase.get(phase) ?? 2, Number(preNumber || 0)] : !hasPost && hasDev ? [-1, 0] : [3, 0]
  return {
    epoch: Number(epoch ?? 0),
    release: release.split('.'),
    pre,
    post: hasPost ? Number(postImplicit ?? (postNumber || 0)) : -1,
    dev: hasDev ? Number(devNumber || 0) : Infinity,
  }
}

function comparePep440(a: RegExpExecArray, b: RegExpExecArray): number {
  const [x, y] = [pepKey(a), pepKey(b)]
  return (
    Math.sign(x.epoch - y.epoch) ||
    compareDotted(x.release, y.release) ||
    Math.sign(x.pre[0] - y.pre[0]) ||
    Math.sign(x.pre[1] - y.pre[1]) ||
    Math.sign(x.post - y.post) ||
    (x.dev === y.dev ? 0 : x.dev < y.dev ? -1 : 1)
  )
}

/** Words that mark a version before its release, in order; other words compare as text. */
const preReleaseWords = new Map([
  ['dev', 0],
  ['snapshot', 0],
  ['alpha', 1],
  ['beta', 2],
  ['pre', 3],
  ['preview', 3],
  ['cr', 4],
  ['rc', 4],
])
/** Maven also writes milestones as `M1`; elsewhere a trailing `m` is a patch letter (OpenSSL 1.0.2m). */
const mavenPreReleaseWords = new Map([...preReleaseWords, ['m', 1], ['milestone', 1], ['ea', 0]])
/** Words that name the release itself: 1.0.Final is 1.0. */
const releaseWords = new Set(['final', 'ga', 'release'])

type Token = { kind: 'number'; text: string } | { kind: 'word'; text: string } | { kind: 'tilde' }

function tokens(version: string): Token[] {
  const list: Token[] = []
  for (const [text] of version.toLowerCase().matchAll(/\d+|[a-z]+|~/g)) {
    if (text === '~') list.push({ kind: 'tilde' })
    else if (/^\d/.test(text)) list.push({ kind: 'number', text })
    else if (!releaseWords.has(text)) list.push({ kind: 'word', text })
  }
  return list
}

function compareGeneric(a: string, b: string, words: Map<string, number>): number {
  const epochOf = (version: string) => /^(\d+):/.exec(version)
  const [epochA, epochB] = [epochOf(a), epochOf(b)]
  const epochOrder = compareNumbers(epochA?.[1] ?? '0', epochB?.[1] ?? '0')
  if (epochOrder !== 0) return epochOrder
  const [x, y] = [
    tokens(a.slice(epochA?.[0].length ?? 0).replace(/^v(?=\d)/i, '')),
    tokens(b.slice(epochB?.[0].length ?? 0).replace(/^v(?=\d)/i, '')),
  ]
  /** What a version that ends here is, against the tokens the other one goes on with. */
  const endAgainst = (rest: Token[]): number => {
    const [next] = rest
    if (next.kind === 'tilde' || (next.kind === 'word' && words.has(next.text))) return 1
    return rest.every((token) => token.kind === 'number' && /^0+$/.test(token.text)) ? 0 : -1
  }
  for (let index = 0; ; index++) {
    const [left, right] = [x[index], y[index]]
    if (left === undefined && right === undefined) return 0
    if (left === undefined) return endAgainst(y.slice(index))
    if (right === undefined) return 0 - endAgainst(x.slice(index)) || 0
    if (left.kind === 'tilde' || right.kind === 'tilde') {
      if (left.kind === right.kind) continue
      return left.kind === 'tilde' ? -1 : 1
    }
    if (left.kind === 'number' && right.kind === 'number') {
      const order = compareNumbers(left.text, right.text)
      if (order !== 0) return order
      continue
    }
    // A word sorts before a number at the same place: 1.0-rc1 < 1.0.1.
    if (left.kind !== right.kind) return left.kind === 'word' ? -1 : 1
    const [rankA, rankB] = [words.get(left.text), words.get(right.text)]
    if (rankA !== undefined || rankB !== undefined) {
      if (rankA === undefined) return 1
      if (rankB === undefined) return -1
      if (rankA !== rankB) return Math.sign(rankA - rankB)
      continue
    }
    const order = compareText(left.text, right.text)
    if (order !== 0) return order
  }
}

/** Negative when a is older than b, positive when newer, 0 when the same version. */
export function compareVersions(a: string, b: string, scheme: VersionScheme = 'generic'): number {
  const [x, y] = [a.trim(), b.trim()]
  if (x === y) return 0
  if (scheme === 'semver') {
    const [left, right] = [SEMVER.exec(x), SEMVER.exec(y)]
    if (left && right) return compareSemver(left, right)
  }
  if (scheme === 'pep440') {
    const [left, right] = [PEP440.exec(x.toLowerCase()), PEP440.exec(y.toLowerCase())]
    if (left && right) return comparePep440(left, right)
  }
  return compareGeneric(x, y, scheme === 'maven' ? mavenPreReleaseWords : preReleaseWords)
}

/**
 * The version to move to from `installed`: the lowest of `candidates` above it (a tool that
 * lists one fix per release line, `7.5.2, 6.3.1`, means the one of the installed line). With
 * no installed version, only a single candidate is an answer.
 */
export function fixAbove(
  installed: string | undefined,
  candidates: (string | undefined)[],
  scheme: VersionScheme,
): string | undefined {
  const versions = [...new Set(candidates.map((candidate) => candidate?.trim()).filter(Boolean) as string[])]
  if (installed === undefined) return versions.length === 1 ? versions[0] : undefined
  return versions
    .filter((version) => compareVersions(version, installed, scheme) > 0)
    .sort((a, b) => compareVersions(a, b, scheme))[0]
}

type Comparator = '=' | '!=' | '<' | '<=' | '>' | '>='

/** The vers scheme of a purl type or ecosystem (`vers:npm/…`, `vers:pypi/…`, `vers:deb/…`). */
const versScheme = (scheme: string) => schemeOf(scheme === 'gem' ? 'rubygems' : scheme)

/**
 * Whether a version lies in a package-URL version range (`vers:npm/>=1.0.0|<1.2.3`), by the
 * vers specification's algorithm. Undefined when the range is not vers.
 */
export function withinVers(version: string, range: string): boolean | undefined {
  const match = /^vers:([^/]+)\/(.*)$/i.exec(range.trim())
  if (!match) return undefined
  const scheme = versScheme(match[1].toLowerCase())
  const text = match[2].replace(/\s+/g, '')
  if (text === '*') return true
  const constraints: { comparator: Comparator; version: string }[] = []
  for (const part of text.split('|')) {
    if (part === '') continue
    const [, comparator, value] = /^(!=|<=|>=|<|>|=)?(.*)$/.exec(part) ?? []
    let decoded = value
    try {
      decoded = decodeURIComponent(value)
    } catch {
      // keep it as written
    }
    constraints.push({ comparator: (comparator as Comparator | undefined) ?? '=', version: decoded })
  }
  const compare = (other: string) => compareVersions(version, other, scheme)
  for (const constraint of constraints) {
    if (constraint.comparator === '=' && compare(constraint.version) === 0) return true
    if (constraint.comparator === '!=' && compare(constraint.version) === 0) return false
  }
  const bounds = constraints
    .filter((constraint) => constraint.comparator !== '=' && constraint.comparator !== '!=')
    .sort((a, b) => compareVersions(a.version, b.version, scheme))
  const satisfies = ({ comparator, version: bound }: { comparator: Comparator; version: string }) => {
    const order = compare(bound)
    if (comparator === '<') return order < 0
    if (comparator === '<=') return order <= 0
    if (comparator === '>') return order > 0
    return order >= 0
  }
  const below = (comparator: Comparator) => comparator === '<' || comparator === '<='
  for (const [index, current] of bounds.entries()) {
    if (index === 0 && below(current.comparator) && satisfies(current)) return true
    if (index === bounds.length - 1 && !below(current.comparator) && satisfies(current)) return true
    const next = bounds[index + 1]
    if (next && !below(current.comparator) && below(next.comparator) && satisfies(current) && satisfies(next)) {
      return true
    }
  }
  return false
}
