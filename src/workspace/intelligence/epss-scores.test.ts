import { describe, expect, it } from 'vitest'
import { CatalogueError } from './catalogues'
import { cveKey } from './cve-key'
import { epssOf, looksLikeEpss, readEpssScores, scoreDateFromFileName } from './epss-scores'

const METADATA = '#model_version:v2025.03.14,score_date:2026-03-20T00:00:00+0000'
const HEADER = 'cve,epss,percentile'

/** A made-up EPSS file in FIRST's format: the metadata line, the header, the rows. */
const file = (rows: string[], lines: string[] = [METADATA, HEADER]) => [...lines, ...rows].join('\n') + '\n'

const ROWS = ['CVE-1999-0001,0.01234,0.56789', 'CVE-2021-44228,0.94400,0.99950', 'CVE-2024-3094,0.85012,0.98877']

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

describe('CVE keys', () => {
  it.each([
    ['CVE-2021-44228', 2021 * 1e8 + 44228],
    ['cve-2021-44228', 2021 * 1e8 + 44228],
    [' CVE-1999-0001 ', 1999 * 1e8 + 1],
    ['CVE-2024-12345678', 2024 * 1e8 + 12345678],
    ['CVE-2021-0123', 2021 * 1e8 + 123],
  ])('reads %j as %d', (id, key) => {
    expect(cveKey(id)).toBe(key)
  })

  it.each([
    'CVE-2024-123456789',
    'CVE-2021-01234',
    'CVE-2021-123',
    'CVE-21-44228',
    'CVE-2021-4422x',
    'CVE 2021 44228',
    'GHSA-jfh8-c2jp-5v3q',
    '',
  ])('refuses %j', (id) => {
    expect(cveKey(id)).toBeUndefined()
  })
})

describe("reading FIRST's EPSS scores", () => {
  it('reads the model version, the score date and the rows, sorted by CVE', () => {
    const { catalogue: table, skipped, warnings } = readEpssScores(file([ROWS[2], ROWS[0], ROWS[1]]))
    expect(skipped).toBe(0)
    expect(warnings).toEqual([])
    expect(table.kind).toBe('epss')
    expect(table.modelVersion).toBe('v2025.03.14')
    expect(table.scoreDate).toBe('2026-03-20')
    expect([...table.keys]).toEqual([1999 * 1e8 + 1, 2021 * 1e8 + 44228, 2024 * 1e8 + 3094])
    expect(table.scores).toBeInstanceOf(Float32Array)
    expect(table.percentiles).toHaveLength(3)
    expect(epssOf(table, 'CVE-2021-44228')).toEqual({ score: 0.944, percentile: 0.9995 })
    expect(epssOf(table, 'cve-1999-0001')).toEqual({ score: 0.01234, percentile: 0.56789 })
    expect(epssOf(table, 'CVE-2024-3094')).toEqual({ score: 0.85012, percentile: 0.98877 })
  })

  it('finds nothing for a CVE it does not score, or an id that is not a CVE', () => {
    const { catalogue: table } = readEpssScores(file(ROWS))
    expect(epssOf(table, 'CVE-2021-44229')).toBeUndefined()
    expect(epssOf(table, 'CVE-1998-0001')).toBeUndefined()
    expect(epssOf(table, 'CVE-2030-0001')).toBeUndefined()
    expect(epssOf(table, 'GHSA-jfh8-c2jp-5v3q')).toBeUndefined()
  })

  it('reads a byte-order mark, CRLF line ends and blank lines', () => {
    const text = '\uFEFF' + [METADATA, HEADER, ROWS[0], '', ROWS[1], '  ', ROWS[2], '', ''].join('\r\n')
    const { catalogue: table, skipped } = readEpssScores(text)
    expect(table.keys).toHaveLength(3)
    expect(table.modelVersion).toBe('v2025.03.14')
    expect(skipped).toBe(0)
  })

  it('reads the metadata written on two lines', () => {
    const { catalogue: table } = readEpssScores(
      file(ROWS, ['#model_version:v2025.03.14', '#score_date:2026-03-21', HEADER]),
    )
    expect(table).toMatchObject({ modelVersion: 'v2025.03.14', scoreDate: '2026-03-21' })
  })

  it('reads columns by their names, in any order and among others', () => {
    const { catalogue: table } = readEpssScores(
      file(['0.99,extra,0.5,CVE-2021-44228', '0.2,,0.1,CVE-2022-0001'], [METADATA, 'Percentile,note,EPSS,"cve"']),
    )
    expect(epssOf(table, 'CVE-2021-44228')).toEqual({ score: 0.5, percentile: 0.99 })
    expect(epssOf(table, 'CVE-2022-0001')).toEqual({ score: 0.1, percentile: 0.2 })
  })

  it('keeps the last row of a CVE scored twice', () => {
    const {
      catalogue: table,
      skipped,
      warnings,
    } = readEpssScores(file(['CVE-2021-44228,0.1,0.2', ROWS[0], 'cve-2021-44228,0.3,0.4', 'CVE-2021-44228,0.5,0.6']))
    expect(table.keys).toHaveLength(2)
    expect(epssOf(table, 'CVE-2021-44228')).toEqual({ score: 0.5, percentile: 0.6 })
    expect(skipped).toBe(0)
    expect(warnings).toEqual(['2 rows repeating a CVE scored before: the last row kept for each CVE'])
  })

  it('leaves out, and counts, a row whose score is not a number from 0 to 1', () => {
    const {
      catalogue: table,
      skipped,
      warnings,
    } = readEpssScores(
      file([
        ...ROWS,
        'CVE-2022-0001,1.5,0.5',
        'CVE-2022-0002,-0.1,0.5',
        'CVE-2022-0003,,0.5',
        'CVE-2022-0004,n/a,0.5',
        'CVE-2022-0005,0.5,2',
        'not-a-cve,0.5,0.5',
        'CVE-2022-0006,0.5',
        'CVE-2022-0007,0.0001,0.01',
        'CVE-2022-0008,1,1',
        'CVE-2022-0009,0,0',
        'CVE-2022-0010,1e-5,0.01',
      ]),
    )
    expect(table.keys).toHaveLength(7)
    expect(skipped).toBe(7)
    expect(epssOf(table, 'CVE-2022-0001')).toBeUndefined()
    expect(epssOf(table, 'CVE-2022-0008')).toEqual({ score: 1, percentile: 1 })
    expect(epssOf(table, 'CVE-2022-0010')).toEqual({ score: 0.00001, percentile: 0.01 })
    expect(warnings).toEqual([
      '7 rows not a CVE with a score and a percentile from 0 to 1 left out (the first, line 6: "CVE-2022-0001,1.5,0.5")',
    ])
  })

  it('refuses a file whose rows are mostly unreadable', () => {
    const message = failure(() => readEpssScores(file([ROWS[0], 'CVE-2022-0001,high,0.5', 'CVE-2022-0002,low,0.1'])))
    expect(message).toMatch(/^Most rows of this EPSS file \(2 of 3\) are not a CVE with a score/)
    expect(message).toContain('(the first, line 4: "CVE-2022-0001,high,0.5")')
  })

  it('leaves out, and counts, the last row of a file cut short', () => {
    const cut = file(ROWS) + 'CVE-2024-5'
    const { catalogue: table, skipped, warnings } = readEpssScores(cut)
    expect(table.keys).toHaveLength(3)
    expect(skipped).toBe(1)
    expect(warnings).toEqual(['The last row is cut short (the file may be incomplete): left out'])
    expect(readEpssScores(file(ROWS) + 'CVE-2024-5000,0.1').skipped).toBe(1)
  })

  it('reads a last row without a line break when it is whole', () => {
    const { catalogue: table, skipped } = readEpssScores([METADATA, HEADER, ...ROWS].join('\n'))
    expect(table.keys).toHaveLength(3)
    expect(skipped).toBe(0)
  })

  it('reads 250,000 rows', () => {
    const rows: string[] = [METADATA, HEADER]
    for (let index = 0; index < 250_000; index++) {
      const year = 1999 + (index % 27)
      const score = ((index % 1000) / 1000).toFixed(5)
      rows.push(`CVE-${year}-${String(10_000 + index).padStart(5, '0')},${score},${score}`)
    }
    const { catalogue: table, skipped } = readEpssScores(rows.join('\n') + '\n')
    expect(table.keys).toHaveLength(250_000)
    expect(skipped).toBe(0)
    // Row 123,456: year 1999 + 123456 % 27 = 2011, score (123456 % 1000) / 1000.
    expect(epssOf(table, 'CVE-2011-133456')).toEqual({ score: 0.456, percentile: 0.456 })
    expect(table.keys.every((key, index) => index === 0 || key > table.keys[index - 1])).toBe(true)
  })
})

describe('the score date', () => {
  const withoutMetadata = file(ROWS, [HEADER])

  it('comes from the date given with a file that has no #model_version line', () => {
    const { catalogue: table, warnings } = readEpssScores(withoutMetadata, '2026-03-19')
    expect(table.scoreDate).toBe('2026-03-19')
    expect(table.modelVersion).toBeUndefined()
    expect(warnings).toEqual([
      'The file gives no score date: its scores are taken as of 2026-03-19, the date given with it (its name)',
    ])
  })

  it("is the file's own when it gives one", () => {
    expect(readEpssScores(file(ROWS), '2020-01-01').catalogue.scoreDate).toBe('2026-03-20')
  })

  it('is refused when there is none at all', () => {
    expect(failure(() => readEpssScores(withoutMetadata))).toMatch(/^This EPSS file does not say the day of its scores/)
    expect(failure(() => readEpssScores(withoutMetadata, 'yesterday'))).toMatch(/does not say the day/)
  })

  it.each([
    ['epss_scores-2026-03-20.csv', '2026-03-20'],
    ['epss_scores-2026-03-20.csv.gz', '2026-03-20'],
    ['downloads/EPSS_SCORES-2026-03-20 (1).csv', '2026-03-20'],
    ['epss_scores-current.csv', undefined],
    ['epss_scores-2026-02-30.csv', undefined],
    ['scan-2026-03-20.csv', undefined],
  ])('is read from the file name %j as %j', (name, date) => {
    expect(scoreDateFromFileName(name)).toBe(date)
  })
})

describe('a file that is not EPSS scores', () => {
  it('refuses an empty file', () => {
    expect(failure(() => readEpssScores(''))).toMatch(/^The file is empty/)
    expect(failure(() => readEpssScores('\uFEFF\r\n\n'))).toMatch(/^The file is empty/)
  })

  it('refuses a file that ends after its header', () => {
    expect(failure(() => readEpssScores(file([])))).toMatch(/^This EPSS file holds no scores/)
  })

  it('refuses a CSV of other columns, naming the columns it expected', () => {
    expect(failure(() => readEpssScores('id,severity,package\nCVE-2021-44228,critical,log4j-core\n'))).toBe(
      'This CSV file is not EPSS scores: its columns are "id", "severity", "package", and Vigil expected the columns cve, epss and percentile (cve, epss, percentile missing). Vigil reads FIRST\'s daily EPSS scores (epss_scores-YYYY-MM-DD.csv, from first.org/epss/data_stats).',
    )
    expect(failure(() => readEpssScores('cve,epss\nCVE-2021-44228,0.9\n'))).toMatch(/\(percentile missing\)/)
  })

  it('refuses rows without a header, and JSON', () => {
    expect(failure(() => readEpssScores(ROWS.join('\n')))).toMatch(/^This EPSS file has no header line/)
    expect(failure(() => readEpssScores('{"status":"OK","data":[]}'))).toMatch(/^This file is JSON/)
  })
})

describe('detecting EPSS scores', () => {
  it.each([
    [file(ROWS), true],
    ['\uFEFF\r\n' + file(ROWS), true],
    [file(ROWS, [HEADER]), true],
    [file(ROWS, ['percentile,"EPSS",cve']), true],
    ['id,severity\nCVE-2021-44228,critical\n', false],
    ['{"vulnerabilities":[]}', false],
    ['', false],
  ])('tells %j', (text, epss) => {
    expect(looksLikeEpss(text)).toBe(epss)
  })
})
