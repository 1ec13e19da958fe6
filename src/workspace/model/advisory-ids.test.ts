import { describe, expect, it } from 'vitest'
import {
  AdvisoryAliases,
  canonicalAdvisory,
  isAdvisoryId,
  leadingAdvisoryId,
  normaliseAdvisoryId,
} from './advisory-ids'

describe('advisory ids', () => {
  it.each([
    ['cve-2021-44228', 'CVE-2021-44228'],
    [' CVE-2021-44228 ', 'CVE-2021-44228'],
    ['GHSA-JFH8-C2JP-5V3Q', 'GHSA-jfh8-c2jp-5v3q'],
    ['ghsa-jfh8-c2jp-5v3q', 'GHSA-jfh8-c2jp-5v3q'],
    ['pysec-2021-123', 'PYSEC-2021-123'],
    ['go-2022-0493', 'GO-2022-0493'],
    ['RUSTSEC-2021-0078', 'RUSTSEC-2021-0078'],
    ['osv-2020-111', 'OSV-2020-111'],
    ['mal-2024-1234', 'MAL-2024-1234'],
    ['dsa-5000-1', 'DSA-5000-1'],
    ['dla-3000-2', 'DLA-3000-2'],
    ['rhsa-2021:1234', 'RHSA-2021:1234'],
    ['alas-2021-1490', 'ALAS-2021-1490'],
    ['alas2-2021-1700', 'ALAS2-2021-1700'],
    ['ALASKERNEL-5.10-2022-004', 'ALASKERNEL-5.10-2022-004'],
    ['usn-5000-1', 'USN-5000-1'],
    ['elsa-2021-9151', 'ELSA-2021-9151'],
    ['OPENSUSE-SU-2021:1234-1', 'openSUSE-SU-2021:1234-1'],
    ['suse-su-2022:0123-1', 'SUSE-SU-2022:0123-1'],
    ['ubuntu-cve-2021-3449', 'UBUNTU-CVE-2021-3449'],
    // no known family: kept as written
    ['SNYK-JS-LODASH-567746', 'SNYK-JS-LODASH-567746'],
    ['npm-1097678', 'npm-1097678'],
    ['CVE-2021-1', 'CVE-2021-1'],
  ])('spells %s as %s', (id, spelled) => {
    expect(normaliseAdvisoryId(id)).toBe(spelled)
  })

  it.each([
    ['CVE-2021-44228-log4j-core', 'CVE-2021-44228'],
    ['GHSA-35JH-R3H4-6JHM-lodash', 'GHSA-35jh-r3h4-6jhm'],
    ['GO-2022-0493-golang.org/x/net', 'GO-2022-0493'],
    ['CVE-2021-44228', 'CVE-2021-44228'],
    ['js/xss', undefined],
    ['go/sql-injection', undefined],
    ['CVE-2021-44228x', undefined],
    ['python.flask.security.xss', undefined],
  ])('finds the advisory id %s starts with: %s', (text, id) => {
    expect(leadingAdvisoryId(text)).toBe(id)
  })

  it('knows a whole advisory id from text that only starts with one', () => {
    expect(isAdvisoryId('CVE-2021-44228')).toBe(true)
    expect(isAdvisoryId('CVE-2021-44228-log4j-core')).toBe(false)
  })

  it.each([
    [['GHSA-35jh-r3h4-6jhm', 'CVE-2021-23337'], 'CVE-2021-23337', ['GHSA-35jh-r3h4-6jhm']],
    [['GHSA-35JH-R3H4-6JHM', 'ghsa-35jh-r3h4-6jhm'], 'GHSA-35jh-r3h4-6jhm', []],
    [['PYSEC-2021-108', 'GHSA-qrw5-5h28-6cmg'], 'GHSA-qrw5-5h28-6cmg', ['PYSEC-2021-108']],
    [['CVE-2022-2', 'CVE-2021-9'], 'CVE-2021-9', ['CVE-2022-2']],
    [['DSA-5000-1', 'OSV-2020-1'], 'OSV-2020-1', ['DSA-5000-1']],
    [['SNYK-JS-X-1', 'DLA-1-1'], 'DLA-1-1', ['SNYK-JS-X-1']],
    [[undefined, ' ', 'CVE-2021-44228'], 'CVE-2021-44228', []],
    [[], 'unknown advisory', []],
  ])('the advisory %j is %s, also known as %j', (ids, advisoryId, aliases) => {
    expect(canonicalAdvisory(ids)).toEqual({ advisoryId, aliases })
  })

  it('gives the same canonical id whatever order the ids come in', () => {
    const ids = ['GHSA-35jh-r3h4-6jhm', 'PYSEC-2021-1', 'CVE-2021-23337', 'DSA-1-1']
    expect(canonicalAdvisory([...ids].reverse())).toEqual(canonicalAdvisory(ids))
  })

  it('links an npm audit GHSA and an OSV CVE through the aliases of either', () => {
    const aliases = new AdvisoryAliases()
    aliases.link(['GHSA-35jh-r3h4-6jhm']) // npm audit names the GHSA alone
    aliases.link(['CVE-2021-23337', 'GHSA-35JH-R3H4-6JHM']) // OSV: the CVE, with the GHSA in its aliases
    aliases.link(['CVE-2020-8203'])
    expect(aliases.canonical('ghsa-35jh-r3h4-6jhm')).toBe('CVE-2021-23337')
    expect(aliases.group('CVE-2021-23337')).toEqual(['CVE-2021-23337', 'GHSA-35jh-r3h4-6jhm'])
    expect(aliases.canonical('CVE-2020-8203')).toBe('CVE-2020-8203')
    expect(aliases.canonical('CVE-1999-0001')).toBe('CVE-1999-0001')
  })

  it('keeps ids such as __proto__ as data', () => {
    const aliases = new AdvisoryAliases()
    aliases.link(['__proto__', 'constructor'])
    expect(aliases.group('constructor')).toEqual(['__proto__', 'constructor'])
    expect(canonicalAdvisory(['constructor', 'toString'])).toEqual({ advisoryId: 'constructor', aliases: ['toString'] })
  })
})
