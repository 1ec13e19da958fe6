import { lazyScreen } from '@/components/lazy-screen'

/** The policy homepage (`/policies`), in a chunk of its own. */
export const policiesScreen = lazyScreen(
  () => import('./policies-screen'),
  (module) => module.PoliciesScreen,
)
