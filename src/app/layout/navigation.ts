/** The sidebar's shapes (items, their icons, recent projects) and a breadcrumb's step; icons.tsx draws the icons. */

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

/** One step of a breadcrumb; the last has no link. */
export interface Crumb {
  label: string
  href?: string
}
