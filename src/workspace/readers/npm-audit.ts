import { canonicalAdvisory } from '@/workspace/model/advisory-ids'
import { FindingCollector } from '@/workspace/model/duplicate-findings'
import { findingKey, runIdOf } from '@/workspace/model/finding-keys'
import { packageIdentity } from '@/workspace/model/package-identity'
import {
  asArray,
  asNumber,
  asObject,
  asStrings,
  asText,
  isObject,
  own,
  plural,
  type JsonObject,
} from '@/workspace/files/json'
import { ReaderError, type ReadOptions, type ReadResult, type VulnerabilityFinding } from '@/workspace/model/model'
import { scoreVector, severityOfScore, severityOfWord } from '@/workspace/model/severity'

const GHSA = /GHSA(?:-[23456789cfghjmpqrvwx]{4}){3}/i

/** What `fixAvailable` tells a person to do: npm names the package to update, which may be another one. */
function adviceOf(fixAvailable: unknown, packageName: string): string | undefined {
  if (isObject(fixAvailable)) {
    const name = asText(own(fixAvailable, 'name'))
    const version = asText(own(fixAvailable, 'version'))
    if (!name || !version) return 'Run npm audit fix.'
    const major = own(fixAvailable, 'isSemVerMajor') === true ? ' (a major version: it may break the code)' : ''
    return name === packageName
      ? `Update ${name} to ${version}${major}.`
      : `Update ${name} to ${version}${major}: it brings a fixed ${packageName}.`
  }
  if (fixAvailable === true) return 'Run npm audit fix.'
  if (fixAvailable === false) return 'npm knows no fix for this.'
  return undefined
}

/**
 * The first fixed version when an affected range has one upper bound (`<0.2.4`, `>=1.0.0 <1.2.3`):
 * npm audit names no installed version, so a range of several parts (`<1.0.1 || >=2.0.0 <2.0.3`)
 * cannot say which fix is the one.
 */
export function fixOfRange(range: string | undefined): string | undefined {
  if (!range || range.includes('||')) return undefined
  const uppers = [...range.matchAll(/(<=?)\s*v?(\d[\w.+-]*)/g)]
  return uppers.length === 1 && uppers[0][1] === '<' ? uppers[0][2] : undefined
}

/**
 * Reads `npm audit --json` of npm 7 and later (auditReportVersion 2). Each advisory a package is
 * vulnerable to `via` is a finding; a package vulnerable only through another package is counted
 * where the advisory is, not again. npm audit names no installed version: the finding has the
 * vulnerable range instead.
 */
export function readNpmAudit(report: JsonObject, options: ReadOptions = {}): ReadResult {
  if (own(report, 'auditReportVersion') !== 2) {
    throw new ReaderError(
      'This is an npm audit report of npm 6 or older; Vigil reads the report of npm 7 and later (auditReportVersion 2).',
    )
  }
  const collector = new FindingCollector<VulnerabilityFinding>()
  let unscored = 0
  let unnamed = 0
  const packages = asObject(own(report, 'vulnerabilities'))
  for (const key of Object.keys(packages)) {
    const entry = asObject(own(packages, key))
    const packageName = asText(own(entry, 'name')) ?? key
    const nodes = asStrings(own(entry, 'nodes'))
    for (const via of asArray(own(entry, 'via'))) {
      if (!isObject(via)) continue // the name of another vulnerable package: counted there
      const url = asText(own(via, 'url'))
      const ghsa = url ? GHSA.exec(url)?.[0] : undefined
      const source = asNumber(own(via, 'source'))
      if (!ghsa && source === undefined) {
        unnamed += 1
        continue
      }
      const { advisoryId, aliases } = canonicalAdvisory([ghsa ?? `npm-${source}`])
      const cvssEntry = asObject(own(via, 'cvss'))
      const cvss = scoreVector(own(cvssEntry, 'vectorString'))
      const score = cvss?.score ?? asNumber(own(cvssEntry, 'score'))
      const word = asText(own(via, 'severity')) ?? asText(own(entry, 'severity'))
      const severity = score ? severityOfScore(score) : severityOfWord(word)
      if (severity === 'Unknown') unscored += 1
      const range = asText(own(via, 'range'))
      collector.add({
        kind: 'vulnerability',
        key: findingKey({
          kind: 'package',
          advisoryId,
          package: packageIdentity({ ecosystem: 'npm', name: packageName }),
          location: nodes[0],
        }),
        tool: 'npm audit',
        advisoryId,
        aliases,
        title: asText(own(via, 'title')) ?? advisoryId,
        description: range ? `Affected versions: ${range}` : '',
        severity,
        toolSeverity: word,
        cvss,
        cwes: asStrings(own(via, 'cwe')),
        packageName,
        ecosystem: 'npm',
        affectedRange: range,
        fixedVersion: fixOfRange(range),
        advice: adviceOf(own(entry, 'fixAvailable'), packageName),
        location: { file: nodes[0] ?? 'package-lock.json' },
        url,
      })
    }
  }
  const warnings: string[] = []
  if (unscored) warnings.push(`${plural(unscored, 'advisory', 'advisories')} had no severity: shown as Unknown`)
  if (unnamed) warnings.push(`${plural(unnamed, 'advisory', 'advisories')} without a GHSA link or a source id left out`)
  if (collector.repeated)
    warnings.push(`${plural(collector.repeated, 'advisory', 'advisories')} listed twice for one package counted once`)
  const findings = collector.findings()
  return {
    format: 'npm-audit',
    tool: 'npm audit',
    run: runIdOf('npm audit', options.fileName),
    findings,
    warnings,
    files: ['package.json'],
    ecosystems: findings.length ? ['npm'] : [],
  }
}
