import { PackageURL } from 'packageurl-js'
import { prototypeFreeLookup } from '@/lib/prototype-free-lookup'

/** A package as purls name it. */
export interface PackageIdentity {
  type: string
  namespace?: string
  name: string
  version?: string
}

/**
 * The purl type of an ecosystem as the scanners write it: OSV's names (npm, PyPI, Go, crates.io),
 * Trivy's package types (gomod, pip, bundler) and Grype's (go-module, java-archive, rust-crate).
 */
const purlTypes = new Map<string, string>()
const ecosystemsByType: Record<string, string[]> = {
  npm: ['npm', 'yarn', 'pnpm', 'node-pkg', 'bun'],
  pypi: ['pypi', 'pip', 'pipenv', 'poetry', 'python', 'python-pkg', 'uv'],
  golang: ['go', 'gomod', 'gobinary', 'go-module', 'golang'],
  maven: ['maven', 'jar', 'pom', 'gradle', 'sbt', 'java-archive'],
  gem: ['rubygems', 'gem', 'gemspec', 'bundler'],
  cargo: ['crates.io', 'cargo', 'rust-crate', 'rust-binary'],
  nuget: ['nuget', 'dotnet', 'dotnet-core', 'packages-props'],
  composer: ['packagist', 'composer', 'composer-vendor', 'php-composer'],
  pub: ['pub', 'dart-pub'],
  hex: ['hex', 'mix'],
  cocoapods: ['cocoapods', 'pod'],
  swift: ['swift', 'swift-package'],
  deb: ['debian', 'ubuntu', 'deb'],
  apk: ['alpine', 'apk', 'wolfi', 'chainguard'],
  rpm: ['redhat', 'centos', 'rocky', 'alma', 'almalinux', 'amazon', 'oracle', 'suse', 'opensuse', 'rpm'],
}
for (const [type, names] of Object.entries(ecosystemsByType)) for (const name of names) purlTypes.set(name, type)

/** The package type Grype's ignore rules name (syft's package types), by purl type. */
const grypeTypes = prototypeFreeLookup({
  npm: 'npm',
  pypi: 'python',
  golang: 'go-module',
  maven: 'java-archive',
  gem: 'gem',
  cargo: 'rust-crate',
  nuget: 'dotnet',
  composer: 'php-composer',
  pub: 'dart-pub',
  hex: 'hex',
  cocoapods: 'pod',
  swift: 'swift',
  deb: 'deb',
  apk: 'apk',
  rpm: 'rpm',
})

/** OSV writes `Debian:12` and `Alpine:v3.19`: the distribution before the colon. */
const ecosystemName = (ecosystem: string) => ecosystem.split(':')[0].trim().toLowerCase()

export const purlTypeOf = (ecosystem: string | undefined): string | undefined =>
  ecosystem === undefined ? undefined : purlTypes.get(ecosystemName(ecosystem))

export const grypeTypeOf = (purlType: string | undefined): string | undefined =>
  purlType === undefined ? undefined : grypeTypes[purlType]

/** Splits a package name into a purl's namespace and name, as each ecosystem writes them. */
function splitName(type: string, packageName: string): { namespace?: string; name: string } {
  const cut = (at: number) =>
    at > 0 ? { namespace: packageName.slice(0, at), name: packageName.slice(at + 1) } : { name: packageName }
  if (type === 'maven' && packageName.includes(':')) return cut(packageName.indexOf(':'))
  if (type === 'npm' && packageName.startsWith('@')) return cut(packageName.indexOf('/'))
  if (type === 'golang' || type === 'composer' || type === 'swift') return cut(packageName.lastIndexOf('/'))
  return { name: packageName }
}

const distributionNamespace = (type: string, ecosystem: string) =>
  type === 'deb' || type === 'apk' || type === 'rpm' ? ecosystemName(ecosystem) : undefined

/** A finding's package as a purl: the one the scanner wrote, else built from ecosystem, name and version. */
export function packageUrlOf(finding: {
  purl?: string
  ecosystem?: string
  packageName?: string
  packageVersion?: string
}): string | undefined {
  if (finding.purl) {
    const parsed = parsePackageUrl(finding.purl)
    if (parsed) return finding.purl
  }
  const type = purlTypeOf(finding.ecosystem)
  if (!type || !finding.packageName) return undefined
  const { namespace, name } = splitName(type, finding.packageName)
  try {
    return new PackageURL(
      type,
      namespace ?? distributionNamespace(type, finding.ecosystem ?? ''),
      name,
      finding.packageVersion,
      undefined,
      undefined,
    ).toString()
  } catch {
    return undefined
  }
}

export function parsePackageUrl(purl: string): PackageIdentity | undefined {
  try {
    const parsed = PackageURL.fromString(purl.trim())
    return {
      type: parsed.type,
      namespace: parsed.namespace ?? undefined,
      name: parsed.name,
      version: parsed.version ?? undefined,
    }
  } catch {
    return undefined
  }
}

/** A package's purl without version, qualifiers or subpath: what every version of it shares. */
export function packageBaseOf(identity: PackageIdentity): string {
  return new PackageURL(identity.type, identity.namespace, identity.name, undefined, undefined, undefined).toString()
}

/** The purl of a package at one version, written the same way whatever the input's spelling. */
export function canonicalPackageUrl(identity: PackageIdentity): string {
  return new PackageURL(
    identity.type,
    identity.namespace,
    identity.name,
    identity.version,
    undefined,
    undefined,
  ).toString()
}

/** The package name a scanner shows: `@scope/name`, `group:artifact`, `github.com/org/mod`. */
export function packageNameOf(identity: PackageIdentity): string {
  if (!identity.namespace || identity.type === 'deb' || identity.type === 'apk' || identity.type === 'rpm')
    return identity.name
  return identity.type === 'maven' ? `${identity.namespace}:${identity.name}` : `${identity.namespace}/${identity.name}`
}
