import { describe, expect, it } from 'vitest'
import { breadcrumbsFor } from './breadcrumbs'

describe('breadcrumbsFor', () => {
  it.each([
    ['/', 'Platform > Home'],
    ['/repositories', 'Platform > All Repositories'],
    ['/repository/nexus-api', 'Repository > nexus-api'],
    ['/repository/my%20repo', 'Repository > my repo'],
    ['/repository/bad%E0', 'Repository > bad%E0'],
    ['/policies', 'Platform > Policies'],
    ['/policy', 'Building Your Application > Data Fetching'],
    ['/vulnerabilities/critical', 'Building Your Application > Data Fetching'],
    ['/repository/a/b', 'Building Your Application > Data Fetching'],
  ])('%s reads %s', (path, expected) => {
    expect(
      breadcrumbsFor(path)
        .map((crumb) => crumb.label)
        .join(' > '),
    ).toBe(expected)
  })
})
