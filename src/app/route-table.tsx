import type { ComponentType, ReactNode } from 'react'
import { parse as parsePattern } from 'regexparam'
import { matchRoute } from 'wouter'
import { decodeSegment } from '@/app/exact-address'
import { DataSourceGate } from '@/components/data-source-gate'
import type { Crumb, NavigationIcon, NavigationItem } from './layout/navigation'
import type { FindingSeverity } from '@/data/findings'
import { apisScreen, type ApisView } from '@/screens/apis'
import { dashboardScreen } from '@/screens/dashboard'
import { dataSourcesScreen } from '@/screens/data-sources'
import { organizationsScreen, type OrganizationsSection } from '@/screens/organizations'
import { policiesScreen } from '@/screens/policies'
import { policyDocumentScreen } from '@/screens/policy-document'
import { repositoriesScreen } from '@/screens/repositories'
import { repositoryDetailsScreen } from '@/screens/repository-details'
import { vulnerabilitiesScreen } from '@/screens/vulnerabilities'

type Params = Record<string, string>

interface Screen {
  load: () => Promise<unknown>
  render: (params: Params) => ReactNode
}

type Trail = [Crumb, Crumb]

export interface AppRoute {
  /** A wouter pattern. */
  path: string
  /** The sidebar's label, and the section's name while it has no screen. */
  title: string
  /** None: the sidebar lists the section, but it has no screen yet. */
  screen?: Screen
  /** Every screen's breadcrumb; a path without a screen reads 'Building Your Application > Data Fetching'. */
  breadcrumb?: (params: Params) => Trail
  /** A top-level sidebar item, with its icon. */
  icon?: NavigationIcon
  /** A sidebar sub-item of the item at this path. */
  parent?: string
}

/** A screen that takes no parameters from its path. */
const plain = (screen: { load: () => Promise<unknown>; Component: ComponentType }): Screen => ({
  load: screen.load,
  render: () => <screen.Component />,
})

/** A screen that shows the data source's data: until the chosen source is read, its loading state shows instead. */
const fromSource = (screen: Screen): Screen => ({
  load: screen.load,
  render: (params) => <DataSourceGate preload={screen.load}>{screen.render(params)}</DataSourceGate>,
})

const platform = (label: string) => (): Trail => [{ label: 'Platform', href: '/' }, { label }]

const repositoryDetails = fromSource({
  load: repositoryDetailsScreen.load,
  render: (params) => <repositoryDetailsScreen.Component repoName={decodeSegment(params.repoName)} />,
})
const repositoryTrail = (params: Params): Trail => [
  { label: 'Repository', href: '/repositories' },
  { label: decodeSegment(params.repoName) },
]

const vulnerabilities = (severity: FindingSeverity | 'all'): Screen =>
  fromSource({
    load: vulnerabilitiesScreen.load,
    render: () => <vulnerabilitiesScreen.Component severity={severity} />,
  })

const apis = (view: ApisView): Screen =>
  fromSource({ load: apisScreen.load, render: () => <apisScreen.Component view={view} /> })

const organizations = (section: OrganizationsSection): Screen => ({
  load: organizationsScreen.load,
  render: () => <organizationsScreen.Component section={section} />,
})

/** The sub-items of a sidebar item; each with a screen reads "Parent > Title". */
const section = (
  parent: { path: string; title: string },
  children: [path: string, title: string, screen?: Screen][],
): AppRoute[] =>
  children.map(([path, title, screen]) => ({
    path,
    title,
    parent: parent.path,
    screen,
    breadcrumb: screen ? () => [{ label: parent.title, href: parent.path }, { label: title }] : undefined,
  }))

const vulnerabilitiesItem = { path: '/vulnerabilities', title: 'Vulnerabilities' }
const policiesItem = { path: '/policies', title: 'Policies' }
const apisItem = { path: '/apis', title: 'APIs' }
const organizationsItem = { path: '/organizations', title: 'Organizations' }

/** Every route: the router, the sidebar, prefetch on intent and the breadcrumbs read this one list. */
export const appRoutes: AppRoute[] = [
  { path: '/', title: 'Home', screen: fromSource(plain(dashboardScreen)), breadcrumb: platform('Home'), icon: 'home' },
  {
    path: '/repositories',
    title: 'Repositories',
    screen: fromSource(plain(repositoriesScreen)),
    breadcrumb: platform('All Repositories'),
    icon: 'repositories',
  },
  { path: '/repository/:repoName', title: 'Repository', screen: repositoryDetails, breadcrumb: repositoryTrail },
  // The recent projects' form of a repository's address.
  { path: '/repositories/:repoName', title: 'Repository', screen: repositoryDetails, breadcrumb: repositoryTrail },
  {
    ...vulnerabilitiesItem,
    icon: 'vulnerabilities',
    screen: vulnerabilities('all'),
    breadcrumb: platform('Vulnerabilities'),
  },
  ...section(vulnerabilitiesItem, [
    ['/vulnerabilities/critical', 'Critical', vulnerabilities('Critical')],
    ['/vulnerabilities/high', 'High', vulnerabilities('High')],
    ['/vulnerabilities/medium', 'Medium', vulnerabilities('Medium')],
    ['/vulnerabilities/low', 'Low', vulnerabilities('Low')],
  ]),
  { ...policiesItem, screen: fromSource(plain(policiesScreen)), breadcrumb: platform('Policies'), icon: 'policies' },
  ...section(policiesItem, [
    ['/policies/frontend-vite', 'Frontend (Vite)'],
    ['/policies/backend-express', 'Backend (Express)'],
    ['/policies/mobile-react-native', 'Mobile (React Native)'],
  ]),
  {
    path: '/policy',
    title: 'Policy document',
    screen: plain(policyDocumentScreen),
    breadcrumb: () => [{ label: 'Policies', href: '/policies' }, { label: 'Policy document' }],
  },
  { ...apisItem, icon: 'apis', screen: apis('all'), breadcrumb: platform('APIs') },
  ...section(apisItem, [
    ['/apis/rest', 'REST', apis('rest')],
    ['/apis/graphql', 'GraphQL', apis('graphql')],
    ['/apis/webhooks', 'Webhooks', apis('webhooks')],
    ['/apis/documentation', 'Documentation', apis('documentation')],
  ]),
  {
    ...organizationsItem,
    icon: 'organizations',
    screen: organizations('overview'),
    breadcrumb: platform('Organizations'),
  },
  ...section(organizationsItem, [
    ['/organizations/members', 'Members', organizations('members')],
    ['/organizations/teams', 'Teams', organizations('teams')],
    // The data-sources page: the workspace, its imports and the feed.
    ['/organizations/settings', 'Settings', plain(dataSourcesScreen)],
  ]),
]

/** The route a path opens, with its parameters, matched as wouter's router matches it. */
export function matchAppRoute(path: string): { route: AppRoute; params: Params } | undefined {
  for (const route of appRoutes) {
    const [matches, params] = matchRoute(parsePattern, route.path, path)
    if (matches) return { route, params: params as Params }
  }
  return undefined
}

/** The seed's trail, kept for the paths that have no screen. */
const otherPath: Trail = [{ label: 'Building Your Application' }, { label: 'Data Fetching' }]

/** The breadcrumb for a path: its screen's trail, else the seed's. */
export function breadcrumbsFor(path: string): Trail {
  const matched = matchAppRoute(path)
  return matched?.route.breadcrumb?.(matched.params) ?? otherPath
}

/** Loads the chunk of the screen a path opens (prefetch on intent); paths without a screen need none. */
export function prefetchScreen(path: string): void {
  void matchAppRoute(path)
    ?.route.screen?.load()
    .catch(() => undefined)
}

/** Each screen's chunk loader, once: what idle time after sign-in loads, so no later click waits for one. */
export const screenLoaders: (() => Promise<unknown>)[] = [
  ...new Set(appRoutes.flatMap((route) => (route.screen ? [route.screen.load] : []))),
]

/** The name a section without a screen shows: its title, after its parent's for a sub-item. */
export function sectionName(route: AppRoute): string {
  const parent = appRoutes.find((candidate) => candidate.path === route.parent)
  return parent ? `${parent.title}: ${route.title}` : route.title
}

/** The sidebar's 'Platform' group: the items with an icon, each with its sub-items. */
export const platformNavigation: NavigationItem[] = appRoutes.flatMap(({ path, title, icon }) => {
  if (!icon) return []
  const items = appRoutes
    .filter((child) => child.parent === path)
    .map((child) => ({ title: child.title, url: child.path }))
  return [{ title, url: path, icon, ...(items.length ? { items } : {}) }]
})
