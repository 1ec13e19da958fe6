import { lazyScreen } from '@/components/lazy-screen'

export type { OrganizationsSection } from './organizations-screen'

/** The organisation's overview, members and teams (`/organizations`), in a chunk of its own. */
export const organizationsScreen = lazyScreen(
  () => import('./organizations-screen'),
  (module) => module.OrganizationsScreen,
)
