import { describe, expect, it } from 'vitest'
import type { EpssTable, KevCatalogue } from './catalogues'
import { catalogueDate, catalogueVersion, compareCatalogues } from './stored-catalogue'

const kev = (catalogVersion: string, dateReleased: string): KevCatalogue => ({
  kind: 'kev',
  catalogVersion,
  dateReleased,
  entries: [],
})

const epss = (scoreDate: string): EpssTable => ({
  kind: 'epss',
  scoreDate,
  modelVersion: 'v2025.03.14',
  keys: new Float64Array(),
  scores: new Float32Array(),
  percentiles: new Float32Array(),
})

describe('which catalogue is newer', () => {
  it('orders KEV catalogues by release time, then by version on the same release', () => {
    expect(
      compareCatalogues(kev('2026.12.05', '2026-12-05T14:00:00Z'), kev('2026.12.04', '2026-12-04T14:00:00Z')),
    ).toBeGreaterThan(0)
    expect(
      compareCatalogues(kev('2026.12.04', '2026-12-04T09:00:00Z'), kev('2026.12.04', '2026-12-04T14:00:00Z')),
    ).toBeLessThan(0)
    expect(compareCatalogues(kev('2026.12.04.2', 'not a date'), kev('2026.12.04', 'not a date'))).toBeGreaterThan(0)
    expect(
      compareCatalogues(kev('2026.12.04', '2026-12-04T14:00:00Z'), kev('2026.12.04', '2026-12-04T14:00:00Z')),
    ).toBe(0)
  })

  it('orders EPSS tables by their score date, and names each by its version and day', () => {
    expect(compareCatalogues(epss('2026-12-06'), epss('2026-12-05'))).toBeGreaterThan(0)
    expect(compareCatalogues(epss('2026-12-06'), epss('2026-12-06'))).toBe(0)
    expect(catalogueVersion(epss('2026-12-06'))).toBe('scores of 2026-12-06, model v2025.03.14')
    expect(catalogueVersion(kev('2026.12.04', '2026-12-04T14:00:00Z'))).toBe('version 2026.12.04')
    expect(catalogueDate(kev('2026.12.04', '2026-12-04T14:00:00Z'))).toBe('2026-12-04')
  })
})
