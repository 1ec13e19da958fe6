import type { ReactNode } from 'react'
import { parse as parsePattern } from 'regexparam'
import { matchRoute } from 'wouter'
import { decodeSegment } from '@/app/exact-address'
import { lazyScreen } from '@/app/lazy-screen'
import type { Crumb, NavigationIcon, NavigationItem } from '@/data/navigation'
import type { FindingSeverity } from '@/data/findings'
import type { ApisView } from '@/screens/apis/apis-screen'
import type { OrganizationsSection } from '@/screens/organizations/organizations-screen'

// Each screen is its own chunk, loaded when its route is first opened, or earlier on intent.
const dashboard = lazyScreen(
  () => import('@/screens/dashboard/dashboard-screen'),
  (m) => m.DashboardScreen,
)
const repositoriesList = lazyScreen(
  () => import('@/screens/repositories/repositories-screen'),
  (m) => m.RepositoriesScreen,
)
const details = lazyScreen(
  () => import('@/screens/repository-details/repository-details-screen'),
  (m) => m.RepositoryDetailsScreen,
)
const policies = lazyScreen(
  () => import('@/screens/policies/policies-screen'),
  (m) => m.PoliciesScreen,
)
const policyDocument = lazyScreen(
  () => import('@/screens/policy-document/policy-document-screen'),
  (m) => m.PolicyDocumentScreen,
)
const vulnerabilityScreen = lazyScreen(
  () => import('@/screens/vulnerabilities/vulnerabilities-screen'),
  (m) => m.VulnerabilitiesScreen,
)
const apisScreen = lazyScreen(
  () => import('@/screens/apis/apis-screen'),
  (m) => m.ApisScreen,
)
const organizationsScreen = lazyScreen(
  () => import('@/screens/organizations/organizations-screen'),
  (m) => m.OrganizationsScreen,
)
const dataSources = lazyScreen(
  () => import('@/screens/data-sources/data-sources-screen'),
  (m) => m.DataSourcesScreen,
)

type Params = Record<string, string>

interface Screen {
  load: () => Promise<unknown>
  render: (params: Params) => ReactNode
}

export interface AppRoute {
  /** A wouter pattern. */
  path: string
  /** The sidebar's label, and the section's name while it has no screen. */
  title: string
  /** None: the section is listed by SPEC.md without a screen. */
  screen?: Screen
  /** SPEC.md §2's breadcrumb table; any other path reads 'Building Your Application > Data Fetching'. */
  breadcrumb?: (params: Params) => [Crumb, Crumb]
  /** A top-level sidebar item, with its icon. */
  icon?: NavigationIcon
  /** A sidebar sub-item of the item at this path. */
  parent?: string
}

const platform = (label: string) => (): [Crumb, Crumb] => [{ label: 'Platform', href: '/' }, { label }]

const repositoryDetails: Screen = {
  load: details.load,
  render: (params) => <details.Component repoName={decodeSegment(params.repoName)} />,
}

const vulnerabilities = (severity: FindingSeverity | 'all'): Screen => ({
  load: vulnerabilityScreen.load,
  render: () => <vulnerabilityScreen.Component severity={severity} />,
})

const apis = (view: ApisView): Screen => ({ load: apisScreen.load, render: () => <apisScreen.Component view={view} /> })

const organizations = (section: OrganizationsSection): Screen => ({
  load: organizationsScreen.load,
  render: () => <organizationsScreen.Component section={section} />,
})

const section = (parent: string, children: [path: string, title: string, screen?: Screen][]): AppRoute[] =>
  children.map(([path, title, screen]) => ({ path, title, parent, screen }))

/** Every route of SPEC.md §2: the router, the sidebar, prefetch on intent and the breadcrumbs read this. */
export const appRoutes: AppRoute[] = [
  {
    path: '/',
    title: 'Home',
    screen: { load: dashboard.load, render: () => <dashboard.Component /> },
    breadcrumb: platform('Home'),
    icon: 'home',
  },
  {
    path: '/repositories',
    title: 'Repositories',
    screen: { load: repositoriesList.load, render: () => <repositoriesList.Component /> },
    breadcrumb: platform('All Repositories'),
    icon: 'repositories',
  },
  {
    path: '/repository/:repoName',
    title: 'Repository',
    screen: repositoryDetails,
    breadcrumb: (params) => [{ label: 'Repository', href: '/repositories' }, { label: decodeSegment(params.repoName) }],
  },
  // The recent projects' form of a repository's address.
  { path: '/repositories/:repoName', title: 'Repository', screen: repositoryDetails },
  {
    path: '/vulnerabilities',
    title: 'Vulnerabilities',
    icon: 'vulnerabilities',
    screen: vulnerabilities('all'),
  },
  ...section('/vulnerabilities', [
    ['/vulnerabilities/critical', 'Critical', vulnerabilities('Critical')],
    ['/vulnerabilities/high', 'High', vulnerabilities('High')],
    ['/vulnerabilities/medium', 'Medium', vulnerabilities('Medium')],
    ['/vulnerabilities/low', 'Low', vulnerabilities('Low')],
  ]),
  {
    path: '/policies',
    title: 'Policies',
    screen: { load: policies.load, render: () => <policies.Component /> },
    breadcrumb: platform('Policies'),
    icon: 'policies',
  },
  ...section('/policies', [
    ['/policies/frontend-vite', 'Frontend (Vite)'],
    ['/policies/backend-express', 'Backend (Express)'],
    ['/policies/mobile-react-native', 'Mobile (React Native)'],
  ]),
  {
    path: '/policy',
    title: 'Policy document',
    screen: { load: policyDocument.load, render: () => <policyDocument.Component /> },
  },
  { path: '/apis', title: 'APIs', icon: 'apis', screen: apis('all') },
  ...section('/apis', [
    ['/apis/rest', 'REST', apis('rest')],
    ['/apis/graphql', 'GraphQL', apis('graphql')],
    ['/apis/webhooks', 'Webhooks', apis('webhooks')],
    ['/apis/documentation', 'Documentation', apis('documentation')],
  ]),
  { path: '/organizations', title: 'Organizations', icon: 'organizations', screen: organizations('overview') },
  ...section('/organizations', [
    ['/organizations/members', 'Members', organizations('members')],
    ['/organizations/teams', 'Teams', organizations('teams')],
    // The data-sources page: the workspace and its imports.
    ['/organizations/settings', 'Settings', { load: dataSources.load, render: () => <dataSources.Component /> }],
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

const otherPath: [Crumb, Crumb] = [{ label: 'Building Your Application' }, { label: 'Data Fetching' }]

/** The breadcrumb for a path, exactly as the table of SPEC.md §2. */
export function breadcrumbsFor(path: string): [Crumb, Crumb] {
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

/** The sidebar's 'Platform' group (SPEC.md §2). */
export const platformNavigation: NavigationItem[] = appRoutes.flatMap(({ path, title, icon }) => {
  if (!icon) return []
  const items = appRoutes
    .filter((child) => child.parent === path)
    .map((child) => ({ title: child.title, url: child.path }))
  return [{ title, url: path, icon, ...(items.length ? { items } : {}) }]
})
