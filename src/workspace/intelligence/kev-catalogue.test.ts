import { describe, expect, it } from 'vitest'
import { CatalogueError } from './catalogues'
import { isKevDocument, readKevCatalogue, readKevDocument } from './kev-catalogue'

/** A made-up entry in the shape of CISA's schema. */
function entry(cveID: unknown, fields: Record<string, unknown> = {}) {
  return {
    cveID,
    vendorProject: 'Examplesoft',
    product: 'Gateway',
    vulnerabilityName: 'Examplesoft Gateway Path Traversal Vulnerability',
    dateAdded: '2026-03-02',
    shortDescription: 'Examplesoft Gateway contains a path traversal vulnerability that allows reading any file.',
    requiredAction: 'Apply mitigations per vendor instructions or discontinue use of the product.',
    dueDate: '2026-03-23',
    knownRansomwareCampaignUse: 'Unknown',
    notes: 'https://example.com/advisories/EX-2026-01',
    cwes: ['CWE-22'],
    ...fields,
  }
}

function catalogue(vulnerabilities: unknown[], fields: Record<string, unknown> = {}) {
  return {
    title: 'CISA Catalog of Known Exploited Vulnerabilities',
    catalogVersion: '2026.03.02',
    dateReleased: '2026-03-02T17:01:22.4512Z',
    count: vulnerabilities.length,
    vulnerabilities,
    ...fields,
  }
}

const read = (document: unknown) => readKevCatalogue(JSON.stringify(document))

/** The message a reading throws, failing the test when it throws none or another error. */
function failure(run: () => unknown): string {
  try {
    run()
  } catch (error) {
    expect(error).toBeInstanceOf(CatalogueError)
    return (error as Error).message
  }
  throw new Error('expected a CatalogueError')
}

describe("reading CISA's KEV catalogue", () => {
  it('reads the catalogue and its entries as the schema names them', () => {
    const { catalogue: kev, skipped, warnings } = read(catalogue([entry('CVE-2026-10001')]))
    expect(skipped).toBe(0)
    expect(warnings).toEqual([])
    expect(kev).toEqual({
      kind: 'kev',
      title: 'CISA Catalog of Known Exploited Vulnerabilities',
      catalogVersion: '2026.03.02',
      dateReleased: '2026-03-02T17:01:22.4512Z',
      entries: [
        {
          cve: 'CVE-2026-10001',
          vendorProject: 'Examplesoft',
          product: 'Gateway',
          vulnerabilityName: 'Examplesoft Gateway Path Traversal Vulnerability',
          dateAdded: '2026-03-02',
          dueDate: '2026-03-23',
          shortDescription: 'Examplesoft Gateway contains a path traversal vulnerability that allows reading any file.',
          requiredAction: 'Apply mitigations per vendor instructions or discontinue use of the product.',
          knownRansomwareCampaignUse: 'Unknown',
          notes: 'https://example.com/advisories/EX-2026-01',
          cwes: ['CWE-22'],
        },
      ],
    })
  })

  it('reads a file with a byte-order mark', () => {
    const { catalogue: kev } = readKevCatalogue('\uFEFF' + JSON.stringify(catalogue([entry('CVE-2026-10001')])))
    expect(kev.entries).toHaveLength(1)
  })

  it('spells CVE ids as Vigil does and leaves out, and counts, entries whose id is not a CVE', () => {
    const {
      catalogue: kev,
      skipped,
      warnings,
    } = read(
      catalogue([
        entry('cve-2026-10001'),
        entry('  CVE-2025-0042 '),
        entry('GHSA-jfh8-c2jp-5v3q'),
        entry('CVE-2026-XXXX'),
        entry(''),
      ]),
    )
    expect(kev.entries.map((kept) => kept.cve)).toEqual(['CVE-2026-10001', 'CVE-2025-0042'])
    expect(skipped).toBe(3)
    expect(warnings).toEqual(['3 entries without a CVE id left out (the first: "GHSA-jfh8-c2jp-5v3q")'])
  })

  it('keeps a CVE listed twice once: the entry added last, and on the same day the later one', () => {
    const {
      catalogue: kev,
      skipped,
      warnings,
    } = read(
      catalogue([
        entry('CVE-2026-10001', { dateAdded: '2026-01-10', product: 'first' }),
        entry('CVE-2026-10001', { dateAdded: '2026-02-10', product: 'added last' }),
        entry('cve-2026-10001', { dateAdded: '2026-01-20', product: 'added in between' }),
        entry('CVE-2026-20002', { product: 'one' }),
        entry('CVE-2026-20002', { product: 'two' }),
      ]),
    )
    expect(kev.entries.map((kept) => [kept.cve, kept.product])).toEqual([
      ['CVE-2026-10001', 'added last'],
      ['CVE-2026-20002', 'two'],
    ])
    expect(skipped).toBe(0)
    expect(warnings).toEqual(['3 entries repeating a CVE listed before: the entry added last kept for each CVE'])
  })

  it('reads an entry with only its id and date added, and drops optional fields that are empty or not text', () => {
    const { catalogue: kev } = read(
      catalogue(
        [
          { cveID: 'CVE-2026-10001', dateAdded: '2026-03-02' },
          { cveID: 'CVE-2026-10002', dateAdded: '2026-03-02', notes: '', dueDate: 'soon', product: 7 },
        ],
        { title: undefined },
      ),
    )
    expect(kev.title).toBeUndefined()
    expect(kev.entries).toEqual([
      { cve: 'CVE-2026-10001', dateAdded: '2026-03-02' },
      { cve: 'CVE-2026-10002', dateAdded: '2026-03-02' },
    ])
  })

  it('keeps a ransomware word other than Known or Unknown as written', () => {
    const { catalogue: kev } = read(catalogue([entry('CVE-2026-10001', { knownRansomwareCampaignUse: 'Suspected' })]))
    expect(kev.entries[0].knownRansomwareCampaignUse).toBe('Suspected')
  })

  it('trusts the entries over a count that disagrees, and says so', () => {
    const { catalogue: kev, warnings } = read(
      catalogue([entry('CVE-2026-10001'), entry('CVE-2026-10002')], { count: 1280 }),
    )
    expect(kev.entries).toHaveLength(2)
    expect(warnings).toEqual([
      'The catalogue says it lists 1280 vulnerabilities but holds 2: the entries it holds are read',
    ])
  })

  it('keeps the day of a date given as a full ISO time, as written', () => {
    const { catalogue: kev } = read(
      catalogue([
        entry('CVE-2026-10001', { dateAdded: '2026-03-02T00:00:00.000Z', dueDate: '2026-03-23T23:30:00-05:00' }),
      ]),
    )
    expect(kev.entries[0]).toMatchObject({ dateAdded: '2026-03-02', dueDate: '2026-03-23' })
  })

  it('leaves out, and counts, an entry whose date added is not a date', () => {
    const {
      catalogue: kev,
      skipped,
      warnings,
    } = read(catalogue([entry('CVE-2026-10001'), entry('CVE-2026-10002', { dateAdded: '2026-02-30' })]))
    expect(kev.entries.map((kept) => kept.cve)).toEqual(['CVE-2026-10001'])
    expect(skipped).toBe(1)
    expect(warnings).toEqual(['1 entry without a date added left out'])
  })

  it('reads CWEs from a list, from a string, and none when absent or of another type', () => {
    const { catalogue: kev } = read(
      catalogue([
        entry('CVE-2026-10001', { cwes: ['cwe-79', 'CWE-79', 'NVD-CWE-noinfo', 42, 'CWE-352'] }),
        entry('CVE-2026-10002', { cwes: 'CWE-22, CWE-23' }),
        entry('CVE-2026-10003', { cwes: undefined }),
        entry('CVE-2026-10004', { cwes: { first: 'CWE-79' } }),
        entry('CVE-2026-10005', { cwes: [] }),
      ]),
    )
    expect(kev.entries.map((kept) => kept.cwes)).toEqual([
      ['CWE-79', 'CWE-352'],
      ['CWE-22', 'CWE-23'],
      undefined,
      undefined,
      undefined,
    ])
  })

  it('never reads a field from the prototype', () => {
    const { catalogue: kev } = readKevCatalogue(
      JSON.stringify(catalogue([entry('CVE-2026-10001')])).replace(
        '"notes"',
        '"__proto__":{"vendorProject":"injected"},"notes"',
      ),
    )
    expect(kev.entries[0].vendorProject).toBe('Examplesoft')
  })

  it('reads a catalogue with no entries', () => {
    const { catalogue: kev, skipped } = read(catalogue([]))
    expect(kev.entries).toEqual([])
    expect(skipped).toBe(0)
  })

  it('reads an already parsed document', () => {
    expect(readKevDocument(catalogue([entry('CVE-2026-10001')])).catalogue.entries).toHaveLength(1)
  })
})

describe('a file that is not the KEV catalogue', () => {
  it.each([
    ['a Grype report', { matches: [], source: { type: 'image' }, descriptor: { name: 'grype' } }],
    ['a list', [{ cveID: 'CVE-2026-10001' }]],
    ['a number', 42],
    ['null', null],
    ['a list of vulnerabilities without CVE ids', { vulnerabilities: [{ id: 'GHSA-jfh8-c2jp-5v3q' }] }],
  ])('refuses %s in words a user understands', (_, document) => {
    expect(failure(() => read(document))).toBe(
      "This file is not CISA's Known Exploited Vulnerabilities catalogue: it has no catalogVersion and no list of vulnerabilities by cveID. Vigil reads CISA's KEV catalogue as JSON (known_exploited_vulnerabilities.json, from cisa.gov).",
    )
  })

  it('refuses text that is not JSON, an empty file, a web page and the CSV edition', () => {
    expect(failure(() => readKevCatalogue('cve,epss\nCVE-2026-1,0.1'))).toMatch(/^This file is not JSON/)
    expect(failure(() => readKevCatalogue('  \n'))).toMatch(/^The file is empty/)
    expect(failure(() => readKevCatalogue('<!doctype html><title>Sign in</title>'))).toMatch(/a web page/)
    expect(failure(() => readKevCatalogue('cveID,vendorProject,product\nCVE-2026-10001,Examplesoft,Gateway\n'))).toBe(
      "This is the CSV edition of CISA's KEV catalogue. Vigil reads its JSON feed, known_exploited_vulnerabilities.json, from the same page.",
    )
  })
})

describe('the KEV catalogue in a shape Vigil does not read', () => {
  const shape = (document: unknown) => failure(() => read(document))
  const prefix =
    "This looks like CISA's Known Exploited Vulnerabilities catalogue, but of a shape Vigil does not read: "

  it('names a missing list of vulnerabilities', () => {
    const { vulnerabilities: _, ...document } = catalogue([])
    expect(shape(document)).toBe(`${prefix}it has no vulnerabilities list.`)
  })

  it('names fields its entries have lost, when most entries lack them', () => {
    const renamed = [1, 2, 3].map((n) => ({ cveId: `CVE-2026-1000${n}`, added: '2026-03-02' }))
    expect(shape(catalogue(renamed))).toBe(`${prefix}its entries have no cveID; its entries have no dateAdded.`)
    const mostly = [
      entry('CVE-2026-10001'),
      { cveID: 'CVE-2026-10002', added: '2026-03-02' },
      { cveID: 'CVE-2026-10003', added: '2026-03-02' },
    ]
    expect(shape(catalogue(mostly))).toBe(`${prefix}most of its entries (2 of 3) have no dateAdded.`)
  })

  it('leaves out a single entry without a cveID rather than refusing the catalogue', () => {
    // JSON leaves out a member whose value is undefined: the entry has no cveID at all.
    const reading = read(catalogue([entry('CVE-2026-10001'), entry('CVE-2026-10002'), entry(undefined)]))
    expect(reading.catalogue.entries).toHaveLength(2)
    expect(reading.skipped).toBe(1)
    expect(reading.warnings).toEqual(['1 entry without a CVE id left out'])
  })

  it('names a catalogVersion that is missing or not date-like, and a missing dateReleased', () => {
    expect(shape(catalogue([entry('CVE-2026-10001')], { catalogVersion: 'v3' }))).toBe(
      `${prefix}its catalogVersion "v3" is not a date-like version (YYYY.MM.DD).`,
    )
    expect(shape(catalogue([entry('CVE-2026-10001')], { catalogVersion: 2026.03 }))).toBe(
      `${prefix}its catalogVersion "2026.03" is not a date-like version (YYYY.MM.DD).`,
    )
    expect(shape(catalogue([entry('CVE-2026-10001')], { catalogVersion: undefined, dateReleased: undefined }))).toBe(
      `${prefix}it has no catalogVersion; it has no dateReleased.`,
    )
  })
})

describe('detecting the KEV catalogue', () => {
  it('knows the catalogue by its list and its version or title', () => {
    expect(isKevDocument(catalogue([]))).toBe(true)
    expect(isKevDocument({ catalogVersion: '2026.03.02', vulnerabilities: [] })).toBe(true)
    expect(isKevDocument({ title: 'Known Exploited Vulnerabilities (mirror)', vulnerabilities: [] })).toBe(true)
  })

  it('does not take other JSON for it', () => {
    expect(isKevDocument({ vulnerabilities: [] })).toBe(false)
    expect(isKevDocument({ title: 'CISA Catalog of Known Exploited Vulnerabilities' })).toBe(false)
    expect(isKevDocument({ catalogVersion: '2026.03.02', vulnerabilities: {} })).toBe(false)
    expect(isKevDocument([])).toBe(false)
    expect(isKevDocument(null)).toBe(false)
    expect(isKevDocument('Known Exploited Vulnerabilities')).toBe(false)
  })
})
