import { describe, expect, it } from 'vitest'
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
})
