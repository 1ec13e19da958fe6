import { Center, Loader } from '@mantine/core'
import { lazy, Suspense } from 'react'
import { Route, Switch, useLocation } from 'wouter'
import { sectionsWithoutScreen } from '@/data/navigation'
import { NotFoundScreen } from '@/screens/not-found/not-found-screen'
import { SectionUnavailableScreen } from '@/screens/section-unavailable/section-unavailable-screen'

// Each screen is its own chunk, loaded when its route is first opened.
const DashboardScreen = lazy(() =>
  import('@/screens/dashboard/dashboard-screen').then((m) => ({ default: m.DashboardScreen })),
)
const RepositoriesScreen = lazy(() =>
  import('@/screens/repositories/repositories-screen').then((m) => ({ default: m.RepositoriesScreen })),
)
const RepositoryDetailsScreen = lazy(() =>
  import('@/screens/repository-details/repository-details-screen').then((m) => ({
    default: m.RepositoryDetailsScreen,
  })),
)
const PoliciesScreen = lazy(() =>
  import('@/screens/policies/policies-screen').then((m) => ({ default: m.PoliciesScreen })),
)
const PolicyDocumentScreen = lazy(() =>
  import('@/screens/policy-document/policy-document-screen').then((m) => ({ default: m.PolicyDocumentScreen })),
)

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
