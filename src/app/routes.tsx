import { Center, Loader } from '@mantine/core'
import { lazy, Suspense } from 'react'
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

/** Loads the chunk of the screen a path opens (for prefetch on intent); other paths need none. */
export function prefetchScreen(path: string): void {
  const loader =
    path === '/'
      ? loadDashboard
      : path === '/repositories'
        ? loadRepositories
        : /^\/repositor(y|ies)\/[^/]+$/.test(path)
          ? loadRepositoryDetails
          : path === '/policies'
            ? loadPolicies
            : path === '/policy'
              ? loadPolicyDocument
              : undefined
  void loader?.().catch(() => undefined)
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
        <Route path="/">
          <DashboardScreen />
        </Route>
        <Route path="/repositories">
          <RepositoriesScreen />
        </Route>
        <Route path="/repository/:repoName">{(params) => <RepositoryDetailsScreen repoName={params.repoName} />}</Route>
        <Route path="/repositories/:repoName">
          {(params) => <RepositoryDetailsScreen repoName={params.repoName} />}
        </Route>
        <Route path="/policies">
          <PoliciesScreen />
        </Route>
        <Route path="/policy">
          <PolicyDocumentScreen />
        </Route>
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
