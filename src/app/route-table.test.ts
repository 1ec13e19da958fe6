import { describe, expect, it } from 'vitest'
import { breadcrumbsFor, matchAppRoute, platformNavigation, sectionName } from './route-table'

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

describe('the route table', () => {
  it("gives the sidebar SPEC.md's Platform group: six items and their sub-items, in order", () => {
    expect(platformNavigation.map((item) => [item.url, (item.items ?? []).map((child) => child.url)])).toEqual([
      ['/', []],
      ['/repositories', []],
      [
        '/vulnerabilities',
        ['/vulnerabilities/critical', '/vulnerabilities/high', '/vulnerabilities/medium', '/vulnerabilities/low'],
      ],
      ['/policies', ['/policies/frontend-vite', '/policies/backend-express', '/policies/mobile-react-native']],
      ['/apis', ['/apis/rest', '/apis/graphql', '/apis/webhooks', '/apis/documentation']],
      ['/organizations', ['/organizations/members', '/organizations/teams', '/organizations/settings']],
    ])
  })

  it('matches paths as the router does, with parameters', () => {
    expect(matchAppRoute('/repository/nexus-api')?.params.repoName).toBe('nexus-api')
    expect(matchAppRoute('/repositories/nexus-api')?.route.path).toBe('/repositories/:repoName')
    expect(matchAppRoute('/repositories')?.route.screen).toBeDefined()
    expect(matchAppRoute('/apis/rest')?.route.screen).toBeDefined()
    expect(matchAppRoute('/policies/backend-express')?.route.screen).toBeUndefined()
    expect(matchAppRoute('/no/such/page')).toBeUndefined()
  })

  it('names a section without a screen after its parent', () => {
    const named = (path: string) => sectionName(matchAppRoute(path)!.route)
    expect(named('/vulnerabilities')).toBe('Vulnerabilities')
    expect(named('/policies/mobile-react-native')).toBe('Policies: Mobile (React Native)')
  })
})
