import { lazyScreen } from '@/components/lazy-screen'

/** The dashboard (`/`), in a chunk of its own. */
export const dashboardScreen = lazyScreen(
  () => import('./dashboard-screen'),
  (module) => module.DashboardScreen,
)
