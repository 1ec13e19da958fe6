import { Center, Loader } from '@mantine/core'
import { Suspense } from 'react'
import { Route, Switch, useLocation } from 'wouter'
import { NotFoundScreen } from '@/screens/not-found'
import { SectionUnavailableScreen } from '@/screens/section-unavailable'
import { decodeSegment } from '@/app/exact-address'
import { appRoutes, sectionName } from './route-table'
import { ScreenErrorBoundary } from './screen-error-boundary'

function ScreenLoading() {
  return (
    <Center py="xl" role="status" aria-label="Loading">
      <Loader size="sm" />
    </Center>
  )
}

function NotFoundRoute() {
  const [path] = useLocation()
  return <NotFoundScreen path={decodeSegment(path)} />
}

/** The router over the route table; each screen in its own error boundary, started afresh at another address. */
export function AppRoutes() {
  const [address] = useLocation()
  return (
    <Suspense fallback={<ScreenLoading />}>
      <Switch>
        {appRoutes.map(({ path, screen, ...route }) => (
          <Route key={path} path={path}>
            {(params) =>
              screen ? (
                <ScreenErrorBoundary key={address}>
                  {screen.render(params as Record<string, string>)}
                </ScreenErrorBoundary>
              ) : (
                <SectionUnavailableScreen name={sectionName({ path, ...route })} />
              )
            }
          </Route>
        ))}
        <Route>
          <NotFoundRoute />
        </Route>
      </Switch>
    </Suspense>
  )
}
