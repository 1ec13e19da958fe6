import { describe, expect, it } from 'vitest'
import { listRepositories, type Repository } from '@/data/repositories'
import { repositoriesToCsv } from './repositories-csv'
import { repositoryColumns } from './repository-columns'

describe('the repository columns', () => {
  it("are the table's columns, in order, the last one a link named for screen readers", () => {
    expect(repositoryColumns.map((column) => column.header)).toEqual([
      'Repository',
      'Description',
      'Languages',
      'Visibility',
      'APIs',
      'Policy Issues',
      'Vulnerabilities',
      'Needs triage',
      'Open',
    ])
    expect(repositoryColumns.filter((column) => column.hiddenHeader).map((column) => column.id)).toEqual(['open'])
  })

  it('write the update time as its own CSV column and the link to details as none', () => {
    expect(repositoryColumns.flatMap((column) => column.csv.map(([header]) => header))).toEqual([
      'Repository',
      'Updated',
      'Description',
      'Languages',
      'Visibility',
      'APIs',
      'Policy Issues',
      'Vulnerabilities',
      'Needs triage',
    ])
  })

  it('write an unknown visibility as Unknown, and "Not scanned" where no scanner of the kind reported', () => {
    const sample = { ...listRepositories()[0], description: 'x' }
    const imported: Repository = {
      ...sample,
      name: 'imported',
      isPrivate: undefined,
      policyViolations: 0,
      vulnerabilities: 0,
      coverage: { policyIssues: false, vulnerabilities: true, apiSurface: true },
    }
    const [header, importedLine, sampleLine] = repositoriesToCsv([imported, sample]).trimEnd().split('\r\n')
    const cellsOf = (line: string) =>
      Object.fromEntries(header.split(',').map((name, at) => [name, line.split(',')[at]]))
    expect(cellsOf(importedLine)).toMatchObject({
      Visibility: 'Unknown',
      'Policy Issues': 'Not scanned',
      Vulnerabilities: '0',
    })
    expect(cellsOf(sampleLine)).toMatchObject({ Visibility: 'Public', 'Policy Issues': '4', Vulnerabilities: '2' })
  })
})
