/** The sidebar's 'Platform' group (SPEC.md §2). Icons are named here and drawn by the app shell. */

export type NavigationIcon = 'home' | 'repositories' | 'vulnerabilities' | 'policies' | 'apis' | 'organizations'

export interface NavigationChild {
  title: string
  url: string
}

export interface NavigationItem {
  title: string
  url: string
  icon: NavigationIcon
  items?: NavigationChild[]
}

export const platformNavigation: NavigationItem[] = [
  { title: 'Home', url: '/', icon: 'home' },
  { title: 'Repositories', url: '/repositories', icon: 'repositories' },
  {
    title: 'Vulnerabilities',
    url: '/vulnerabilities',
    icon: 'vulnerabilities',
    items: [
      { title: 'Critical', url: '/vulnerabilities/critical' },
      { title: 'High', url: '/vulnerabilities/high' },
      { title: 'Medium', url: '/vulnerabilities/medium' },
      { title: 'Low', url: '/vulnerabilities/low' },
    ],
  },
  {
    title: 'Policies',
    url: '/policies',
    icon: 'policies',
    items: [
      { title: 'Frontend (Vite)', url: '/policies/frontend-vite' },
      { title: 'Backend (Express)', url: '/policies/backend-express' },
      { title: 'Mobile (React Native)', url: '/policies/mobile-react-native' },
    ],
  },
  {
    title: 'APIs',
    url: '/apis',
    icon: 'apis',
    items: [
      { title: 'REST', url: '/apis/rest' },
      { title: 'GraphQL', url: '/apis/graphql' },
      { title: 'Webhooks', url: '/apis/webhooks' },
      { title: 'Documentation', url: '/apis/documentation' },
    ],
  },
  {
    title: 'Organizations',
    url: '/organizations',
    icon: 'organizations',
    items: [
      { title: 'Members', url: '/organizations/members' },
      { title: 'Teams', url: '/organizations/teams' },
      { title: 'Settings', url: '/organizations/settings' },
    ],
  },
]

/** URLs the sidebar links to that have a screen of their own (SPEC.md §2, route table). */
const screenUrls = new Set(['/', '/repositories', '/policies'])

/** The sidebar links that SPEC.md lists without a screen, each with the section name it shows. */
export function sectionsWithoutScreen(): { url: string; name: string }[] {
  return platformNavigation.flatMap((item) => [
    ...(screenUrls.has(item.url) ? [] : [{ url: item.url, name: item.title }]),
    ...(item.items ?? []).map((child) => ({ url: child.url, name: `${item.title}: ${child.title}` })),
  ])
}

/** The 'Recent projects' of the sidebar: each repository, linked by name. */
export interface ProjectItem {
  name: string
  url: string
  icon: 'repository'
}

export function recentProjects(repositoryNames: string[]): ProjectItem[] {
  return repositoryNames.map((name) => ({ name, url: `/repositories/${encodeURIComponent(name)}`, icon: 'repository' }))
}

/** An item is highlighted when its url, or any child's url, equals the current path. */
export function isNavigationItemActive(item: Pick<NavigationItem, 'url' | 'items'>, path: string): boolean {
  return item.url === path || (item.items ?? []).some((child) => child.url === path)
}
