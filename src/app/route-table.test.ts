import { describe, expect, it } from 'vitest'
import { breadcrumbsFor, matchAppRoute, platformNavigation, sectionName } from './route-table'

describe('breadcrumbsFor', () => {
  const trail = (path: string) =>
    breadcrumbsFor(path)
      .map((crumb) => crumb.label)
      .join(' > ')

  it.each([
    // The trails that never change (docs/architecture.md, Breadcrumbs), exactly.
    ['/', 'Platform > Home'],
    ['/repositories', 'Platform > All Repositories'],
    ['/repository/nexus-api', 'Repository > nexus-api'],
    ['/policies', 'Platform > Policies'],
    // A repository by either form of its address, names decoded once (or kept when undecodable).
    ['/repositories/nexus-api', 'Repository > nexus-api'],
    ['/repository/my%20repo', 'Repository > my repo'],
    ['/repository/bad%E0', 'Repository > bad%E0'],
    // Every other screen gets a real trail.
    ['/policy', 'Policies > Policy document'],
    ['/vulnerabilities', 'Platform > Vulnerabilities'],
    ['/vulnerabilities/critical', 'Vulnerabilities > Critical'],
    ['/vulnerabilities/high', 'Vulnerabilities > High'],
    ['/vulnerabilities/medium', 'Vulnerabilities > Medium'],
    ['/vulnerabilities/low', 'Vulnerabilities > Low'],
    ['/apis', 'Platform > APIs'],
    ['/apis/rest', 'APIs > REST'],
    ['/apis/graphql', 'APIs > GraphQL'],
    ['/apis/webhooks', 'APIs > Webhooks'],
    ['/apis/documentation', 'APIs > Documentation'],
    ['/organizations', 'Platform > Organizations'],
    ['/organizations/members', 'Organizations > Members'],
    ['/organizations/teams', 'Organizations > Teams'],
    ['/organizations/settings', 'Organizations > Settings'],
    // Paths without a screen keep the seed's trail.
    ['/policies/frontend-vite', 'Building Your Application > Data Fetching'],
    ['/policies/backend-express', 'Building Your Application > Data Fetching'],
    ['/policies/mobile-react-native', 'Building Your Application > Data Fetching'],
    ['/repository/a/b', 'Building Your Application > Data Fetching'],
    ['/no/such/page', 'Building Your Application > Data Fetching'],
  ])('%s reads %s', (path, expected) => {
    expect(trail(path)).toBe(expected)
  })

  it('gives every sidebar path with a screen a trail of its own, linked to where it sits', () => {
    const paths = platformNavigation.flatMap((item) => [item.url, ...(item.items ?? []).map((child) => child.url)])
    expect(paths).toHaveLength(20)
    for (const path of paths) {
      const withScreen = !!matchAppRoute(path)?.route.screen
      const [section, page] = breadcrumbsFor(path)
      expect(section.label === 'Building Your Application', path).toBe(!withScreen)
      if (withScreen) expect(section.href, path).toBeDefined()
      expect(page.href, path).toBeUndefined()
    }
  })
})

describe('the route table', () => {
  it("gives the sidebar's Platform group: six items and their sub-items, in order", () => {
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
