import { Route, Switch, useLocation } from 'wouter'
import { sectionsWithoutScreen } from '@/data/navigation'
import { DashboardScreen } from '@/screens/dashboard/dashboard-screen'
import { NotFoundScreen } from '@/screens/not-found/not-found-screen'
import { PoliciesScreen } from '@/screens/policies/policies-screen'
import { PolicyDocumentScreen } from '@/screens/policy-document/policy-document-screen'
import { RepositoriesScreen } from '@/screens/repositories/repositories-screen'
import { RepositoryDetailsScreen } from '@/screens/repository-details/repository-details-screen'
import { SectionUnavailableScreen } from '@/screens/section-unavailable/section-unavailable-screen'

const unavailableSections = sectionsWithoutScreen()

function NotFoundRoute() {
  const [path] = useLocation()
  return <NotFoundScreen path={path} />
}

/** The route table of SPEC.md §2. */
export function AppRoutes() {
  return (
    <Switch>
      <Route path="/">
        <DashboardScreen />
      </Route>
      <Route path="/repositories">
        <RepositoriesScreen />
      </Route>
      <Route path="/repository/:repoName">{(params) => <RepositoryDetailsScreen repoName={params.repoName} />}</Route>
      <Route path="/repositories/:repoName">{(params) => <RepositoryDetailsScreen repoName={params.repoName} />}</Route>
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
  )
}
