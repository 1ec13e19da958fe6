import { Center, Loader } from '@mantine/core'
import { lazy, Suspense, type ReactNode } from 'react'
import { Route, Switch, useLocation } from 'wouter'
import { sectionsWithoutScreen } from '@/data/navigation'
import { NotFoundScreen } from '@/screens/not-found/not-found-screen'
import { SectionUnavailableScreen } from '@/screens/section-unavailable/section-unavailable-screen'

// Each screen is its own chunk, loaded when its route is first opened, or earlier on intent.
const loadDashboard = () => import('@/screens/dashboard/dashboard-screen')
const loadRepositories = () => import('@/screens/repositories/repositories-screen')
const loadRepositoryDetails = () => import('@/screens/repository-details/repository-details-screen')
const loadPolicies = () => import('@/screens/policies/policies-screen')
const loadPolicyDocument = () => import('@/screens/policy-document/policy-document-screen')

const DashboardScreen = lazy(() => loadDashboard().then((m) => ({ default: m.DashboardScreen })))
const RepositoriesScreen = lazy(() => loadRepositories().then((m) => ({ default: m.RepositoriesScreen })))
const RepositoryDetailsScreen = lazy(() =>
  loadRepositoryDetails().then((m) => ({ default: m.RepositoryDetailsScreen })),
)
const PoliciesScreen = lazy(() => loadPolicies().then((m) => ({ default: m.PoliciesScreen })))
const PolicyDocumentScreen = lazy(() => loadPolicyDocument().then((m) => ({ default: m.PolicyDocumentScreen })))

interface ScreenRoute {
  path: string
  load: () => Promise<unknown>
  render: (params: Record<string, string>) => ReactNode
}

/** The routes of SPEC.md §2 that have a screen; `/repositories/{name}` is the recent projects' form. */
const screenRoutes: ScreenRoute[] = [
  { path: '/', load: loadDashboard, render: () => <DashboardScreen /> },
  { path: '/repositories', load: loadRepositories, render: () => <RepositoriesScreen /> },
  {
    path: '/repository/:repoName',
    load: loadRepositoryDetails,
    render: (params) => <RepositoryDetailsScreen repoName={params.repoName} />,
  },
  {
    path: '/repositories/:repoName',
    load: loadRepositoryDetails,
    render: (params) => <RepositoryDetailsScreen repoName={params.repoName} />,
  },
  { path: '/policies', load: loadPolicies, render: () => <PoliciesScreen /> },
  { path: '/policy', load: loadPolicyDocument, render: () => <PolicyDocumentScreen /> },
]

/** Whether a route pattern (with `:param` segments) matches a path. */
function matchesPattern(pattern: string, path: string): boolean {
  const patternParts = pattern.split('/')
  const pathParts = path.split('/')
  return (
    patternParts.length === pathParts.length &&
    patternParts.every((part, index) => (part.startsWith(':') ? pathParts[index] !== '' : part === pathParts[index]))
  )
}

/** Loads the chunk of the screen a path opens (prefetch on intent); paths without a screen need none. */
export function prefetchScreen(path: string): void {
  void screenRoutes
    .find((route) => matchesPattern(route.path, path))
    ?.load()
    .catch(() => undefined)
}

function ScreenLoading() {
  return (
    <Center py="xl" role="status" aria-label="Loading">
      <Loader size="sm" />
    </Center>
  )
}

const unavailableSections = sectionsWithoutScreen()

function NotFoundRoute() {
  const [path] = useLocation()
  return <NotFoundScreen path={path} />
}

/** The route table of SPEC.md §2. */
export function AppRoutes() {
  return (
    <Suspense fallback={<ScreenLoading />}>
      <Switch>
        {screenRoutes.map((route) => (
          <Route key={route.path} path={route.path}>
            {(params) => route.render(params as Record<string, string>)}
          </Route>
        ))}
        {unavailableSections.map((section) => (
          <Route key={section.url} path={section.url}>
            <SectionUnavailableScreen name={section.name} />
          </Route>
        ))}
        <Route>
          <NotFoundRoute />
        </Route>
      </Switch>
    </Suspense>
  )
}
