import { Center, Loader } from '@mantine/core'
import { Suspense } from 'react'
import { Route, Switch, useLocation } from 'wouter'
import { NotFoundScreen } from '@/screens/not-found'
import { SectionUnavailableScreen } from '@/screens/section-unavailable'
import { decodeSegment } from '@/app/exact-address'
import { appRoutes, sectionName } from './route-table'

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

/** The router over the route table. */
export function AppRoutes() {
  return (
    <Suspense fallback={<ScreenLoading />}>
      <Switch>
        {appRoutes.map(({ path, screen, ...route }) => (
          <Route key={path} path={path}>
            {(params) =>
              screen ? (
                screen.render(params as Record<string, string>)
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
