import { PackageURL } from 'packageurl-js'

/** A package's identity, one for every tool's way of naming it: type, name and version. */

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

function canonicalPackageName(type: string, name: string): string {
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
      return { type, name: canonicalPackageName(type, name), version: canonicalPackageVersion(type, version) }
    } catch {
      // not a valid package URL: the other fields say who it is
    }
  }
  const type = purlTypeOf(input.ecosystem) ?? input.ecosystem?.trim().toLowerCase() ?? 'unknown'
  return {
    type,
    name: canonicalPackageName(type, input.name.trim()),
    version: canonicalPackageVersion(type, input.version),
  }
}

function canonicalPackageVersion(type: string, version: string | undefined): string | undefined {
  const text = version?.trim()
  if (!text) return undefined
  return type === 'golang' ? text.replace(/^v(?=\d)/, '') : text
}
